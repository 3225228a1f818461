import { carCreateInputSchema, carSchema } from '@curbside/shared';
import { carCreateInvalidates } from '../../cache-policies';
import { verifiedProcedure } from '../../trpc';

/** POST /api/cars: the signed-in user, with a verified e-mail address, submits a car; its photos follow one by one (POST /api/images). */
export const createCar = verifiedProcedure
  .meta({
    successStatus: 201,
    invalidates: carCreateInvalidates,
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
