import { z } from 'zod';
import { shippingAddressOutputSchema } from './checkout';
import { centsSchema, idSchema, isoDateTimeSchema, optionalText, pageQuerySchema } from './common';
import { ORDER_STATUSES, type OrderStatus } from './constants';
import { LIMITS } from './limits';
import { MESSAGES } from './messages';
import { centsToDollars } from './money';

// Orders as customers and admins see them (part 1 §3, §4, §7; part 2 §2, §3, §4, §7).

const V = MESSAGES.validation;

export const orderStatusSchema = z.enum(ORDER_STATUSES, { error: V.orderStatusRequired });

export const orderItemSchema = z.object({
  id: idSchema,
  /** Name and picture as they were when the order was placed. */
  product: z.object({ name: z.string(), imageUrl: z.string().nullable() }),
  car: z.object({ make: z.string(), model: z.string() }).nullable(),
  printSize: z.string().nullable(),
  priceAtPurchase: centsSchema,
  quantity: z.number().int().positive(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

export const orderSchema = z.object({
  id: idSchema,
  status: orderStatusSchema,
  createdAt: isoDateTimeSchema,
  subtotal: centsSchema,
  shipping: centsSchema,
  tax: centsSchema,
  total: centsSchema,
  email: z.string(),
  /** The account that placed the order; null if it has since been deleted. */
  customer: z.object({ name: z.string().nullable(), username: z.string(), email: z.string() }).nullable(),
  shippingAddress: shippingAddressOutputSchema,
  items: z.array(orderItemSchema),
  trackingNumber: z.string().nullable(),
  notes: z.string().nullable(),
});
export type Order = z.infer<typeof orderSchema>;

/** GET /api/user/orders and GET /api/orders: newest first. */
export const orderListSchema = z.array(orderSchema);

/** A dollar amount in a response (the payment order record's, as the spec gives it): cents / 100. */
const dollarsSchema = z.number().nonnegative();

/**
 * POST /api/payment-orders responds with the saved payment order record (part 2 §3): paymentId, the amounts in dollars
 * (the spec's notes give them so), status 'paid', shippingAddress and email; alongside them the order itself, as
 * every other order call returns it, with the order's own status (pending …) under `orderStatus`.
 */
export const paymentOrderRecordSchema = z.object({
  ...orderSchema.shape,
  paymentId: z.string(),
  totalAmount: dollarsSchema,
  subtotalAmount: dollarsSchema,
  shippingAmount: dollarsSchema,
  taxAmount: dollarsSchema,
  /** The payment's status: the record is saved once the provider says it succeeded. */
  status: z.literal('paid'),
  orderStatus: orderStatusSchema,
});
export type PaymentOrderRecord = z.infer<typeof paymentOrderRecordSchema>;

/** The saved payment order record of `order`, paid by the provider's `paymentId`. */
export function toPaymentOrderRecord(order: Order, paymentId: string): PaymentOrderRecord {
  return {
    ...order,
    paymentId,
    totalAmount: centsToDollars(order.total),
    subtotalAmount: centsToDollars(order.subtotal),
    shippingAmount: centsToDollars(order.shipping),
    taxAmount: centsToDollars(order.tax),
    status: 'paid',
    orderStatus: order.status,
  };
}

/** GET /api/orders?limit=100[&status=…] (admin). */
export const adminOrderListQuerySchema = pageQuerySchema.extend({ status: orderStatusSchema.optional() });
export type AdminOrderListQuery = z.infer<typeof adminOrderListQuerySchema>;

/** PUT /api/orders/{id}/status: also the Cancel button (status 'canceled'). Blank tracking number or notes clear them. */
export const orderStatusUpdateInputSchema = z.object({
  id: idSchema,
  status: orderStatusSchema,
  trackingNumber: optionalText(LIMITS.trackingNumberMax),
  notes: optionalText(LIMITS.orderNotesMax),
});
export type OrderStatusUpdateInput = z.infer<typeof orderStatusUpdateInputSchema>;

// The order status rule (part 2 §4 leaves it to the server; chosen, and enforced by PUT /api/orders/{id}/status).
// Orders move forward along pending → processing → shipped → delivered, skipping ahead is allowed; any order not yet
// delivered can be canceled; delivered and canceled are final. Staying on the same status is allowed (it updates the
// tracking number or notes only), except for a canceled order: cancelling twice is refused, so of two admins
// cancelling at once exactly one succeeds (and the stock is put back once). The admin dialog uses the same functions to disable what the server would refuse.

const FORWARD: readonly OrderStatus[] = ['pending', 'processing', 'shipped', 'delivered'];

/** Why an order cannot move from one status to another, or null when it can. */
export function orderTransitionError(from: OrderStatus, to: OrderStatus): string | null {
  if (from === 'canceled')
    return to === 'canceled' ? MESSAGES.server.orderAlreadyCanceled : MESSAGES.server.orderCanceledFinal(to);
  if (from === to) return null;
  if (to === 'canceled') return from === 'delivered' ? MESSAGES.server.orderDeliveredNotCancelable : null;
  if (FORWARD.indexOf(to) < FORWARD.indexOf(from)) return MESSAGES.server.orderMovedBack(from, to);
  return null;
}

/** The statuses an order may be given from its current one (its own status included). */
export function allowedOrderStatuses(from: OrderStatus): OrderStatus[] {
  return ORDER_STATUSES.filter((to) => orderTransitionError(from, to) === null);
}

/**
 * The admin dialog asks for a tracking number before shipping: the one typed, else the one the order already has.
 * The server takes a shipment without one (the documented `{status}` payload; docs/decisions.md).
 */
export function trackingNumberError(
  to: OrderStatus,
  trackingNumber: string | null | undefined,
  current: string | null = null,
): string | null {
  if (to !== 'shipped') return null;
  const result = trackingNumber === undefined ? current : trackingNumber;
  return result?.trim() ? null : V.trackingNumberRequired;
}

/** The Cancel button is disabled for delivered and canceled orders (part 2 §4). */
export function canCancelOrder(status: OrderStatus): boolean {
  return orderTransitionError(status, 'canceled') === null;
}

/**
 * 'Update Status' is disabled when nothing is chosen or the choice is the current status (part 2 §4), and when the
 * status rule refuses the move.
 */
export function canUpdateOrderStatus(current: OrderStatus, chosen: OrderStatus | null | undefined): boolean {
  return chosen != null && chosen !== current && orderTransitionError(current, chosen) === null;
}
