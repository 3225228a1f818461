import { carListQuerySchema, carListSchema, queryBooleanSchema } from '@curbside/shared';
import { z } from 'zod';
import { carListCache } from '../../cache-policies';
import { fromQuery } from '../../rest/inputs';
import { publicProcedure } from '../../trpc';

// The OpenAPI generator accepts a query parameter only as a string-like schema (a pipe counts), not the shared
// boolean union; the pipe keeps its meaning: true/false from /trpc, 'true'/'false'/'1'/'0' from a query string.
const inputSchema = carListQuerySchema.extend({
  limit: fromQuery(carListQuerySchema.shape.limit),
  offset: fromQuery(carListQuerySchema.shape.offset),
  featured: z.unknown().meta({ type: 'boolean' }).pipe(queryBooleanSchema).optional(),
});

/** GET /api/cars?limit=N: newest first; `featured` and `category` narrow it. */
export const listCars = publicProcedure
  .meta({
    openapi: { method: 'GET', path: '/cars', tags: ['cars'], protect: false, summary: 'Cars, newest first' },
    cache: carListCache,
  })
  .input(inputSchema)
  .output(carListSchema)
  .query(({ ctx, input }) => ctx.services.cars.list(input, ctx));
