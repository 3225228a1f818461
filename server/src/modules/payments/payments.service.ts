import { MESSAGES, SERVER_LIMITS } from '@curbside/shared';
import type Stripe from 'stripe';
import type { DataSource, EntityManager } from 'typeorm';
import type { Config } from '../../config';
import { isUniqueViolation } from '../../db/errors';
import { runInTransaction } from '../../db/transaction';
import { lockUser, type Quota, quotaRefusal, recentCreations } from '../../lib/sliding-window';
import { PaymentEntity } from './payment.entity';
import { PaymentWebhookEventEntity } from './payment-webhook-event.entity';
import type { PaymentClientConfig, PaymentProvider } from './provider';
import { createStripeClient, type StripeClientOptions, StripePaymentProvider } from './stripe-provider';
import { TestPaymentProvider } from './test-provider';

const S = MESSAGES.server;

/**
 * Payments one user may start in any hour. Each may mail the address given at checkout (the provider's receipt, the
 * order's confirmation), so this also bounds the mail one account can send to other people's inboxes.
 */
export const PAYMENTS_PER_HOUR: Quota = {
  limit: SERVER_LIMITS.paymentsPerUserPerHour,
  windowMs: SERVER_LIMITS.quotaHourMs,
};

/** A payment row as checkout asks for it: everything but the ids and states this service sets. */
export type NewPayment = Pick<
  PaymentEntity,
  'userId' | 'amount' | 'subtotal' | 'shipping' | 'tax' | 'shippingDetails' | 'cart'
>;

/**
 * The card payment provider and the payment records: the `payments` rows (what the server asked the provider for,
 * and how it ended) and the handled Stripe webhook events. Every write to those tables is here; checkout drives the
 * flow and orders link the payment they were made from.
 */
export class PaymentsService {
  constructor(
    private readonly deps: {
      ds: DataSource;
      provider: PaymentProvider;
      /** The Stripe client (webhook signatures); null in test mode. */
      stripe: Stripe | null;
      webhookSecret: string | null;
      publishableKey: string | null;
    },
  ) {}

  get provider(): PaymentProvider {
    return this.deps.provider;
  }

  get stripe(): Stripe | null {
    return this.deps.stripe;
  }

  get webhookSecret(): string | null {
    return this.deps.webhookSecret;
  }

  clientConfig(): PaymentClientConfig {
    return { provider: this.deps.provider.name, publishableKey: this.deps.publishableKey };
  }

  private get rows() {
    return this.deps.ds.getRepository(PaymentEntity);
  }

  /**
   * Records a payment about to be created at the provider, counted against PAYMENTS_PER_HOUR under the user's lock so
   * a parallel burst cannot start more. Its provider id is a unique placeholder until `attachProviderId`.
   */
  start(payment: NewPayment, now: Date): Promise<PaymentEntity> {
    return runInTransaction(this.deps.ds, async (em) => {
      await lockUser(em, payment.userId);
      const recent = await recentCreations(em, PaymentEntity, { userId: payment.userId }, PAYMENTS_PER_HOUR, now);
      const refusal = quotaRefusal(PAYMENTS_PER_HOUR, recent, now, S.paymentsPerHourReached(PAYMENTS_PER_HOUR.limit));
      if (refusal) throw refusal;
      const rows = em.getRepository(PaymentEntity);
      return rows.save(
        rows.create({
          ...payment,
          provider: this.deps.provider.name,
          providerPaymentId: `pending:${payment.userId}:${Date.now()}:${Math.random().toString(36).slice(2)}`,
          currency: 'usd',
          status: 'requires_payment',
          orderId: null,
        }),
      );
    });
  }

  async attachProviderId(paymentRowId: number, providerPaymentId: string): Promise<void> {
    await this.rows.update({ id: paymentRowId }, { providerPaymentId });
  }

  /** The payment of a provider id, as this server recorded it (any provider when `provider` is not given). */
  find(providerPaymentId: string, provider?: PaymentEntity['provider']): Promise<PaymentEntity | null> {
    return this.rows.findOneBy(provider ? { providerPaymentId, provider } : { providerPaymentId });
  }

  /** A payment still waiting for the card failed; false when it was not waiting (a repeated report). */
  async markFailed(where: { id: number } | { providerPaymentId: string }): Promise<boolean> {
    const result = await this.rows.update({ ...where, status: 'requires_payment' }, { status: 'failed' });
    return Boolean(result.affected);
  }

  async markRefunded(where: { id: number } | { providerPaymentId: string }): Promise<void> {
    await this.rows.update(where, { status: 'refunded' });
  }

  /** Inside the transaction that made the order: the payment succeeded and made `orderId`. */
  async linkOrder(em: EntityManager, paymentRowId: number, orderId: number): Promise<void> {
    await em.update(PaymentEntity, { id: paymentRowId }, { status: 'succeeded', orderId });
  }

  /** True when this event of the provider (a Stripe webhook delivery) was handled already. */
  webhookEventHandled(providerEventId: string): Promise<boolean> {
    return this.deps.ds.getRepository(PaymentWebhookEventEntity).existsBy({ providerEventId });
  }

  /** Records a handled Stripe event; false when another delivery of the same event was recorded first. */
  async recordWebhookEvent(event: { providerEventId: string; type: string }): Promise<boolean> {
    try {
      await this.deps.ds
        .getRepository(PaymentWebhookEventEntity)
        .insert({ provider: 'stripe', ...event, receivedAt: new Date() });
      return true;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      return false;
    }
  }
}

/** Stripe when config.stripe is set (all three keys), else the built-in test provider. */
export function createPayments(ds: DataSource, config: Config, stripeApi: StripeClientOptions = {}): PaymentsService {
  if (!config.stripe) {
    return new PaymentsService({
      ds,
      provider: new TestPaymentProvider(ds, config.sessionSecret),
      stripe: null,
      webhookSecret: null,
      publishableKey: null,
    });
  }
  const stripe = createStripeClient(config.stripe.secretKey, stripeApi);
  return new PaymentsService({
    ds,
    provider: new StripePaymentProvider(stripe),
    stripe,
    webhookSecret: config.stripe.webhookSecret,
    publishableKey: config.stripe.publishableKey,
  });
}
