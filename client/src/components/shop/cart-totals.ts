import { type CartItem, computeOrderTotals, type OrderTotals, taxRateForState } from '@curbside/shared';

/** The same totals the server charges (shared pricing rules); without a state the default 6% applies. */
export function cartTotals(items: readonly CartItem[], state?: string | null): OrderTotals {
  return computeOrderTotals({
    lines: items.map((item) => ({
      unitPrice: item.price,
      quantity: item.quantity,
      shippingFee: item.product.shippingFee,
    })),
    state,
  });
}

/** "Tax (CA 7.25%)" once the state is known, else "Estimated tax (6%)". */
export function taxLabel(state?: string | null): string {
  const rate = taxRateForState(state);
  return state ? `Tax (${state} ${rate}%)` : `Estimated tax (${rate}%)`;
}
