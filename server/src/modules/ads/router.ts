import { advertisementListSchema } from '@curbside/shared';
import { z } from 'zod';
import { sharedCache } from '../../cache-policies';
import { publicProcedure, router } from '../../trpc';

const tags = ['advertisements'];

export const adsRouter = router({
  active: publicProcedure
    .meta({
      openapi: { method: 'GET', path: '/advertisements/active', tags, protect: false, summary: 'Ads live today' },
      cache: sharedCache,
    })
    .input(z.void())
    .output(advertisementListSchema)
    .query(({ ctx }) => ctx.services.ads.active()),
});
