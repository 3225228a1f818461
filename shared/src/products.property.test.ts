import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PRODUCT_CATEGORIES } from './constants';
import { LIMITS } from './limits';
import { MESSAGES } from './messages';
import { productCreateInputSchema, productFormSchema, productUpdateInputSchema } from './products';
import {
  assertHostileFieldsRefusedCleanly,
  httpUrl,
  messagesOf,
  nonBlankText,
  padded,
  runs,
  storedFilePath,
} from './test-arbitraries';

// The product form's rules (part 2 §5): price at least 1 cent, shipping and stock not negative, SKU required,
// amounts typed in dollars and stored in integer cents; and the chosen caps (LIMITS).

const V = MESSAGES.validation;
const price = fc.integer({ min: 1, max: LIMITS.priceMaxCents });
const shippingFee = fc.integer({ min: 0, max: LIMITS.priceMaxCents });
const stock = fc.integer({ min: 0, max: LIMITS.stockMax });
const imageUrl = fc.oneof(httpUrl, storedFilePath).filter((u) => u.length <= LIMITS.urlMax);

const product = fc.record(
  {
    name: padded(nonBlankText(LIMITS.titleMax)),
    description: fc.option(nonBlankText(LIMITS.descriptionMax, 'grapheme-ascii'), { nil: null }),
    category: fc.constantFrom(...PRODUCT_CATEGORIES),
    price,
    shippingFee,
    stock,
    sku: fc.stringMatching(/^[A-Z0-9][A-Z0-9-]{0,63}$/).filter((s) => s.length <= LIMITS.skuMax),
    imageUrl: fc.option(imageUrl, { nil: null }),
    featured: fc.boolean(),
    active: fc.boolean(),
    isMerch: fc.boolean(),
  },
  { requiredKeys: ['name', 'category', 'price', 'stock', 'sku'] },
);

/** The form always sends its three switches. */
const FORM_FLAGS = { featured: false, active: true, isMerch: false };

/** 1999 → '19.99', as a person types it. */
const dollarsText = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

describe('productCreateInputSchema', () => {
  it('accepts every valid product and parses its own output unchanged, also after a JSON round trip', () => {
    fc.assert(
      fc.property(product, (input) => {
        const out = productCreateInputSchema.parse(input);
        expect(out.name).toBe(input.name.trim());
        expect(out.price).toBe(input.price);
        expect(out.shippingFee).toBe(input.shippingFee ?? LIMITS.defaultShippingFeeCents);
        expect(productCreateInputSchema.parse(JSON.parse(JSON.stringify(out)))).toEqual(out);
      }),
      runs(),
    );
  });

  it('refuses a price under 1 cent, over $100,000, or not in whole cents, with the form messages', () => {
    fc.assert(
      fc.property(product, fc.integer({ min: -1_000_000_000, max: 0 }), (input, cents) => {
        expect(messagesOf(productCreateInputSchema, { ...input, price: cents })).toEqual([V.priceMin]);
      }),
      runs(100),
    );
    fc.assert(
      fc.property(product, fc.integer({ min: LIMITS.priceMaxCents + 1 }), (input, cents) => {
        expect(messagesOf(productCreateInputSchema, { ...input, price: cents })).toEqual([V.priceTooHigh]);
      }),
      runs(100),
    );
    fc.assert(
      fc.property(product, fc.double({ min: 1.001, max: 1e6, noNaN: true }), (input, cents) => {
        fc.pre(!Number.isInteger(cents));
        expect(messagesOf(productCreateInputSchema, { ...input, price: cents })).toEqual([V.amountInvalid]);
      }),
      runs(100),
    );
  });

  it('refuses a negative shipping fee or stock with "cannot be negative"', () => {
    fc.assert(
      fc.property(product, fc.integer({ min: -1_000_000_000, max: -1 }), (input, n) => {
        expect(messagesOf(productCreateInputSchema, { ...input, shippingFee: n })).toEqual([V.shippingFeeNegative]);
        expect(messagesOf(productCreateInputSchema, { ...input, stock: n })).toEqual([V.stockNegative]);
      }),
      runs(100),
    );
  });

  it('refuses picture addresses that are not http(s) or a stored file, such as javascript: and traversal', () => {
    const bad = fc.oneof(
      fc.constantFrom(
        'javascript:alert(1)',
        'JaVaScRiPt:alert(1)',
        'data:image/png;base64,AAAA',
        'file:///etc/passwd',
        '//evil.example/x.png',
        '/api/file/../../etc/passwd',
        '/api/file/a/%2e%2e/b.jpg',
        '/etc/passwd',
        'ftp://example.com/x.png',
      ),
      fc.webUrl({ validSchemes: ['ftp', 'ws', 'file'] }),
    );
    fc.assert(
      fc.property(product, bad, (input, url) => {
        expect(messagesOf(productCreateInputSchema, { ...input, imageUrl: url })).toEqual([V.imageUrlInvalid]);
      }),
      runs(100),
    );
  });

  it('refuses a hostile value in any field with a message, never another error', () => {
    const fields = ['name', 'category', 'price', 'shippingFee', 'stock', 'sku', 'imageUrl', 'featured'];
    assertHostileFieldsRefusedCleanly(productCreateInputSchema, product, fields, 400);
  });

  it('an update takes any subset with a positive id', () => {
    fc.assert(
      fc.property(product, fc.integer({ min: 1 }), fc.boolean(), (input, id, odd) => {
        const subset = Object.fromEntries(Object.entries(input).filter((_, i) => i % 2 === Number(odd)));
        expect(productUpdateInputSchema.parse({ ...subset, id })).toMatchObject({ id });
      }),
      runs(),
    );
  });
});

describe('productFormSchema (dollars typed, cents sent)', () => {
  it('turns every typed dollar amount into exactly its cents (19.99 is 1999, not 1998)', () => {
    fc.assert(
      fc.property(product, price, shippingFee, stock, (input, cents, fee, units) => {
        const out = productFormSchema.parse({
          ...FORM_FLAGS,
          ...input,
          price: dollarsText(cents),
          shippingFee: ` ${dollarsText(fee)} `,
          stock: String(units),
          imageUrl: input.imageUrl ?? '',
        });
        expect(out).toMatchObject({ price: cents, shippingFee: fee, stock: units });
      }),
      runs(),
    );
  });

  it('refuses amounts that are not dollars and cents (three decimals, exponents, currency signs, thousands)', () => {
    const notDollars = fc.oneof(
      fc.constantFrom('1.234', '1e3', '$5', '1,000', 'abc', '', ' ', '0x10', '--1', '1.2.3', 'Infinity', 'NaN'),
      fc.tuple(price, fc.integer({ min: 0, max: 9 })).map(([c, d]) => `${dollarsText(c)}${d}`),
    );
    fc.assert(
      fc.property(product, notDollars, (input, typed) => {
        const messages = messagesOf(productFormSchema, {
          ...FORM_FLAGS,
          ...input,
          imageUrl: '',
          price: typed,
          shippingFee: '1',
          stock: '1',
        });
        expect(messages.length).toBeGreaterThan(0);
        expect([V.priceFormat, V.amountInvalid]).toEqual(expect.arrayContaining(messages));
      }),
      runs(),
    );
  });

  it('refuses a stock that is not a whole number of 0 or more', () => {
    const notStock = fc.oneof(
      fc.constantFrom('', ' ', '1.5', 'ten', '-1', 'Infinity', '1e400'),
      fc.integer({ min: LIMITS.stockMax + 1 }).map(String),
    );
    fc.assert(
      fc.property(product, notStock, (input, typed) => {
        const messages = messagesOf(productFormSchema, {
          ...FORM_FLAGS,
          ...input,
          imageUrl: '',
          price: '1',
          shippingFee: '1',
          stock: typed,
        });
        expect(messages.length).toBe(1);
        expect([V.stockWhole, V.stockNegative]).toContain(messages[0]);
      }),
      runs(100),
    );
  });
});
