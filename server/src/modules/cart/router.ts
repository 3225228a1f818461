import { addToCartInputSchema, cartItemSchema, cartQuantitySchema, cartSchema, okSchema } from '@curbside/shared';
import { z } from 'zod';
import { pathIdSchema } from '../../rest/inputs';
import { authedProcedure, router } from '../../trpc';

const tags = ['cart'];

// The signed-in user's cart. Client-sent prices are stripped by the schemas; the server reads its own. A cart's
// writes change nothing the read cache holds (a cart takes no stock until checkout), so they leave it as it is.
export const cartRouter = router({
  list: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/cart', tags, summary: 'The cart, priced by the server' } })
    .input(z.void())
    .output(cartSchema)
    .query(({ ctx }) => ctx.services.cart.list(ctx.user.id)),

  add: authedProcedure
    .meta({
      refusals: ['NOT_FOUND', 'CONFLICT'],
      successStatus: 201,
      openapi: { method: 'POST', path: '/cart', tags, summary: 'Add a print (car photo) or merchandise' },
      invalidates: 'nothing', // a cart line only
    })
    .input(addToCartInputSchema)
    .output(cartItemSchema)
    .mutation(({ ctx, input }) => ctx.services.cart.add(ctx.user.id, input)),

  update: authedProcedure
    .meta({
      refusals: ['CONFLICT'],
      openapi: { method: 'PUT', path: '/cart/{id}', tags, summary: 'Change the quantity of a line' },
      invalidates: 'nothing', // a cart line only
    })
    .input(z.object({ id: pathIdSchema, quantity: cartQuantitySchema }))
    .output(cartItemSchema)
    .mutation(({ ctx, input }) => ctx.services.cart.updateQuantity(ctx.user.id, input.id, input.quantity)),

  remove: authedProcedure
    .meta({
      openapi: { method: 'DELETE', path: '/cart/{id}', tags, summary: 'Remove a line' },
      invalidates: 'nothing', // a cart line only
    })
    .input(z.object({ id: pathIdSchema }))
    .output(okSchema)
    .mutation(async ({ ctx, input }) => {
      await ctx.services.cart.remove(ctx.user.id, input.id);
      return { ok: true as const };
    }),

  clear: authedProcedure
    .meta({
      openapi: { method: 'DELETE', path: '/cart', tags, summary: 'Empty the cart' },
      invalidates: 'nothing', // a cart line only
    })
    .input(z.void())
    .output(okSchema)
    .mutation(async ({ ctx }) => {
      await ctx.services.cart.clear(ctx.user.id);
      return { ok: true as const };
    }),
});
