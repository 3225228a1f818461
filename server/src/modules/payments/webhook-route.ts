import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import { DomainError } from '../../errors';
import type { CheckoutService } from '../checkout/checkout.service';
import type { PaymentsService } from './payments.service';

export const STRIPE_WEBHOOK_PATH = '/api/webhooks/stripe';

interface WebhookOptions {
  payments: PaymentsService;
  checkout: CheckoutService;
}

/**
 * POST /api/webhooks/stripe: Stripe's events, verified against the raw body. Registered as its own encapsulated
 * plugin so its raw-body JSON parser applies to this route only. payment_intent.succeeded makes the order if the
 * shopper never came back; an event already handled is a no-op, and one order per payment holds either way.
 */
export async function stripeWebhookPlugin(app: FastifyInstance, options: WebhookOptions): Promise<void> {
  // Stripe signs the bytes as sent: this route reads them raw instead of through the app's JSON parser.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

  app.post(STRIPE_WEBHOOK_PATH, async (req, reply) => {
    const { payments, checkout } = options;
    const { stripe, webhookSecret } = payments;
    if (!stripe || !webhookSecret) return reply.code(404).send({ message: 'Stripe is not configured' });
    const signature = req.headers['stripe-signature'];
    if (typeof signature !== 'string' || !Buffer.isBuffer(req.body)) {
      return reply.code(400).send({ message: 'Missing Stripe signature' });
    }
    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(req.body, signature, webhookSecret);
    } catch {
      return reply.code(400).send({ message: 'Invalid Stripe signature' });
    }

    if (await payments.webhookEventHandled(event.id)) return { received: true, duplicate: true };

    if (event.type === 'payment_intent.succeeded') {
      const intent = event.data.object as Stripe.PaymentIntent;
      try {
        await checkout.fulfil(intent.id, undefined, req.log);
      } catch (error) {
        // Not ours, or refused for a reason a retry will not change (refunded when out of stock): record and stop.
        if (!(error instanceof DomainError)) throw error;
        req.log.warn({ err: error, paymentIntent: intent.id }, 'webhook payment not fulfilled');
      }
    } else if (event.type === 'payment_intent.payment_failed') {
      await checkout.markFailed((event.data.object as Stripe.PaymentIntent).id);
    }

    const recorded = await payments.recordWebhookEvent({ providerEventId: event.id, type: event.type });
    return recorded ? { received: true } : { received: true, duplicate: true };
  });
}
