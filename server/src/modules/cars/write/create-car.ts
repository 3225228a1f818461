import { carCreateInputSchema, carSchema } from '@curbside/shared';
import { authedProcedure } from '../../../trpc';
import { loadCarDto } from '../car-dto';

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
  .mutation(async ({ ctx, input }) => {
    const car = await ctx.services.carWrite.create(ctx.user, input);
    return (await loadCarDto(ctx.services.ds, car.id, { ipHash: ctx.ipHash }))!;
  });
