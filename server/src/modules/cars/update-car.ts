import { carSchema, carUpdateInputSchema } from '@curbside/shared';
import { carMoved, carMoveInvalidates } from '../../cache-policies';
import { noteInvalidated } from '../../read-cache/policy';
import { pathIdSchema } from '../../rest/inputs';
import { authedProcedure } from '../../trpc';

/** PUT /api/cars/{id}: its owner or an admin changes the fields sent; only an admin may change `featured`. */
export const updateCar = authedProcedure
  .meta({
    refusals: ['FORBIDDEN'],
    openapi: {
      method: 'PUT',
      path: '/cars/{id}',
      tags: ['cars'],
      summary: 'Edit a car (owner or admin; featured: admin only)',
    },
    invalidates: carMoveInvalidates,
  })
  .input(carUpdateInputSchema.extend({ id: pathIdSchema }))
  .output(carSchema)
  .mutation(async ({ ctx, input }) => {
    const { car, before, after } = await ctx.services.cars.update(ctx.actor, input, ctx);
    noteInvalidated(ctx.req, carMoved(before, after));
    return car;
  });
