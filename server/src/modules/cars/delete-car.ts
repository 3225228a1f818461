import { z } from 'zod';
import { carMoved, carMoveInvalidates } from '../../cache-policies';
import { noteInvalidated } from '../../read-cache/policy';
import { pathIdSchema } from '../../rest/inputs';
import { adminProcedure } from '../../trpc';

/** DELETE /api/cars/{id} (admin): the car, its images and their files. */
export const deleteCar = adminProcedure
  .meta({
    successStatus: 204,
    // Its responses, and the lists, rankings, counters and sitemap it was in (carMoved).
    invalidates: carMoveInvalidates,
    openapi: { method: 'DELETE', path: '/cars/{id}', tags: ['cars'], summary: 'Delete a car and its photos (admin)' },
  })
  .input(z.object({ id: pathIdSchema }))
  .output(z.void())
  .mutation(async ({ ctx, input }) => {
    noteInvalidated(ctx.req, carMoved(await ctx.services.cars.delete(input.id), null));
  });
