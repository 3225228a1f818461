import { describe, expect, it } from 'vitest';
import {
  createPaymentIntentInputSchema,
  createPaymentIntentOutputSchema,
  createPaymentIntentRequestSchema,
  paymentOrderInputSchema,
  shippingAddressSchema,
  testCardPaymentInputSchema,
} from './checkout';
import { issuesOf } from './test-helpers';

const address = { name: 'Ada Lovelace', line1: '1 Main St', city: 'Austin', state: 'TX', postalCode: '78701' };

describe('shippingAddressSchema', () => {
  it('defaults the country to US and line2 to null', () => {
    expect(shippingAddressSchema.parse(address)).toEqual({ ...address, line2: null, country: 'US' });
  });

  it('accepts ZIP+4 and a lower-case state', () => {
    expect(shippingAddressSchema.parse({ ...address, state: ' dc ', postalCode: '20001-1234' })).toMatchObject({
      state: 'DC',
      postalCode: '20001-1234',
    });
  });

  it('names every missing field', () => {
    expect(issuesOf(shippingAddressSchema, {})).toEqual({
      name: ['Full name is required'],
      line1: ['Address line 1 is required'],
      city: ['City is required'],
      state: ['Please select a state'],
      postalCode: ['Please enter a valid ZIP code'],
    });
  });

  it.each(['1234', '123456', '12345-12', 'ABCDE', '12345 6789'])('rejects ZIP %j', (postalCode) => {
    expect(issuesOf(shippingAddressSchema, { ...address, postalCode }).postalCode).toEqual([
      'Please enter a valid ZIP code',
    ]);
  });

  it('rejects a state outside the 50 states and DC, and other countries', () => {
    expect(issuesOf(shippingAddressSchema, { ...address, state: 'PR' }).state).toEqual(['Please select a state']);
    expect(issuesOf(shippingAddressSchema, { ...address, country: 'CA' }).country).toEqual([
      'We currently ship to the United States only',
    ]);
  });
});

describe('createPaymentIntentInputSchema', () => {
  it('strips the items and amounts the spec client sends', () => {
    const input = createPaymentIntentInputSchema.parse({
      email: 'Ada@Example.com',
      shippingAddress: { ...address, country: 'US' },
      items: [{ productId: 1, quantity: 1, price: 1 }],
      amount: 1,
      shipping: 0,
      tax: 0,
      total: 1,
    });
    expect(input).toEqual({ email: 'ada@example.com', shippingAddress: { ...address, line2: null, country: 'US' } });
  });

  it('needs a valid e-mail', () => {
    expect(issuesOf(createPaymentIntentInputSchema, { email: 'x', shippingAddress: address }).email).toEqual([
      'Please enter a valid email address',
    ]);
  });
});

describe('createPaymentIntentRequestSchema', () => {
  const expected = { email: 'ada@example.com', shippingAddress: { ...address, line2: null, country: 'US' } };

  it('reads e-mail and address from the documented orderInfo, and nothing else', () => {
    const input = createPaymentIntentRequestSchema.parse({
      items: [{ carId: 3, imageId: 4, productId: 1, quantity: 1, price: 1 }],
      orderInfo: { amount: 1, shipping: 0, tax: 0, total: 1, email: 'Ada@Example.com', shippingAddress: address },
    });
    expect(input).toEqual(expected);
  });

  it('takes the flat fields beside an orderInfo that carries only amounts', () => {
    const input = { email: 'ada@example.com', shippingAddress: address, orderInfo: { amount: 1, total: 1 } };
    expect(createPaymentIntentRequestSchema.parse(input)).toEqual(expected);
  });

  it('keeps the flat form', () => {
    expect(createPaymentIntentRequestSchema.parse({ email: 'ada@example.com', shippingAddress: address })).toEqual(
      expected,
    );
  });

  it('names what is missing, inside orderInfo too', () => {
    expect(issuesOf(createPaymentIntentRequestSchema, {})).toEqual({
      email: ['Please enter a valid email address'],
      shippingAddress: ['Please enter a shipping address'],
    });
    expect(
      issuesOf(createPaymentIntentRequestSchema, { orderInfo: { email: 'x', shippingAddress: address } })[
        'orderInfo.email'
      ],
    ).toEqual(['Please enter a valid email address']);
    expect(issuesOf(createPaymentIntentRequestSchema, { orderInfo: { total: 1 } })).toEqual({
      'orderInfo.email': ['Please enter a valid email address'],
      'orderInfo.shippingAddress': ['Please enter a shipping address'],
    });
  });
});

describe('payment intent response and payment order', () => {
  it('carries integer cents and the provider', () => {
    const response = {
      clientSecret: 'pi_1_secret_2',
      amount: 10000,
      shipping: 1000,
      tax: 725,
      total: 11725,
      paymentId: 'pi_1',
      provider: 'stripe',
    };
    expect(createPaymentIntentOutputSchema.parse(response)).toEqual(response);
    expect(createPaymentIntentOutputSchema.safeParse({ ...response, total: 117.25 }).success).toBe(false);
  });

  it('reads only the payment id of a payment order', () => {
    expect(
      paymentOrderInputSchema.parse({ paymentId: 'pi_1', totalAmount: 1, subtotalAmount: 1, status: 'paid' }),
    ).toEqual({ paymentId: 'pi_1' });
    expect(paymentOrderInputSchema.safeParse({ totalAmount: 1 }).success).toBe(false);
  });
});

describe('testCardPaymentInputSchema', () => {
  const payment = { paymentId: 'test_pi_1', clientSecret: 'test_pi_1_secret' };
  it('tells a missing or short card number in words, as the card form shows it', () => {
    expect(issuesOf(testCardPaymentInputSchema, { ...payment, cardNumber: ' ' }).cardNumber).toEqual([
      'Enter the card number.',
    ]);
    expect(issuesOf(testCardPaymentInputSchema, { ...payment, cardNumber: '4242' }).cardNumber).toEqual([
      'Enter the full card number, like 4242 4242 4242 4242.',
    ]);
    expect(testCardPaymentInputSchema.parse({ ...payment, cardNumber: '4242 4242 4242 4242' }).cardNumber).toBe(
      '4242 4242 4242 4242',
    );
  });
});
