import type { PaymentProviderName } from './payment.entity';

// The card payment provider behind checkout: Stripe when its keys are configured, else the built-in test provider.
// The checkout service only talks to this interface.

export type ProviderPaymentStatus = 'requires_payment' | 'processing' | 'succeeded' | 'canceled';

export interface ProviderPayment {
  id: string;
  status: ProviderPaymentStatus;
  /** Cents. */
  amount: number;
  currency: string;
  metadata: Record<string, string>;
}

export interface CreateProviderPayment {
  amount: number;
  currency: 'usd';
  /** Sent with the create call so a retried request never makes a second payment. */
  idempotencyKey: string;
  metadata: Record<string, string>;
  receiptEmail: string;
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  create(input: CreateProviderPayment): Promise<{ id: string; clientSecret: string }>;
  /** The payment as the provider knows it, or null for an id it has never issued. */
  retrieve(id: string): Promise<ProviderPayment | null>;
  /** Gives the whole amount back (a paid order that could not be filled), or `amount` cents of it. */
  refund(id: string, amount?: number): Promise<void>;
}

/** What the browser needs to show the right payment form (GET /api/payment-config). */
export interface PaymentClientConfig {
  provider: PaymentProviderName;
  /** Stripe's publishable key; null in test mode. */
  publishableKey: string | null;
}
