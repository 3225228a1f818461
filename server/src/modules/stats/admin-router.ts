import { adminStatsSchema } from '@curbside/shared';
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
