import { z } from 'zod';
import { pathIdSchema } from '../../rest/inputs';
import { adminProcedure } from '../../trpc';

/** DELETE /api/cars/{id} (admin): the car, its images and their files. */
export const deleteCar = adminProcedure
  .meta({
    successStatus: 204,
    // Every list of cars, the ranking, the counters and the sitemap (which carries no tags) lose it: rare enough to
    // drop everything.
    invalidates: 'everything',
    openapi: { method: 'DELETE', path: '/cars/{id}', tags: ['cars'], summary: 'Delete a car and its photos (admin)' },
  })
  .input(z.object({ id: pathIdSchema }))
  .output(z.void())
  .mutation(async ({ ctx, input }) => {
    await ctx.services.cars.delete(input.id);
  });
