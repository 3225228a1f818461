import {
  advertisementCreateInputSchema,
  advertisementListSchema,
  advertisementSchema,
  advertisementUpdateInputSchema,
} from '@curbside/shared';
import { z } from 'zod';
import { pathIdSchema } from '../../rest/inputs';
import { adminProcedure, router } from '../../trpc';

const tags = ['advertisements'];

/** Advertisement management (admin). The image upload is a multipart route: POST /api/upload/advertisement. */
export const adsAdminRouter = router({
  list: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/advertisements', tags, summary: 'All advertisements (admin)' } })
    .input(z.void())
    .output(advertisementListSchema)
    .query(({ ctx }) => ctx.services.ads.list()),

  create: adminProcedure
    .meta({
      successStatus: 201,
      openapi: { method: 'POST', path: '/advertisements', tags, summary: 'Create an advertisement (admin)' },
    })
    .input(advertisementCreateInputSchema)
    .output(advertisementSchema)
    .mutation(({ ctx, input }) => ctx.services.ads.create(input)),

  update: adminProcedure
    .meta({
      openapi: { method: 'PUT', path: '/advertisements/{id}', tags, summary: 'Change an advertisement (admin)' },
    })
    // The shared update schema is refined (end not before start), so the REST path id is coerced before it.
    .input(
      z.preprocess(
        (value) =>
          value && typeof value === 'object' && 'id' in value
            ? { ...value, id: pathIdSchema.safeParse(value.id).data ?? value.id }
            : value,
        advertisementUpdateInputSchema,
      ),
    )
    .output(advertisementSchema)
    .mutation(({ ctx, input }) => ctx.services.ads.update(input)),

  delete: adminProcedure
    .meta({
      successStatus: 204,
      openapi: { method: 'DELETE', path: '/advertisements/{id}', tags, summary: 'Delete an advertisement (admin)' },
    })
    .input(z.object({ id: pathIdSchema }))
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      await ctx.services.ads.delete(input.id);
    }),
});
