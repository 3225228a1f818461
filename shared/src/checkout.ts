import { z } from 'zod';
import { EMAIL_INPUT_DOCUMENTED, emailSchema } from './accounts';
import { centsSchema, NOT_BLANK_PATTERN, optionalText, requiredText } from './common';
import { LIMITS } from './limits';
import { MESSAGES } from './messages';
import { US_STATE_CODES } from './us-states';

// Checkout and card payment (part 2 §2, §3, §4, §5, §7). The server prices the signed-in user's cart itself:
// amounts and items sent by a client are never read.

const V = MESSAGES.validation;

/** US ZIP code: 12345 or 12345-6789. */
export const US_POSTAL_CODE = /^\d{5}(-\d{4})?$/;

/** US_STATE_CODES in either case, spaces around allowed (the check trims and upper-cases), as a JSON Schema pattern. */
const STATE_CODE_PATTERN = `^\\s*(${US_STATE_CODES.map((code) =>
  [...code].map((letter) => `[${letter}${letter.toLowerCase()}]`).join(''),
).join('|')})\\s*$`;

export const shippingAddressSchema = z.object({
  name: requiredText(V.fullNameRequired, LIMITS.nameMax),
  line1: requiredText(V.addressLine1Required, LIMITS.addressLineMax),
  line2: optionalText(LIMITS.addressLineMax).transform((value) => value ?? null),
  city: requiredText(V.cityRequired, LIMITS.addressLineMax),
  state: z
    .string({ error: V.stateRequired })
    .trim()
    .toUpperCase()
    .pipe(z.enum(US_STATE_CODES, { error: V.stateRequired }))
    .meta({ pattern: STATE_CODE_PATTERN, description: 'A US state code (AL … WY, DC), in either case' }),
  postalCode: z
    .string({ error: V.postalCodeInvalid })
    .trim()
    .regex(US_POSTAL_CODE, V.postalCodeInvalid)
    .meta({ pattern: '^\\s*\\d{5}(-\\d{4})?\\s*$' }),
  country: z.enum(['US'], { error: V.countryUnsupported }).default('US'),
});
export type ShippingAddress = z.infer<typeof shippingAddressSchema>;
export type ShippingAddressInput = z.input<typeof shippingAddressSchema>;

/** An address as stored with an order (responses). */
export const shippingAddressOutputSchema = z.object({
  name: z.string(),
  line1: z.string(),
  line2: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
  country: z.string(),
});

/**
 * The checkout's shipping step (its form validates these fields) and the flat body of POST /api/create-payment-intent.
 * The spec's client also sends items and amounts (amount, shipping, tax, total): they are stripped.
 */
export const createPaymentIntentInputSchema = z.object({
  email: z.string({ error: V.email }).pipe(emailSchema).meta(EMAIL_INPUT_DOCUMENTED),
  shippingAddress: shippingAddressSchema,
});
export type CreatePaymentIntentInput = z.infer<typeof createPaymentIntentInputSchema>;

/**
 * POST /api/create-payment-intent as the spec documents it, `{items, orderInfo: {amount, shipping, tax, total, email,
 * shippingAddress}}`, or the flat `{email, shippingAddress}`. Only the e-mail and shipping address are read (those in
 * orderInfo first); the items and every amount are not read, since the server prices the cart itself.
 */
export const createPaymentIntentRequestSchema = z
  .object({
    email: createPaymentIntentInputSchema.shape.email.optional(),
    shippingAddress: shippingAddressSchema.optional(),
    /** The spec's client's cart lines (carId, imageId, productId, quantity, price): not read. */
    items: z.array(z.unknown()).optional().describe('Not read: the server prices the signed-in user’s cart'),
    orderInfo: z
      .object({
        email: createPaymentIntentInputSchema.shape.email.optional(),
        shippingAddress: shippingAddressSchema.optional(),
        amount: ignored('Not read: the server computes the amount'),
        shipping: ignored('Not read: the server computes the shipping'),
        tax: ignored('Not read: the server computes the tax'),
        total: ignored('Not read: the server computes the total'),
      })
      .optional(),
  })
  .meta({
    // The e-mail and the shipping address are each required, in orderInfo or beside it (orderInfo's first).
    allOf: ['email', 'shippingAddress'].map((field) => ({
      anyOf: [{ required: [field] }, { required: ['orderInfo'], properties: { orderInfo: { required: [field] } } }],
    })),
  })
  .transform((body, ctx): CreatePaymentIntentInput => {
    const email = body.orderInfo?.email ?? body.email;
    const shippingAddress = body.orderInfo?.shippingAddress ?? body.shippingAddress;
    const at = body.orderInfo ? ['orderInfo'] : [];
    if (email === undefined) ctx.addIssue({ code: 'custom', path: [...at, 'email'], message: V.email });
    if (shippingAddress === undefined)
      ctx.addIssue({ code: 'custom', path: [...at, 'shippingAddress'], message: V.shippingAddressRequired });
    return { email: email ?? '', shippingAddress: shippingAddress as ShippingAddress };
  });

/** A field a documented request may carry that the server does not read. */
function ignored(description: string) {
  return z.unknown().optional().describe(description);
}

export const PAYMENT_PROVIDERS = ['stripe', 'test'] as const;

export const createPaymentIntentOutputSchema = z.object({
  /** Handed to the card form; with the 'test' provider it is a stand-in the test card form understands. */
  clientSecret: z.string(),
  /** The cart subtotal in cents (the spec's name). */
  amount: centsSchema,
  shipping: centsSchema,
  tax: centsSchema,
  /** What the card is charged: amount + shipping + tax. */
  total: centsSchema,
  paymentId: z.string(),
  provider: z.enum(PAYMENT_PROVIDERS),
});
export type CreatePaymentIntentOutput = z.infer<typeof createPaymentIntentOutputSchema>;

/**
 * POST /api/payment-orders: records the order once the payment has succeeded. Only paymentId is read; the server
 * takes amounts, address and e-mail from the payment it created. The spec's other fields are stripped.
 */
export const paymentOrderInputSchema = z.object({
  paymentId: z.string().trim().min(1).max(LIMITS.paymentIdMax).meta({ pattern: NOT_BLANK_PATTERN }),
});
export type PaymentOrderInput = z.infer<typeof paymentOrderInputSchema>;

/** GET /api/payment-config: which payment form the checkout shows. */
export const paymentConfigSchema = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  /** Stripe's publishable key; null in test mode. */
  publishableKey: z.string().nullable(),
});
export type PaymentConfig = z.infer<typeof paymentConfigSchema>;

/** The built-in test provider's card form (test mode only): 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined. */
/** A card number once trimmed: 12 to 23 digits, spaces and dashes. */
const CARD_NUMBER = /^[\d\s-]{12,23}$/;
/** CARD_NUMBER as sent, before the trim: spaces around, then a number that starts and ends with no space. */
const CARD_NUMBER_SENT = '^\\s*[\\d-][\\d\\s-]{10,21}[\\d-]\\s*$';

export const testCardPaymentInputSchema = z.object({
  paymentId: z.string().trim().min(1).max(LIMITS.paymentIdMax).meta({ pattern: NOT_BLANK_PATTERN }),
  clientSecret: z.string().trim().min(1).max(LIMITS.paymentIdMax).meta({ pattern: NOT_BLANK_PATTERN }),
  cardNumber: z
    .string({ error: MESSAGES.cardForm.cardNumberRequired })
    .trim()
    .min(1, { error: MESSAGES.cardForm.cardNumberRequired, abort: true })
    .regex(CARD_NUMBER, MESSAGES.cardForm.cardNumberIncomplete)
    .meta({ pattern: CARD_NUMBER_SENT }),
});
export type TestCardPaymentInput = z.infer<typeof testCardPaymentInputSchema>;
