import { carListSchema, carSearchQuerySchema } from '@curbside/shared';
import { carSearchCache } from '../../cache-policies';
import { fromQuery } from '../../rest/inputs';
import { publicProcedure } from '../../trpc';

const inputSchema = carSearchQuerySchema.extend({ limit: fromQuery(carSearchQuerySchema.shape.limit) });

/** GET /api/cars/search?q=: make, model or owner name, word by word as typed, through the full-text index. */
export const searchCars = publicProcedure
  .meta({
    // Kept until a public car changes or a vote may reorder it (cache-policies.ts): the gallery's page of a search is
    // kept with it (plugins/client.ts), and visitors search the same makes over and over.
    cache: carSearchCache,
    openapi: {
      method: 'GET',
      path: '/cars/search',
      tags: ['cars'],
      protect: false,
      summary: 'Search cars',
      description:
        'Listed cars whose make, model or owner name has, for every word of q, a word beginning with it (case and ' +
        'accents ignored; characters other than letters and digits only separate words). Cars with the most words ' +
        'matched whole come first, then the most voted, then the newest.',
    },
  })
  .input(inputSchema)
  .output(carListSchema)
  .query(({ ctx, input }) => ctx.services.cars.search(input, ctx));
