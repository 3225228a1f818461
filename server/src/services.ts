import type { DataSource } from 'typeorm';
import type { Config } from './config';
import { ImageQueue } from './lib/image-queue';
import type { Log } from './lib/log';
import type { Mailer } from './lib/mailer';
import { SingleFlight } from './lib/single-flight';
import { createStorage, type Storage } from './lib/storage';
import { AccountsService } from './modules/accounts/accounts.service';
import { AdsService } from './modules/ads/ads.service';
import { CarsService } from './modules/cars/cars.service';
import { CarEditThrottle } from './modules/cars/edit-throttle';
import { CartService } from './modules/cart/cart.service';
import { CheckoutService } from './modules/checkout/checkout.service';
import { EventsService } from './modules/events/events.service';
import { HallOfFameService } from './modules/hall-of-fame/hall-of-fame.service';
import { ImagesService } from './modules/images/images.service';
import { forgetPreviousRanks, LeaderboardService } from './modules/leaderboard/leaderboard.service';
import { MeetCardsService } from './modules/meet-cards/meet-cards.service';
import { editFlags } from './modules/moderation/edit-flags';
import { ModerationService } from './modules/moderation/moderation.service';
import { NewsletterService } from './modules/newsletter/newsletter.service';
import { OrderAdminService } from './modules/orders/order-admin.service';
import { OrdersService } from './modules/orders/orders.service';
import { createPayments, type PaymentsService } from './modules/payments/payments.service';
import type { StripeClientOptions } from './modules/payments/stripe-provider';
import { PhotoMatchesService } from './modules/photo-matches/photo-matches.service';
import { ProductsService } from './modules/products/products.service';
import { ProfileService } from './modules/profile/profile.service';
import { SettingsService } from './modules/settings/settings.service';
import { ShareService } from './modules/share/share.service';
import { SitemapPages } from './modules/share/sitemap';
import { StatsService } from './modules/stats/stats.service';
import { SuspensionsService } from './modules/suspensions/suspensions.service';
import { TokensService } from './modules/tokens/tokens.service';
import { FairVotesService } from './modules/votes/fair-votes.service';
import { RecentVoters } from './modules/votes/recent-voters';
import { VotesService } from './modules/votes/votes.service';
import { AppMetrics } from './ops/metrics';
import { ReadCache } from './read-cache/read-cache';

/**
 * The domain services of one running app. Built once at start; procedures reach them through the context. Each
 * module's service holds its database access and is given its collaborators here (see modules/README.md).
 */
export interface Services {
  ds: DataSource;
  mailer: Mailer;
  /** Uploaded files (local disk or S3-compatible). */
  storage: Storage;
  /** Decoding and encoding of pictures, a few at a time (uploads and share previews). */
  imageQueue: ImageQueue;
  /** Expensive answers (PDFs, QR codes, share pictures): made once per key, kept, a few made at a time. */
  renders: SingleFlight;
  /** Responses many visitors read alike (read-cache/), dropped by the writes that change them. */
  readCache: ReadCache;
  /** Prometheus metrics of this server (/metrics). */
  metrics: AppMetrics;

  accounts: AccountsService;
  ads: AdsService;
  cars: CarsService;
  cart: CartService;
  checkout: CheckoutService;
  events: EventsService;
  /** Closed months' final rankings, closed by the first read after a month ends. */
  hallOfFame: HallOfFameService;
  images: ImagesService;
  leaderboard: LeaderboardService;
  /** Meet cards: which cars a caller may print, and each card's data. */
  meetCards: MeetCardsService;
  /** Reports, the review queue and its actions, the automatic hold and the approval of new cars. */
  moderation: ModerationService;
  newsletter: NewsletterService;
  orders: OrdersService;
  /** Order management (admin): every order, status changes, cancel with restock and refund. */
  orderAdmin: OrderAdminService;
  /** The payment provider chosen by config (Stripe, or the built-in test provider). */
  payments: PaymentsService;
  /** Copied-photo detection: perceptual hashes of car photos and the flags of photos that may be another's. */
  photoMatches: PhotoMatchesService;
  products: ProductsService;
  profile: ProfileService;
  settings: SettingsService;
  share: ShareService;
  /** The sitemap's index and pages, each page kept until its cars change. */
  sitemap: SitemapPages;
  stats: StatsService;
  /** Votes that came through meet cards, per event (admin statistics). */
  /** Personal API tokens: made and revoked by their owners, checked on every request that sends one. */
  tokens: TokensService;
  /** Suspending and lifting accounts (admin), with their record. */
  suspensions: SuspensionsService;
  votes: VotesService;
  /** The fair-vote review: voids and restores of a car's votes (admin). */
  fairVotes: FairVotesService;
  /** Viewers with a vote inside the cooldown: they get responses of their own, not cached ones. */
  recentVoters: RecentVoters;
}

export interface ShopOptions {
  /** Tests point the Stripe SDK at a local stand-in of its API. */
  stripeApi?: StripeClientOptions;
  /** Where failures that must not fail a paid order (the confirmation e-mail) are reported outside a request. */
  log: Log;
}

export function createServices(ds: DataSource, config: Config, mailer: Mailer, shop: ShopOptions): Services {
  const storage = createStorage(config);
  const imageQueue = new ImageQueue();
  const readCache = new ReadCache();
  const metrics = new AppMetrics(ds);
  const renders = new SingleFlight(undefined, (kind) => metrics.renderMade(kind));
  const site = { publicUrl: config.publicUrl, siteName: config.siteName };

  const settings = new SettingsService(ds);
  const edits = new CarEditThrottle(ds);
  const photoMatches = new PhotoMatchesService({ ds, storage, imageQueue, log: shop.log });
  // Edits wait for review only while new cars do: else the same words and photos could go public as a new car.
  const reviewEdits = async () => {
    const moderation = await settings.moderation();
    return moderation.reviewNewCars && moderation.reviewEdits;
  };
  const images = new ImagesService({
    ds,
    storage,
    imageQueue,
    edits,
    photoMatches,
    reviewEdits,
    editRecorder: editFlags,
  });
  const recentVoters = new RecentVoters(ds);
  const events = new EventsService(ds);
  const payments = createPayments(ds, config, shop.stripeApi);
  const orders = new OrdersService({ ds, payments, mailer, ...site, log: shop.log });
  const tokens = new TokensService({ ds });
  const suspensions = new SuspensionsService({ ds, mailer, siteName: config.siteName });
  return {
    ds,
    mailer,
    storage,
    imageQueue,
    renders,
    readCache,
    metrics,

    accounts: new AccountsService({
      ds,
      mailer,
      tokens,
      ...site,
      registrationsPerHour: config.registrationsPerHour,
    }),
    ads: new AdsService(ds),
    cars: new CarsService({
      ds,
      images,
      edits,
      reviewNewCars: async () => (await settings.moderation()).reviewNewCars,
      reviewEdits,
      editRecorder: editFlags,
    }),
    cart: new CartService(ds),
    checkout: new CheckoutService({
      ds,
      payments,
      orders,
      events: metrics,
    }),
    events,
    hallOfFame: new HallOfFameService(ds),
    images,
    leaderboard: new LeaderboardService(ds),
    meetCards: new MeetCardsService({ ds, storage, imageQueue, renders, publicUrl: config.publicUrl }),
    moderation: new ModerationService({ ds, images, settings, suspensions, mailer, ...site, log: shop.log }),
    newsletter: new NewsletterService(ds),
    orders,
    orderAdmin: new OrderAdminService({ ds, orders, payments, mailer, ...site, log: shop.log }),
    payments,
    photoMatches,
    products: new ProductsService(ds),
    profile: new ProfileService({ ds, storage, imageQueue }),
    settings,
    share: new ShareService({ ds, renders, publicUrl: config.publicUrl }),
    sitemap: new SitemapPages({ ds, publicUrl: config.publicUrl }),
    stats: new StatsService(ds),
    tokens,
    suspensions,
    votes: new VotesService({ ds, recentVoters, metrics, events }),
    fairVotes: new FairVotesService({ ds, talliesChanged: () => forgetPreviousRanks(ds) }),
    recentVoters,
  };
}
