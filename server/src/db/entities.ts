import { EmailVerificationTokenEntity } from '../modules/accounts/email-verification-token.entity';
import { LoginFailureEntity } from '../modules/accounts/login-failure.entity';
import { PasswordResetRequestEntity } from '../modules/accounts/password-reset-request.entity';
import { PasswordResetTokenEntity } from '../modules/accounts/password-reset-token.entity';
import { RegistrationAttemptEntity } from '../modules/accounts/registration-attempt.entity';
import { RevokedSessionEntity } from '../modules/accounts/revoked-session.entity';
import { UserEntity } from '../modules/accounts/user.entity';
import { AdvertisementEntity } from '../modules/ads/advertisement.entity';
import { CarEntity } from '../modules/cars/car.entity';
import { CarEditEntity } from '../modules/cars/car-edit.entity';
import { CarImageEntity } from '../modules/cars/car-image.entity';
import { CartItemEntity } from '../modules/cart/cart-item.entity';
import { EventEntity } from '../modules/events/event.entity';
import { HallOfFameMonthEntity, HallOfFamePlaceEntity } from '../modules/hall-of-fame/hall-of-fame.entity';
import { ModerationActionEntity } from '../modules/moderation/moderation-action.entity';
import { ModerationFlagEntity } from '../modules/moderation/moderation-flag.entity';
import { NewsletterSignupLockEntity } from '../modules/newsletter/newsletter-signup-lock.entity';
import { NewsletterSubscriptionEntity } from '../modules/newsletter/newsletter-subscription.entity';
import { OrderEntity } from '../modules/orders/order.entity';
import { OrderItemEntity } from '../modules/orders/order-item.entity';
import { OrderStatusChangeEntity } from '../modules/orders/order-status-change.entity';
import { PaymentEntity } from '../modules/payments/payment.entity';
import { PaymentWebhookEventEntity } from '../modules/payments/payment-webhook-event.entity';
import { TestProviderPaymentEntity } from '../modules/payments/test-provider-payment.entity';
import { PhotoMatchEntity } from '../modules/photo-matches/photo-match.entity';
import { ProductEntity } from '../modules/products/product.entity';
import { SiteSettingsEntity } from '../modules/settings/site-settings.entity';
import { SitemapBlockEntity } from '../modules/share/sitemap-block.entity';
import {
  CardVoteTotalsEntity,
  CarTotalsEntity,
  ProductSalesMonthEntity,
  SalesMonthEntity,
  VoteTotalsEntity,
} from '../modules/stats/aggregates.entity';
import { SuspensionRecordEntity } from '../modules/suspensions/suspension-record.entity';
import { ApiTokenEntity } from '../modules/tokens/api-token.entity';
import { CarMonthlyVotesEntity } from '../modules/votes/car-monthly-votes.entity';
import { CardVoteEntity } from '../modules/votes/card-vote.entity';
import { VoteEntity } from '../modules/votes/vote.entity';
import { VoteLimitEntity } from '../modules/votes/vote-limit.entity';
import { VoteVoidEntity } from '../modules/votes/vote-void.entity';

/** Every entity of the data model. Migrations in ./migrations/{sqlite,mysql} must match these exactly. */
export const entities = [
  // accounts
  UserEntity,
  PasswordResetTokenEntity,
  EmailVerificationTokenEntity,
  LoginFailureEntity,
  PasswordResetRequestEntity,
  RegistrationAttemptEntity,
  RevokedSessionEntity,
  ApiTokenEntity,
  SuspensionRecordEntity,
  // showcase
  CarEntity,
  CarImageEntity,
  CarEditEntity,
  PhotoMatchEntity,
  VoteEntity,
  VoteVoidEntity,
  VoteLimitEntity,
  CarMonthlyVotesEntity,
  CardVoteEntity,
  // shop
  ProductEntity,
  CartItemEntity,
  PaymentEntity,
  PaymentWebhookEventEntity,
  TestProviderPaymentEntity,
  OrderEntity,
  OrderItemEntity,
  OrderStatusChangeEntity,
  // site
  EventEntity,
  HallOfFameMonthEntity,
  HallOfFamePlaceEntity,
  AdvertisementEntity,
  SiteSettingsEntity,
  // moderation
  ModerationFlagEntity,
  ModerationActionEntity,
  NewsletterSubscriptionEntity,
  NewsletterSignupLockEntity,
  // running totals and the sitemap's blocks (kept by triggers)
  CarTotalsEntity,
  VoteTotalsEntity,
  CardVoteTotalsEntity,
  SalesMonthEntity,
  ProductSalesMonthEntity,
  SitemapBlockEntity,
];
