import { siteStatsSchema } from '@curbside/shared';
import { z } from 'zod';
import { statsCache } from '../../cache-policies';
import { publicProcedure, router } from '../../trpc';

export const statsRouter = router({
  site: publicProcedure
    .meta({
      openapi: { method: 'GET', path: '/stats', tags: ['stats'], protect: false, summary: 'Home page counters' },
      cache: statsCache,
    })
    .input(z.void())
    .output(siteStatsSchema)
    .query(({ ctx }) => ctx.services.stats.site()),
});
