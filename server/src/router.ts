import { accountsRouter } from './modules/accounts/router';
import { newsletterRouter } from './modules/newsletter/router';
import { settingsRouter } from './modules/settings/router';
import { router } from './trpc';

// Every domain router, merged. The client imports `type AppRouter` from here (package export "./router").
// REST paths are matched by Fastify's router, so declaration order does not matter for /api.
export const appRouter = router({
  accounts: accountsRouter,
  settings: settingsRouter,
  newsletter: newsletterRouter,
});

export type AppRouter = typeof appRouter;
