import { productCreateInputSchema, productSchema, productUpdateInputSchema } from '@curbside/shared';
import { z } from 'zod';
import { pathIdSchema } from '../../rest/inputs';
import { adminProcedure, router } from '../../trpc';

const tags = ['products'];

/** Product management (admin). The image upload is a multipart route: POST /api/products/upload-image. */
export const productsAdminRouter = router({
  create: adminProcedure
    .meta({
      refusals: ['CONFLICT'],
      successStatus: 201,
      openapi: { method: 'POST', path: '/products', tags, summary: 'Create a product (admin)' },
    })
    .input(productCreateInputSchema)
    .output(productSchema)
    .mutation(({ ctx, input }) => ctx.services.products.create(input)),

  update: adminProcedure
    .meta({
      refusals: ['CONFLICT'],
      openapi: { method: 'PUT', path: '/products/{id}', tags, summary: 'Change a product (admin)' },
    })
    .input(productUpdateInputSchema.extend({ id: pathIdSchema }))
    .output(productSchema)
    .mutation(({ ctx, input }) => ctx.services.products.update(input)),

  delete: adminProcedure
    .meta({
      successStatus: 204,
      openapi: { method: 'DELETE', path: '/products/{id}', tags, summary: 'Delete a product (admin)' },
    })
    .input(z.object({ id: pathIdSchema }))
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      await ctx.services.products.delete(input.id);
    }),
});
