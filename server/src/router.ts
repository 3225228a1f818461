import { accountsRouter } from './modules/accounts/router';
import { adminRouter } from './modules/admin/router';
import { adsRouter } from './modules/ads/router';
import { carsRouter } from './modules/cars/router';
import { cartRouter } from './modules/cart/router';
import { checkoutRouter } from './modules/checkout/router';
import { eventsRouter } from './modules/events/router';
import { hallOfFameRouter } from './modules/hall-of-fame/router';
import { imagesRouter } from './modules/images/router';
import { moderationRouter } from './modules/moderation/router';
import { newsletterRouter } from './modules/newsletter/router';
import { ordersRouter } from './modules/orders/router';
import { productsRouter } from './modules/products/router';
import { profileRouter } from './modules/profile/router';
import { settingsRouter } from './modules/settings/router';
import { shareRouter } from './modules/share/router';
import { statsRouter } from './modules/stats/router';
import { tokensRouter } from './modules/tokens/router';
import { votesRouter } from './modules/votes/router';
import { router } from './trpc';

// Every domain router, merged. The client imports `type AppRouter` from here (package export "./router").
// REST paths are matched by Fastify's router, so declaration order does not matter for /api.
export const appRouter = router({
  accounts: accountsRouter,
  settings: settingsRouter,
  newsletter: newsletterRouter,
  cars: carsRouter,
  images: imagesRouter,
  moderation: moderationRouter,
  profile: profileRouter,
  tokens: tokensRouter,
  votes: votesRouter,
  share: shareRouter,
  stats: statsRouter,
  ads: adsRouter,
  events: eventsRouter,
  hallOfFame: hallOfFameRouter,
  products: productsRouter,
  cart: cartRouter,
  checkout: checkoutRouter,
  orders: ordersRouter,
  admin: adminRouter,
});

export type AppRouter = typeof appRouter;
