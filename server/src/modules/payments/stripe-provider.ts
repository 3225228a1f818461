import { createRequire } from 'node:module';
import type Stripe from 'stripe';

import type { CreateProviderPayment, PaymentProvider, ProviderPayment, ProviderPaymentStatus } from './provider';

// The SDK is loaded only when Stripe is configured: it adds about 18 MB to the server's resident memory.
const loadStripe = () => createRequire(import.meta.url)('stripe') as typeof Stripe;

/** Options for the Stripe client; tests point host/port/protocol at a local stand-in of Stripe's API. */
export type StripeClientOptions = { host?: string; port?: number; protocol?: 'http' | 'https' };

export function createStripeClient(secretKey: string, options: StripeClientOptions = {}): Stripe {
  const StripeClient = loadStripe();
  return new StripeClient(secretKey, { telemetry: false, maxNetworkRetries: 2, ...options });
}

/** PaymentIntents: created on the server with the server's amount, confirmed in the browser by the Payment Element. */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  constructor(readonly stripe: Stripe) {}

  async create(input: CreateProviderPayment) {
    const intent = await this.stripe.paymentIntents.create(
      {
        amount: input.amount,
        currency: input.currency,
        automatic_payment_methods: { enabled: true },
        metadata: input.metadata,
        receipt_email: input.receiptEmail,
      },
      { idempotencyKey: input.idempotencyKey },
    );
    if (!intent.client_secret) throw new Error('Stripe returned a PaymentIntent without a client secret');
    return { id: intent.id, clientSecret: intent.client_secret };
  }

  async retrieve(id: string): Promise<ProviderPayment | null> {
    try {
      const intent = await this.stripe.paymentIntents.retrieve(id);
      return {
        id: intent.id,
        status: mapStatus(intent.status),
        amount: intent.amount,
        currency: intent.currency,
        metadata: (intent.metadata ?? {}) as Record<string, string>,
      };
    } catch (error) {
      // An id Stripe never issued (forged, or from another account) is "no such payment", not a server failure.
      if (error instanceof loadStripe().errors.StripeInvalidRequestError && error.statusCode === 404) return null;
      throw error;
    }
  }

  async refund(id: string, amount?: number): Promise<void> {
    await this.stripe.refunds.create(
      { payment_intent: id, ...(amount === undefined ? {} : { amount }) },
      { idempotencyKey: amount === undefined ? `refund-${id}` : `refund-${id}-${amount}` },
    );
  }
}

function mapStatus(status: string): ProviderPaymentStatus {
  if (status === 'succeeded') return 'succeeded';
  if (status === 'processing') return 'processing';
  if (status === 'canceled') return 'canceled';
  return 'requires_payment';
}
