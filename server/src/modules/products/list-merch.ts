import { productListSchema } from '@curbside/shared';
import { z } from 'zod';
import { sharedCache } from '../../cache-policies';
import { publicProcedure } from '../../trpc';

/** GET /api/merch: active merchandise. */
export const listMerch = publicProcedure
  .meta({
    openapi: { method: 'GET', path: '/merch', tags: ['products'], protect: false, summary: 'Merchandise' },
    cache: sharedCache,
  })
  .input(z.void())
  .output(productListSchema)
  .query(({ ctx }) => ctx.services.products.listMerch());
