import { describe, expect, it } from 'vitest';
import { carPrintTotal, computeOrderTotals, computeShipping } from './pricing';

describe('computeShipping', () => {
  it('is the highest fee among the items', () => {
    expect(computeShipping([{ shippingFee: 500 }, { shippingFee: 1500 }, { shippingFee: 700 }])).toBe(1500);
  });

  it('counts an item without a fee as the default 1000', () => {
    expect(computeShipping([{ shippingFee: 500 }, {}])).toBe(1000);
    expect(computeShipping([{ shippingFee: null }])).toBe(1000);
    expect(computeShipping([{ shippingFee: 1200 }, { shippingFee: undefined }])).toBe(1200);
  });

  it('honours a fee of 0 (free shipping) as a real fee', () => {
    expect(computeShipping([{ shippingFee: 0 }])).toBe(0);
  });

  it('is 0 for an empty cart', () => {
    expect(computeShipping([])).toBe(0);
  });
});

describe('computeOrderTotals', () => {
  it('adds subtotal, shipping and tax on the subtotal only', () => {
    const totals = computeOrderTotals({
      lines: [
        { unitPrice: 2500, quantity: 2, shippingFee: 1000 },
        { unitPrice: 5000, quantity: 1, shippingFee: 1500 },
      ],
      state: 'CA',
    });
    expect(totals).toEqual({ subtotal: 10000, shipping: 1500, tax: 725, total: 12225 });
  });

  it('uses 6% when the state is not known yet', () => {
    expect(computeOrderTotals({ lines: [{ unitPrice: 1999, quantity: 1 }] })).toEqual({
      subtotal: 1999,
      shipping: 1000,
      tax: 120, // 119.94
      total: 3119,
    });
  });

  it('is all zeros for an empty cart', () => {
    expect(computeOrderTotals({ lines: [], state: 'TX' })).toEqual({ subtotal: 0, shipping: 0, tax: 0, total: 0 });
  });

  it('refuses fractional cents and quantities below 1', () => {
    expect(() => computeOrderTotals({ lines: [{ unitPrice: 19.99, quantity: 1 }] })).toThrow(RangeError);
    expect(() => computeOrderTotals({ lines: [{ unitPrice: 100, quantity: 0 }] })).toThrow(RangeError);
  });
});

describe('carPrintTotal', () => {
  it('is price × quantity × selected images', () => {
    expect(carPrintTotal(2999, 2, 3)).toBe(17994);
    expect(carPrintTotal(2999, 1, 0)).toBe(0);
  });
});
