import { carListQuerySchema, carListSchema, queryBooleanSchema } from '@curbside/shared';
import { z } from 'zod';
import { carListCache } from '../../cache-policies';
import { fromQuery, pageParams } from '../../rest/inputs';
import { setNextPageHeaders } from '../../rest/next-page';
import { publicProcedure } from '../../trpc';

// The OpenAPI generator accepts a query parameter only as a string-like schema (a pipe counts), not the shared
// boolean union; the pipe keeps its meaning: true/false from /trpc, 'true'/'false'/'1'/'0' from a query string.
const inputSchema = carListQuerySchema.extend({
  limit: fromQuery(carListQuerySchema.shape.limit),
  ...pageParams(carListQuerySchema.shape),
  featured: z.unknown().meta({ type: 'boolean' }).pipe(queryBooleanSchema).optional(),
});

/**
 * GET /api/cars?limit=N: newest first; `featured` and `category` narrow it. A full page's response carries the
 * next page's cursor in `X-Next-Cursor` and `Link` (rel="next"); the gallery's /trpc call is cars.page.
 */
export const listCars = publicProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/cars',
      tags: ['cars'],
      protect: false,
      summary: 'Cars, newest first',
      description:
        'A plain array of cars, newest first. When more follow, the response has an `X-Next-Cursor` header (and a ' +
        '`Link` header with rel="next"): send it back as `cursor` for the next page. `offset` still works up to ' +
        '10000; beyond that it is refused with 400, and `cursor` reaches any page at the same cost.',
    },
    cache: carListCache,
  })
  .input(inputSchema)
  .output(carListSchema)
  .query(async ({ ctx, input }) => {
    const page = await ctx.services.cars.list(input, ctx);
    const { limit, featured, category } = input;
    setNextPageHeaders(ctx, '/cars', { limit, featured, category }, page.nextCursor);
    return page.items;
  });
