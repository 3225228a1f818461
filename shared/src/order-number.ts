// The one way an order's number is written, everywhere a person reads it: the success page, My Orders, the admin
// dashboard and every e-mail. The number is the stored order id (docs/decisions.md, Shop), not a display-only one.

/** An order's number as people read it: "#1042". */
export function formatOrderNumber(orderId: number): string {
  return `#${orderId}`;
}
