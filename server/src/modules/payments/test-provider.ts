import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { badRequest } from '../../errors';
import type { CreateProviderPayment, PaymentProvider, ProviderPayment } from './provider';

// The built-in provider used when no Stripe keys are set, so checkout works with zero setup. It behaves like
// Stripe's test mode: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined. Its payments live in this
// process's memory (a restart forgets unpaid ones; paid ones are already orders by then).

export const TEST_CARD_SUCCESS = '4242424242424242';
export const TEST_CARD_DECLINED = '4000000000000002';
export const DECLINED_MESSAGE = 'Your card was declined.';
export const INCORRECT_NUMBER_MESSAGE = 'Your card number is incorrect.';

export class TestPaymentProvider implements PaymentProvider {
  readonly name = 'test' as const;
  private readonly payments = new Map<string, ProviderPayment>();
  constructor(private readonly secret: string) {}

  async create(input: CreateProviderPayment) {
    const id = `test_pi_${randomBytes(12).toString('hex')}`;
    this.payments.set(id, {
      id,
      status: 'requires_payment',
      amount: input.amount,
      currency: input.currency,
      metadata: { ...input.metadata },
    });
    return { id, clientSecret: this.clientSecretFor(id) };
  }

  async retrieve(id: string): Promise<ProviderPayment | null> {
    const payment = this.payments.get(id);
    return payment ? { ...payment, metadata: { ...payment.metadata } } : null;
  }

  async refund(id: string): Promise<void> {
    const payment = this.payments.get(id);
    if (payment) payment.status = 'canceled';
  }

  /** The client secret proves the caller received it from our create call (an HMAC, so nothing to store). */
  clientSecretFor(id: string): string {
    return `${id}_secret_${createHmac('sha256', this.secret).update(id).digest('hex').slice(0, 24)}`;
  }

  /** The test card form's "Pay": succeeds or throws the decline message (card number with or without spaces). */
  confirm(id: string, clientSecret: string, cardNumber: string): ProviderPayment {
    const payment = this.payments.get(id);
    const expected = Buffer.from(this.clientSecretFor(id));
    const given = Buffer.from(clientSecret);
    if (!payment || expected.length !== given.length || !timingSafeEqual(expected, given)) {
      throw badRequest('This payment could not be found. Please start the checkout again.');
    }
    if (payment.status === 'succeeded') return { ...payment };
    if (payment.status === 'canceled') throw badRequest('This payment was canceled. Please start the checkout again.');
    const digits = cardNumber.replace(/[\s-]/g, '');
    if (digits === TEST_CARD_DECLINED) throw badRequest(DECLINED_MESSAGE);
    if (digits !== TEST_CARD_SUCCESS) throw badRequest(INCORRECT_NUMBER_MESSAGE);
    payment.status = 'succeeded';
    return { ...payment };
  }
}
