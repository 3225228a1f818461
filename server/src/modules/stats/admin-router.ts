import { adminStatsSchema, cardVotesStatsSchema } from '@curbside/shared';
import { z } from 'zod';
import { adminProcedure, router } from '../../trpc';

/** The dashboard's Statistics tab (cars, votes and the shop's sales), counted by the database. */
export const statsAdminRouter = router({
  overview: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/stats',
        tags: ['stats'],
        summary: "Car, vote and category counts, and the shop's last 12 months of sales (admin)",
      },
    })
    .input(z.void())
    .output(adminStatsSchema)
    .query(({ ctx }) => ctx.services.stats.admin()),
});

/** Mounted under admin.cardVotes (modules/admin/router.ts): the meet cards' votes, shown on the Meet Cards tab. */
export const cardVotesAdminRouter = router({
  perEvent: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/stats/card-votes',
        tags: ['stats'],
        summary: 'Votes cast through meet cards, per event (admin)',
      },
    })
    .input(z.void())
    .output(cardVotesStatsSchema)
    .query(({ ctx }) => ctx.services.stats.cardVotesPerEvent()),
});
