import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { StripePaymentProvider } from './stripe-provider';

describe('StripePaymentProvider.refund', () => {
  it('refunds the whole PaymentIntent with one idempotency key per payment, so a repeated refund is one refund', async () => {
    const calls: { params: unknown; options: unknown }[] = [];
    const stripe = {
      refunds: {
        create: async (params: unknown, options: unknown) => {
          calls.push({ params, options });
          return { id: 're_1' };
        },
      },
    } as unknown as Stripe;
    const provider = new StripePaymentProvider(stripe);
    await provider.refund('pi_123');
    await provider.refund('pi_123');
    expect(calls).toEqual([
      { params: { payment_intent: 'pi_123' }, options: { idempotencyKey: 'refund-pi_123' } },
      { params: { payment_intent: 'pi_123' }, options: { idempotencyKey: 'refund-pi_123' } },
    ]);
  });
});
