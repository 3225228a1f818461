import { carListSchema, carSearchQuerySchema } from '@curbside/shared';
import { fromQuery } from '../../rest/inputs';
import { publicProcedure } from '../../trpc';

const inputSchema = carSearchQuerySchema.extend({ limit: fromQuery(carSearchQuerySchema.shape.limit) });

/** GET /api/cars/search?q=: make, model or owner name, ignoring case. */
export const searchCars = publicProcedure
  .meta({
    openapi: { method: 'GET', path: '/cars/search', tags: ['cars'], protect: false, summary: 'Search cars' },
  })
  .input(inputSchema)
  .output(carListSchema)
  .query(({ ctx, input }) => ctx.services.cars.search(input, ctx));
