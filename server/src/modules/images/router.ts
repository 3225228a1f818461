import { carImageListSchema, idSchema } from '@curbside/shared';
import { z } from 'zod';
import { carMoveInvalidates, carPhotosChanged, primaryPhotoInvalidates } from '../../cache-policies';
import { noteInvalidated } from '../../read-cache/policy';
import { pathIdSchema } from '../../rest/inputs';
import { authedProcedure, router } from '../../trpc';

const tags = ['images'];

// POST /api/images (multipart) is a plain Fastify route: see upload-routes.ts.
export const imagesRouter = router({
  setPrimary: authedProcedure
    .meta({
      refusals: ['FORBIDDEN'],
      openapi: {
        method: 'PATCH',
        path: '/images/{id}/primary',
        tags,
        summary: "Make this the car's primary image (the others lose the flag); returns the car's images",
      },
      invalidates: primaryPhotoInvalidates,
    })
    .input(z.object({ id: pathIdSchema, carId: idSchema }))
    .output(carImageListSchema)
    .mutation(({ ctx, input }) => ctx.services.images.setPrimary(ctx.actor, input.id, input.carId)),

  delete: authedProcedure
    .meta({
      refusals: ['FORBIDDEN', 'CONFLICT'],
      successStatus: 204,
      openapi: {
        method: 'DELETE',
        path: '/images/{id}',
        tags,
        summary: 'Delete an image and its files (404 when already gone; 409 for the primary while others exist)',
      },
      invalidates: carMoveInvalidates,
    })
    .input(z.object({ id: pathIdSchema }))
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      const { carId, listingChange } = await ctx.services.images.delete(ctx.actor, input.id);
      noteInvalidated(ctx.req, carPhotosChanged(carId, listingChange));
    }),
});
