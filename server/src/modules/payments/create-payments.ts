import type Stripe from 'stripe';
import type { DataSource } from 'typeorm';
import type { Config } from '../../config';
import type { PaymentProvider } from './provider';
import { createStripeClient, type StripeClientOptions, StripePaymentProvider } from './stripe-provider';
import { TestPaymentProvider } from './test-provider';

export interface Payments {
  provider: PaymentProvider;
  /** The Stripe client (webhook signatures); null in test mode. */
  stripe: Stripe | null;
  webhookSecret: string | null;
  publishableKey: string | null;
}

/** Stripe when config.stripe is set (all three keys), else the built-in test provider. */
export function createPayments(ds: DataSource, config: Config, stripeApi: StripeClientOptions = {}): Payments {
  if (!config.stripe) {
    return {
      provider: new TestPaymentProvider(ds, config.sessionSecret),
      stripe: null,
      webhookSecret: null,
      publishableKey: null,
    };
  }
  const stripe = createStripeClient(config.stripe.secretKey, stripeApi);
  return {
    provider: new StripePaymentProvider(stripe),
    stripe,
    webhookSecret: config.stripe.webhookSecret,
    publishableKey: config.stripe.publishableKey,
  };
}
