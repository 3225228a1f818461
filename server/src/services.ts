import type { DataSource } from 'typeorm';
import type { Config } from './config';
import { ImageQueue } from './lib/image-queue';
import type { Mailer } from './lib/mailer';
import { createStorage, type Storage } from './lib/storage';
import { AccountsService } from './modules/accounts/accounts.service';
import { AdAdminService } from './modules/ads/ad-admin.service';
import { CarsReadService } from './modules/cars/cars-read.service';
import { CarWriteService } from './modules/cars/write/car-write.service';
import { createShopServices, type ShopOptions, type ShopServices } from './modules/checkout/shop-services';
import { EventAdminService } from './modules/events/event-admin.service';
import { ImagesService } from './modules/images/images.service';
import { NewsletterService } from './modules/newsletter/newsletter.service';
import { OrderAdminService } from './modules/orders/order-admin.service';
import { ProductAdminService } from './modules/products/product-admin.service';
import { ProfileService } from './modules/profile/profile.service';
import { SettingsService } from './modules/settings/settings.service';
import { RecentVoters } from './modules/votes/recent-voters';
import { VotesService } from './modules/votes/votes.service';
import { AppMetrics } from './ops/metrics';
import { ReadCache } from './read-cache/read-cache';

/** The domain services of one running app. Built once at start; procedures reach them through the context. */
export interface Services extends ShopServices {
  ds: DataSource;
  mailer: Mailer;
  /** Uploaded files (local disk or S3-compatible). */
  storage: Storage;
  /** Decoding and encoding of pictures, a few at a time (uploads and share previews). */
  imageQueue: ImageQueue;
  images: ImagesService;
  carWrite: CarWriteService;
  profile: ProfileService;
  accounts: AccountsService;
  settings: SettingsService;
  newsletter: NewsletterService;
  carsRead: CarsReadService;
  votes: VotesService;
  /** Answers many visitors read alike (read-cache/), dropped by the writes that change them. */
  readCache: ReadCache;
  /** Viewers with a vote inside the cooldown: they get answers of their own, not cached ones. */
  recentVoters: RecentVoters;
  /** Order management (admin): every order, status changes, cancel with restock and refund. */
  orderAdmin: OrderAdminService;
  productAdmin: ProductAdminService;
  eventAdmin: EventAdminService;
  adAdmin: AdAdminService;
  /** Prometheus metrics of this server (/metrics). */
  metrics: AppMetrics;
}

export function createServices(ds: DataSource, config: Config, mailer: Mailer, shop: ShopOptions): Services {
  const storage = createStorage(config);
  const imageQueue = new ImageQueue();
  const settings = new SettingsService(ds);
  const images = new ImagesService({ ds, storage, imageQueue, settings });
  const metrics = new AppMetrics(ds);
  const shopServices = createShopServices(ds, config, mailer, { ...shop, checkoutEvents: metrics });
  const readCache = new ReadCache();
  const recentVoters = new RecentVoters(ds);
  return {
    ...shopServices,
    ds,
    mailer,
    storage,
    imageQueue,
    images,
    carWrite: new CarWriteService({ ds, images }),
    profile: new ProfileService({ ds, storage, imageQueue }),
    accounts: new AccountsService({
      ds,
      mailer,
      publicUrl: config.publicUrl,
      siteName: config.siteName,
      registrationsPerHour: config.registrationsPerHour,
    }),
    settings,
    newsletter: new NewsletterService(ds),
    carsRead: new CarsReadService(ds),
    votes: new VotesService(ds, {
      onCounted(_carId, ipHash, at) {
        recentVoters.record(ipHash, at);
        metrics.voteCounted();
      },
    }),
    readCache,
    recentVoters,
    metrics,
    productAdmin: new ProductAdminService(ds),
    eventAdmin: new EventAdminService(ds),
    adAdmin: new AdAdminService(ds),
    orderAdmin: new OrderAdminService({
      ds,
      orders: shopServices.orders,
      provider: shopServices.payments.provider,
      mailer,
      publicUrl: config.publicUrl,
      siteName: config.siteName,
      log: shop.log,
    }),
  };
}
