import { ownerCarsOutputSchema } from '@curbside/shared';
import { z } from 'zod';
import { authedProcedure } from '../../trpc';

/** GET /api/owner/cars: the signed-in user's cars (My Vehicles), newest first. */
export const ownerCars = authedProcedure
  .meta({ openapi: { method: 'GET', path: '/owner/cars', tags: ['cars'], summary: "The signed-in user's cars" } })
  .input(z.void())
  .output(ownerCarsOutputSchema)
  .query(({ ctx }) => ctx.services.cars.ownedBy(ctx.user.id, ctx));
