import { describe, expect, it } from 'vitest';
import { addToCartInputSchema, normalizeQuantity, updateCartItemInputSchema } from './cart';
import { issuesOf } from './test-helpers';

describe('addToCartInputSchema', () => {
  it('strips a client-sent price from a print', () => {
    const item = addToCartInputSchema.parse({ carId: 1, imageId: 2, productId: 3, quantity: 2, price: 1 });
    expect(item).toEqual({ carId: 1, imageId: 2, productId: 3, quantity: 2 });
    expect(item).not.toHaveProperty('price');
  });

  it('accepts merchandise without car or image, quantity defaulting to 1', () => {
    expect(addToCartInputSchema.parse({ productId: 3, price: 0 })).toEqual({ productId: 3, quantity: 1 });
  });

  it('needs a product', () => {
    expect(issuesOf(addToCartInputSchema, { quantity: 1 }).productId).toBeDefined();
  });

  it.each([0, -1, 1.5])('rejects quantity %j', (quantity) => {
    expect(issuesOf(addToCartInputSchema, { productId: 3, quantity }).quantity).toEqual([
      'Quantity must be at least 1',
    ]);
  });

  it('caps a single line', () => {
    expect(issuesOf(addToCartInputSchema, { productId: 3, quantity: 100 }).quantity).toEqual([
      'Quantity cannot exceed 99',
    ]);
  });
});

describe('updateCartItemInputSchema', () => {
  it('never goes below 1', () => {
    expect(updateCartItemInputSchema.parse({ id: 5, quantity: 1 })).toEqual({ id: 5, quantity: 1 });
    expect(issuesOf(updateCartItemInputSchema, { id: 5, quantity: 0 }).quantity).toEqual([
      'Quantity must be at least 1',
    ]);
  });
});

describe('normalizeQuantity', () => {
  it.each([
    ['3', 3],
    [2, 2],
    ['abc', 1],
    ['', 1],
    [null, 1],
    [0, 1],
    [-4, 1],
    [2.7, 2],
    [500, 99],
  ])('%j → %i', (input, expected) => {
    expect(normalizeQuantity(input)).toBe(expected);
  });

  it('takes a smaller maximum, such as the stock', () => {
    expect(normalizeQuantity(8, 5)).toBe(5);
  });
});
