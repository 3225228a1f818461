import { router } from '../../trpc';
import { adsAdminRouter } from '../ads/admin-router';
import { carsAdminRouter } from '../cars/admin-router';
import { eventsAdminRouter } from '../events/admin-router';
import { moderationAdminRouter } from '../moderation/admin-router';
import { ordersAdminRouter } from '../orders/admin-router';
import { photoMatchesAdminRouter } from '../photo-matches/admin-router';
import { productsAdminRouter } from '../products/admin-router';
import { settingsAdminRouter } from '../settings/admin-router';
import { cardVotesAdminRouter, statsAdminRouter } from '../stats/admin-router';
import { usersAdminRouter } from '../suspensions/admin-router';
import { fairVotesAdminRouter } from '../votes/admin-router';

// Every admin-only procedure, mounted under `admin.` (tRPC) at its documented /api path (REST). Each domain keeps
// its admin procedures in its own admin-router.ts; this file only gathers them. The authorization matrix
// (server/test/hardening/authorization-matrix.integration.test.ts) holds every procedure to its expected outcome for
// visitors, users and admins, and refuses an admin-only procedure mounted anywhere else. Anything mounted here must be
// built on adminProcedure.
export const adminRouter = router({
  cars: carsAdminRouter,
  products: productsAdminRouter,
  orders: ordersAdminRouter,
  events: eventsAdminRouter,
  ads: adsAdminRouter,
  stats: statsAdminRouter,
  cardVotes: cardVotesAdminRouter,
  settings: settingsAdminRouter,
  moderation: moderationAdminRouter,
  users: usersAdminRouter,
  fairVotes: fairVotesAdminRouter,
  photoMatches: photoMatchesAdminRouter,
});
