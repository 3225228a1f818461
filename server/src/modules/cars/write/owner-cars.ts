import { ownerCarsOutputSchema } from '@curbside/shared';
import { z } from 'zod';
import { authedProcedure } from '../../../trpc';
import { loadCarDtos } from '../car-dto';

/** GET /api/owner/cars: the signed-in user's cars (My Vehicles), newest first. */
export const ownerCars = authedProcedure
  .meta({ openapi: { method: 'GET', path: '/owner/cars', tags: ['cars'], summary: "The signed-in user's cars" } })
  .input(z.void())
  .output(ownerCarsOutputSchema)
  .query(async ({ ctx }) => {
    const cars = await ctx.services.carWrite.ownedBy(ctx.user.id);
    return loadCarDtos(ctx.services.ds, cars, { ipHash: ctx.ipHash });
  });
