import {
  createPaymentIntentOutputSchema,
  createPaymentIntentRequestSchema,
  orderSchema,
  paymentConfigSchema,
  paymentOrderInputSchema,
  paymentOrderRecordSchema,
  testCardPaymentInputSchema,
  toPaymentOrderRecord,
} from '@curbside/shared';
import { z } from 'zod';
import { authedProcedure, publicProcedure, router } from '../../trpc';

const tags = ['checkout'];

export const checkoutRouter = router({
  paymentConfig: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/payment-config',
        tags,
        protect: false,
        summary: "The active payment provider ('stripe' or 'test') and Stripe's publishable key",
      },
    })
    .input(z.void())
    .output(paymentConfigSchema)
    .query(({ ctx }) => ctx.services.checkout.clientConfig()),

  createPaymentIntent: authedProcedure
    .meta({
      refusals: ['CONFLICT'],
      openapi: {
        method: 'POST',
        path: '/create-payment-intent',
        tags,
        summary: 'Price the cart for a shipping address and start a card payment of that amount',
      },
    })
    .input(createPaymentIntentRequestSchema)
    .output(createPaymentIntentOutputSchema)
    .mutation(({ ctx, input }) => ctx.services.checkout.createPayment(ctx.user.id, input)),

  recordOrder: authedProcedure
    .meta({
      refusals: ['NOT_FOUND', 'CONFLICT'],
      successStatus: 201,
      alsoOk: 'The order of this payment was already recorded: the same order again',
      openapi: {
        method: 'POST',
        path: '/payment-orders',
        tags,
        summary: 'Record the order of a payment the provider confirmed (idempotent per paymentId)',
      },
    })
    .input(paymentOrderInputSchema)
    .output(paymentOrderRecordSchema)
    .mutation(async ({ ctx, input }) => {
      const { order, created } = await ctx.services.checkout.recordPaidOrder(ctx.user.id, input.paymentId, ctx.req.log);
      if (!created) ctx.http.status = 200;
      return toPaymentOrderRecord(order, input.paymentId);
    }),

  /**
   * The test card form (test mode only; the browser's stand-in for Stripe's confirmPayment), also at a REST path so
   * a script can run the whole checkout over /api.
   */
  payWithTestCard: authedProcedure
    .meta({
      refusals: ['NOT_FOUND'],
      openapi: {
        method: 'POST',
        path: '/test-payments',
        tags,
        summary:
          'Pay a payment with a test card (test mode only: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined); responds with the order',
      },
    })
    .input(testCardPaymentInputSchema)
    .output(orderSchema)
    .mutation(({ ctx, input }) =>
      ctx.services.checkout.confirmTestPayment(
        ctx.user.id,
        input.paymentId,
        input.clientSecret,
        input.cardNumber,
        ctx.req.log,
      ),
    ),
});
