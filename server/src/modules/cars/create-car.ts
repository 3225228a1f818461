import { carCreateInputSchema, carSchema } from '@curbside/shared';
import { authedProcedure } from '../../trpc';

/** POST /api/cars: the signed-in user submits a car; its photos follow one by one (POST /api/images). */
export const createCar = authedProcedure
  .meta({
    successStatus: 201,
    openapi: {
      method: 'POST',
      path: '/cars',
      tags: ['cars'],
      summary: 'Submit a car (owner = the signed-in user; the slug is made by the server)',
    },
  })
  .input(carCreateInputSchema)
  .output(carSchema)
  .mutation(({ ctx, input }) => ctx.services.cars.create(ctx.actor, input, ctx));
