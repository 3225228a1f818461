import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { badRequest } from '../../errors';
import type { CreateProviderPayment, PaymentProvider, ProviderPayment } from './provider';
import { TestProviderPaymentEntity } from './test-provider-payment.entity';

// The built-in provider used when no Stripe keys are set, so checkout works with zero setup. It behaves like
// Stripe's test mode: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined. Its payments are rows of
// test_provider_payments (Stripe's side of a payment), so every app server sees the same ones.

export const TEST_CARD_SUCCESS = '4242424242424242';
export const TEST_CARD_DECLINED = '4000000000000002';
export const DECLINED_MESSAGE = 'Your card was declined.';
export const INCORRECT_NUMBER_MESSAGE = 'Your card number is incorrect.';
const NOT_FOUND_MESSAGE = 'This payment could not be found. Please start the checkout again.';

export class TestPaymentProvider implements PaymentProvider {
  readonly name = 'test' as const;
  constructor(
    private readonly ds: DataSource,
    private readonly secret: string,
  ) {}

  private get rows() {
    return this.ds.getRepository(TestProviderPaymentEntity);
  }

  async create(input: CreateProviderPayment) {
    const id = `test_pi_${randomBytes(12).toString('hex')}`;
    await this.rows.insert({
      id,
      status: 'requires_payment',
      amount: input.amount,
      currency: input.currency,
      metadata: { ...input.metadata },
    });
    return { id, clientSecret: this.clientSecretFor(id) };
  }

  async retrieve(id: string): Promise<ProviderPayment | null> {
    const row = await this.rows.findOneBy({ id });
    return row
      ? { id: row.id, status: row.status, amount: row.amount, currency: row.currency, metadata: { ...row.metadata } }
      : null;
  }

  async refund(id: string): Promise<void> {
    await this.rows.update({ id }, { status: 'canceled' });
  }

  /** The client secret proves the caller received it from our create call (an HMAC, so nothing to store). */
  clientSecretFor(id: string): string {
    return `${id}_secret_${createHmac('sha256', this.secret).update(id).digest('hex').slice(0, 24)}`;
  }

  /**
   * The test card form's "Pay": succeeds or throws the decline message (card number with or without spaces).
   * Paying twice at once is one payment: only the call that moves it from requires_payment marks it paid.
   */
  async confirm(id: string, clientSecret: string, cardNumber: string): Promise<ProviderPayment> {
    const expected = Buffer.from(this.clientSecretFor(id));
    const given = Buffer.from(clientSecret);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw badRequest(NOT_FOUND_MESSAGE);
    const payment = await this.retrieve(id);
    if (!payment) throw badRequest(NOT_FOUND_MESSAGE);
    if (payment.status === 'succeeded') return payment;
    if (payment.status === 'canceled') throw badRequest('This payment was canceled. Please start the checkout again.');
    const digits = cardNumber.replace(/[\s-]/g, '');
    if (digits === TEST_CARD_DECLINED) throw badRequest(DECLINED_MESSAGE);
    if (digits !== TEST_CARD_SUCCESS) throw badRequest(INCORRECT_NUMBER_MESSAGE);
    const marked = await this.rows.update({ id, status: 'requires_payment' }, { status: 'succeeded' });
    if (marked.affected) return { ...payment, status: 'succeeded' };
    // A twin click paid it (or it was canceled) between the read above and this update: return what it is now.
    const now = await this.retrieve(id);
    if (now?.status !== 'succeeded') throw badRequest('This payment was canceled. Please start the checkout again.');
    return now;
  }
}
