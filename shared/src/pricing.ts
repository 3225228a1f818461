import { LIMITS } from './limits';
import { computeTax } from './tax';

// Shipping, order totals and the car-page print total (part 1 §9, part 2 §9). All amounts are integer cents.

/**
 * Shipping for a cart: the highest shipping fee among its items; an item without a fee counts as the default 1000.
 * An empty cart ships nothing, so it costs 0 (the spec only describes carts with items).
 */
export function computeShipping(items: readonly { shippingFee?: number | null }[]): number {
  let highest = 0;
  for (const item of items) {
    const fee = item.shippingFee ?? LIMITS.defaultShippingFeeCents;
    if (fee > highest) highest = fee;
  }
  return highest;
}

export interface OrderLine {
  /** Price of one unit in cents, as the server knows it (never a client-sent price). */
  unitPrice: number;
  quantity: number;
  shippingFee?: number | null;
}

export interface OrderTotals {
  subtotal: number;
  shipping: number;
  tax: number;
  total: number;
}

/**
 * Subtotal, shipping, tax and total for a cart shipped to a state. Tax is on the subtotal only (not on shipping);
 * a missing or unknown state pays the default 6%, which is what the cart shows before an address is known.
 */
export function computeOrderTotals(input: { lines: readonly OrderLine[]; state?: string | null }): OrderTotals {
  let subtotal = 0;
  for (const line of input.lines) {
    if (!Number.isSafeInteger(line.unitPrice) || line.unitPrice < 0) {
      throw new RangeError(`unitPrice must be a non-negative integer of cents, got ${line.unitPrice}`);
    }
    if (!Number.isSafeInteger(line.quantity) || line.quantity < 1) {
      throw new RangeError(`quantity must be a positive integer, got ${line.quantity}`);
    }
    subtotal += line.unitPrice * line.quantity;
  }
  const shipping = computeShipping(input.lines);
  const tax = computeTax(subtotal, input.state);
  return { subtotal, shipping, tax, total: subtotal + shipping + tax };
}

/** Car page "Purchase Print" total: price × quantity × number of selected images (part 1 §9). */
export function carPrintTotal(unitPriceCents: number, quantity: number, selectedImageCount: number): number {
  return unitPriceCents * quantity * selectedImageCount;
}
