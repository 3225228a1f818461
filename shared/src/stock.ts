import { LIMITS } from './limits';
import { MERCH_MESSAGES } from './messages/merch';

// Stock rules shown on the merchandise and car pages.

/** Merchandise quantity options: 1 up to the smaller of 10 and the stock; none when out of stock. */
export function merchQuantityOptions(stock: number): number[] {
  const highest = Math.min(LIMITS.merchQuantityMax, Math.max(0, Math.floor(stock)));
  return Array.from({ length: highest }, (_, index) => index + 1);
}

/** 'Only N left in stock!' at 1 to 5, 'Out of stock' at 0, otherwise nothing. */
export function stockNotice(stock: number): string | null {
  if (stock <= 0) return MERCH_MESSAGES.outOfStock;
  if (stock <= LIMITS.lowStockAt) return MERCH_MESSAGES.onlyLeft(stock);
  return null;
}
