import { carPageQuerySchema, carPageSchema } from '@curbside/shared';
import { carPageCache } from '../../cache-policies';
import { publicProcedure } from '../../trpc';

/**
 * cars.page (/trpc only): the car list a page at a time, `{ items, nextCursor }`: the gallery's Load More and the
 * admin's car list. GET /api/cars is the same list as a plain array with the cursor in headers.
 */
export const pageCars = publicProcedure
  .meta({ cache: carPageCache })
  .input(carPageQuerySchema)
  .output(carPageSchema)
  .query(({ ctx, input }) => ctx.services.cars.list(input, ctx));
