import { LIMITS, offsetSchema, productListSchema } from '@curbside/shared';
import { z } from 'zod';
import { fromQuery } from '../../rest/inputs';
import { actsAsAdmin, publicProcedure } from '../../trpc';

// Query strings arrive as text over REST: numeric text read as its number, then the shared page rules.
const listQuerySchema = z.object({
  limit: fromQuery(z.number().int().min(1).max(LIMITS.listLimitMax).default(LIMITS.adminListLimit)),
  offset: fromQuery(offsetSchema.optional()).meta({ description: 'Rows to skip, at most 10000' }),
});

/** GET /api/products?limit=…: active products for everyone (an admin also sees inactive ones, for the dashboard). */
export const listProducts = publicProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/products',
      tags: ['products'],
      protect: false,
      summary: 'Prints and merchandise',
    },
  })
  .input(listQuerySchema)
  .output(productListSchema)
  .query(({ ctx, input }) => ctx.services.products.list(input, { includeInactive: actsAsAdmin(ctx) }));
