import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addToCartInputSchema, updateCartItemInputSchema } from './cart';
import { LIMITS } from './limits';
import { MESSAGES } from './messages';
import { normalizeQuantity } from './quantity';
import { checkRefusesCleanly, hostileValue, messagesOf, runs } from './test-arbitraries';

// Cart rules (part 1 §5, part 2 §5): quantity never below 1, prices never taken from the client.

const V = MESSAGES.validation;
const id = fc.integer({ min: 1, max: 2 ** 31 - 1 });
const quantity = fc.integer({ min: LIMITS.cartQuantityMin, max: LIMITS.cartQuantityMax });

describe('addToCartInputSchema', () => {
  it('accepts a print or merchandise line, and drops the price and any other field the client sends', () => {
    fc.assert(
      fc.property(
        fc.option(id, { nil: undefined }),
        fc.option(id, { nil: undefined }),
        id,
        quantity,
        fc.integer(),
        (carId, imageId, productId, qty, price) => {
          const out = addToCartInputSchema.parse({ carId, imageId, productId, quantity: qty, price, total: price });
          expect(out).toEqual(
            Object.fromEntries(
              Object.entries({ carId, imageId, productId, quantity: qty }).filter(([, v]) => v !== undefined),
            ),
          );
        },
      ),
      runs(),
    );
  });

  it('refuses a quantity under 1 or over 99, or not whole, with the cart messages', () => {
    fc.assert(
      fc.property(id, fc.integer({ max: 0 }), (productId, qty) => {
        expect(messagesOf(addToCartInputSchema, { productId, quantity: qty })).toEqual([V.quantityMin]);
        expect(messagesOf(updateCartItemInputSchema, { id: productId, quantity: qty })).toEqual([V.quantityMin]);
      }),
      runs(),
    );
    fc.assert(
      fc.property(id, fc.integer({ min: LIMITS.cartQuantityMax + 1 }), (productId, qty) => {
        expect(messagesOf(updateCartItemInputSchema, { id: productId, quantity: qty })).toEqual([V.quantityMax]);
      }),
      runs(),
    );
    fc.assert(
      fc.property(id, fc.double({ min: 1, max: 99, noNaN: true }), (productId, qty) => {
        fc.pre(!Number.isInteger(qty));
        expect(messagesOf(updateCartItemInputSchema, { id: productId, quantity: qty })).toEqual([V.quantityMin]);
      }),
      runs(),
    );
  });

  it('refuses hostile ids and quantities with a message, never another error', () => {
    fc.assert(
      fc.property(hostileValue, hostileValue, hostileValue, (productId, qty, imageId) => {
        checkRefusesCleanly(addToCartInputSchema, { productId, quantity: qty, imageId });
        checkRefusesCleanly(updateCartItemInputSchema, { id: productId, quantity: qty });
      }),
      runs(300),
    );
  });
});

describe('normalizeQuantity (the stepper)', () => {
  it('always gives a whole number from 1 to the maximum, whatever is typed', () => {
    fc.assert(
      fc.property(hostileValue, fc.integer({ min: 1, max: 1000 }), (typed, max) => {
        const q = normalizeQuantity(typed, max);
        expect(Number.isInteger(q)).toBe(true);
        expect(q).toBeGreaterThanOrEqual(1);
        expect(q).toBeLessThanOrEqual(max);
      }),
      runs(300),
    );
  });
});
