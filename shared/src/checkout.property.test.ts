import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createPaymentIntentInputSchema, paymentOrderInputSchema, shippingAddressSchema } from './checkout';
import { LIMITS } from './limits';
import { MESSAGES } from './messages';
import {
  assertHostileFieldsRefusedCleanly,
  everydayEmail,
  messagesOf,
  nonBlankText,
  padded,
  runs,
} from './test-arbitraries';
import { US_STATE_CODES } from './us-states';

// Checkout (part 2 §5): every address field but line 2 required, the 50 states plus DC, a US ZIP code; amounts and
// items sent by the client are never read.

const V = MESSAGES.validation;
const zip = fc.oneof(fc.stringMatching(/^\d{5}$/), fc.stringMatching(/^\d{5}-\d{4}$/));
const state = fc
  .tuple(fc.constantFrom(...US_STATE_CODES), fc.boolean())
  .map(([code, lower]) => (lower ? code.toLowerCase() : code));
const address = fc.record(
  {
    name: padded(nonBlankText(LIMITS.nameMax)),
    line1: nonBlankText(LIMITS.addressLineMax),
    line2: fc.option(nonBlankText(LIMITS.addressLineMax), { nil: null }),
    city: nonBlankText(LIMITS.addressLineMax),
    state: padded(state),
    postalCode: padded(zip),
    country: fc.constant('US'),
  },
  { requiredKeys: ['name', 'line1', 'city', 'state', 'postalCode'] },
);

describe('shippingAddressSchema', () => {
  it('accepts every complete US address, upper-cases the state, and parses its own output unchanged', () => {
    fc.assert(
      fc.property(address, (input) => {
        const out = shippingAddressSchema.parse(input);
        expect(out.state).toBe(input.state.trim().toUpperCase());
        expect(out.postalCode).toBe(input.postalCode.trim());
        expect(out.country).toBe('US');
        expect(out.line2 === null || out.line2.length > 0).toBe(true);
        expect(shippingAddressSchema.parse(JSON.parse(JSON.stringify(out)))).toEqual(out);
      }),
      runs(),
    );
  });

  it('refuses a state outside the 50 states and DC with "Please select a state"', () => {
    const notAState = fc
      .oneof(fc.stringMatching(/^[A-Z]{2}$/), fc.constantFrom('PR', 'GU', 'XX', 'California', 'C A', '', 'ＣＡ'))
      .filter((s) => !(US_STATE_CODES as readonly string[]).includes(s.trim().toUpperCase()));
    fc.assert(
      fc.property(address, notAState, (input, s) => {
        expect(messagesOf(shippingAddressSchema, { ...input, state: s })).toEqual([V.stateRequired]);
      }),
      runs(),
    );
  });

  it('refuses a ZIP code that is not 12345 or 12345-6789', () => {
    const notZip = fc
      .oneof(
        fc.stringMatching(/^\d{1,4}$/),
        fc.stringMatching(/^\d{6,9}$/),
        fc.constantFrom('1234a', '12345-', '12345-678', 'ABCDE', '１２３４５', '12345\n6789', "12345' OR 1=1"),
      )
      .filter((s) => !/^\d{5}(-\d{4})?$/.test(s.trim()));
    fc.assert(
      fc.property(address, notZip, (input, postalCode) => {
        expect(messagesOf(shippingAddressSchema, { ...input, postalCode })).toEqual([V.postalCodeInvalid]);
      }),
      runs(),
    );
  });

  it('ships to the United States only', () => {
    fc.assert(
      fc.property(address, fc.stringMatching(/^[A-Z]{2}$/), (input, country) => {
        fc.pre(country !== 'US');
        expect(messagesOf(shippingAddressSchema, { ...input, country })).toEqual([V.countryUnsupported]);
      }),
      runs(50),
    );
  });

  it('refuses a hostile value in any field with a message, never another error', () => {
    assertHostileFieldsRefusedCleanly(
      shippingAddressSchema,
      address,
      ['name', 'line1', 'line2', 'city', 'state', 'postalCode', 'country'],
      300,
    );
  });
});

describe('createPaymentIntentInputSchema and paymentOrderInputSchema', () => {
  it('keep only the e-mail and the address: items and amounts from the client are dropped', () => {
    fc.assert(
      fc.property(everydayEmail, address, fc.integer(), (email, shippingAddress, amount) => {
        const out = createPaymentIntentInputSchema.parse({
          email,
          shippingAddress,
          items: [{ productId: 1, price: amount }],
          amount,
          shipping: amount,
          tax: amount,
          total: amount,
        });
        expect(Object.keys(out).sort()).toEqual(['email', 'shippingAddress']);
      }),
      runs(),
    );
  });

  it('read only the paymentId, 1 to 255 characters', () => {
    fc.assert(
      fc.property(nonBlankText(LIMITS.paymentIdMax, 'grapheme-ascii'), fc.integer(), (paymentId, amount) => {
        expect(paymentOrderInputSchema.parse({ paymentId, totalAmount: amount, status: 'paid' })).toEqual({
          paymentId: paymentId.trim(),
        });
      }),
      runs(),
    );
    expect(paymentOrderInputSchema.safeParse({ paymentId: 'p'.repeat(LIMITS.paymentIdMax + 1) }).success).toBe(false);
    expect(paymentOrderInputSchema.safeParse({ paymentId: '   ' }).success).toBe(false);
  });
});
