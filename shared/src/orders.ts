import { z } from 'zod';
import { shippingAddressOutputSchema } from './checkout';
import { centsSchema, idSchema, isoDateTimeSchema, optionalText, pageQuerySchema } from './common';
import { ORDER_STATUSES, type OrderStatus } from './constants';
import { LIMITS } from './limits';
import { MESSAGES } from './messages';

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

/** The Cancel button is disabled for delivered and canceled orders (part 2 §4). */
export function canCancelOrder(status: OrderStatus): boolean {
  return status !== 'delivered' && status !== 'canceled';
}

/** 'Update Status' is disabled when nothing is chosen or the choice is the current status (part 2 §4). */
export function canUpdateOrderStatus(current: OrderStatus, chosen: OrderStatus | null | undefined): boolean {
  return chosen != null && chosen !== current;
}
