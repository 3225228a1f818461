import { photoMatchListQuerySchema, photoMatchPageSchema, photoMatchSchema } from '@curbside/shared';
import { z } from 'zod';
import { pathIdSchema } from '../../rest/inputs';
import { adminProcedure, router } from '../../trpc';

const tags = ['photo-matches'];

/**
 * Copied photos (admin), mounted under admin.photoMatches: new car photos whose perceptual hash is within a few bits
 * of another user's photo, listed with both photos for a side-by-side look, and dismissed when the pair is fine.
 */
export const photoMatchesAdminRouter = router({
  list: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/photo-matches',
        tags,
        summary:
          "Photos that may be someone else's: each new photo with the other user's photo it looks like, newest first (admin)",
      },
    })
    .input(photoMatchListQuerySchema)
    .output(photoMatchPageSchema)
    .query(({ ctx, input }) => ctx.services.photoMatches.list(input)),

  dismiss: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/photo-matches/{id}/dismiss',
        tags,
        summary: 'Dismiss a copied-photo flag: the two photos are fine (admin; dismissing twice changes nothing)',
      },
    })
    .input(z.object({ id: pathIdSchema }))
    .output(photoMatchSchema)
    .mutation(({ ctx, input }) => ctx.services.photoMatches.dismiss(input.id, ctx.user.id)),
});
