import { adminStatsSchema } from '@curbside/shared';
import { z } from 'zod';
import { adminProcedure, router } from '../../trpc';

/** The dashboard's Statistics tab, counted by the database. */
export const statsAdminRouter = router({
  overview: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/stats',
        tags: ['stats'],
        summary: 'Car, featured, vote and category counts (admin)',
      },
    })
    .input(z.void())
    .output(adminStatsSchema)
    .query(({ ctx }) => ctx.services.stats.admin()),
});
