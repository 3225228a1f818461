import { z } from 'zod';
import {
  calendarDateInputSchema,
  centsSchema,
  countSchema,
  cursorSchema,
  idSchema,
  isoDateTimeSchema,
  optionalText,
} from './common';
import { LIMITS } from './limits';
import { MESSAGES } from './messages';
import { orderItemSchema, orderSchema, orderStatusSchema, orderStatusUpdateInputSchema } from './orders';

// The admin's side of an order after payment: finding orders, the photo to print, the status history,
// internal notes, bulk status changes and the refund choice when cancelling. Customers never get these shapes.

const F = MESSAGES.fulfilment;

/** Print resolution the shop prints at: a 12x18 print needs 1800 × 2700 px. */
export const PRINT_DPI = 150;
/** Orders moved by one bulk request. */
export const BULK_ORDER_MAX = 100;
/** Orders on one page of the admin list. */
export const ADMIN_ORDER_PAGE_SIZE = 25;
/** The orders search counts its matches up to this many; past it the count says "1,000+". */
export const ADMIN_ORDER_COUNT_MAX = 1_000;

/** Where an order's money stands: paid, or what became of it after a cancel. */
export const PAYMENT_STATES = ['paid', 'refunded', 'partially_refunded', 'refund_failed', 'not_refunded'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** '12x18' (inches, either order, decimals allowed) → the pixels a print of that size needs at PRINT_DPI. */
export function requiredPrintPixels(printSize: string | null): { width: number; height: number } | null {
  const match = /^\s*(\d+(?:\.\d+)?)\s*[x×]\s*(\d+(?:\.\d+)?)\s*$/i.exec(printSize ?? '');
  if (!match) return null;
  const pixels = (inches: string | undefined) => Math.ceil(Number(inches) * PRINT_DPI);
  const [width, height] = [pixels(match[1]), pixels(match[2])];
  return width > 0 && height > 0 ? { width, height } : null;
}

/**
 * Whether a photo is large enough for a print. Orientation is free (a landscape photo is printed turned), so the
 * photo's short side is held against the print's short side and long against long.
 */
export function isLargeEnoughForPrint(
  photo: { width: number; height: number },
  needed: { width: number; height: number },
): boolean {
  const photoShort = Math.min(photo.width, photo.height);
  const photoLong = Math.max(photo.width, photo.height);
  return photoShort >= Math.min(needed.width, needed.height) && photoLong >= Math.max(needed.width, needed.height);
}

/** How a print of `printSize` frames a photo: the print's shape turned like the photo, and what it trims. */
export interface PrintFraming {
  /** The print's width over its height, turned like the photo (a landscape photo gets a landscape print). */
  aspectRatio: number;
  /** Which of the photo's edges the print trims; null when the whole photo fits (within 1%). */
  trimmed: 'sides' | 'top and bottom' | null;
  /** The share of the photo's width (sides) or height (top and bottom) trimmed, in whole percent. */
  trimmedPercent: number;
}

/** The framing of a photo in a print size ('12x18'); null when the size is not known. */
export function printFraming(photo: { width: number; height: number }, printSize: string | null): PrintFraming | null {
  const needed = requiredPrintPixels(printSize);
  if (!needed || photo.width <= 0 || photo.height <= 0) return null;
  const long = Math.max(needed.width, needed.height);
  const short = Math.min(needed.width, needed.height);
  const aspectRatio = photo.width >= photo.height ? long / short : short / long;
  const photoRatio = photo.width / photo.height;
  const kept = photoRatio > aspectRatio ? aspectRatio / photoRatio : photoRatio / aspectRatio;
  const trimmedPercent = Math.round((1 - kept) * 100);
  if (trimmedPercent < 1) return { aspectRatio, trimmed: null, trimmedPercent: 0 };
  return { aspectRatio, trimmed: photoRatio > aspectRatio ? 'sides' : 'top and bottom', trimmedPercent };
}

/** A print line's photo as the admin sees it: pixels, what the print needs, and the admin-only download. */
export const orderItemPhotoSchema = z.object({
  thumbnailUrl: z.string(),
  width: countSchema,
  height: countSchema,
  /** Pixels the print size needs at PRINT_DPI; null when the print size is not known. */
  required: z.object({ width: countSchema, height: countSchema }).nullable(),
  /** Null when the required size is not known. */
  largeEnough: z.boolean().nullable(),
  /** GET /api/orders/{id}/items/{itemId}/original (admins only). */
  downloadUrl: z.string(),
});
export type OrderItemPhoto = z.infer<typeof orderItemPhotoSchema>;

export const adminOrderItemSchema = orderItemSchema.extend({
  /** True for a print line (it has a photo, or had one). */
  isPrint: z.boolean(),
  /** Null for merchandise, and for a print whose photo has since been deleted. */
  photo: orderItemPhotoSchema.nullable(),
});
export type AdminOrderItem = z.infer<typeof adminOrderItemSchema>;

export const orderHistoryEntrySchema = z.object({
  at: isoDateTimeSchema,
  /** Null for the order's creation. */
  from: orderStatusSchema.nullable(),
  to: orderStatusSchema,
  /** The admin's name or username; null for the system (payment) or a deleted account. */
  by: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  note: z.string().nullable(),
});
export type OrderHistoryEntry = z.infer<typeof orderHistoryEntrySchema>;

/**
 * An order as the admin sees it: the customer's view (whose `notes` is the message to the customer) plus the
 * internal note, the item count, the payment state and, on one order (GET /api/orders/{id}), its history.
 */
export const adminOrderSchema = orderSchema.extend({
  items: z.array(adminOrderItemSchema),
  itemCount: countSchema,
  paymentState: z.enum(PAYMENT_STATES),
  refundedAmount: centsSchema,
  internalNote: z.string().nullable(),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;

export const adminOrderDetailSchema = adminOrderSchema.extend({ history: z.array(orderHistoryEntrySchema) });
export type AdminOrderDetail = z.infer<typeof adminOrderDetailSchema>;

const filterFields = z.object({
  /**
   * An order number ('1042' or '#1042'), or words each beginning a word of the customer's name, username or e-mail
   * or of the ship-to name (case and accents aside).
   */
  q: z.string().trim().max(254).optional(),
  status: orderStatusSchema.optional(),
  /** Central calendar days, both included. */
  from: calendarDateInputSchema.optional(),
  to: calendarDateInputSchema
    .meta({ description: 'On or after `from` (a rule between two fields, which JSON Schema cannot state)' })
    .optional(),
});
/** Refuses a date range whose end is before its start (400 with the message on `to`). */
export function withDateRange<T extends z.ZodType<{ from?: string; to?: string }>>(schema: T) {
  return schema.refine((f) => !f.from || !f.to || f.from <= f.to, { message: F.dateRangeBackwards, path: ['to'] });
}

/** The filters of the admin list, the search and the CSV export: all optional, all combined. */
export const adminOrderFilterSchema = withDateRange(filterFields);
export type AdminOrderFilter = z.infer<typeof adminOrderFilterSchema>;

/** GET /api/orders/search: one page of the filtered orders and how many there are in all. */
export const adminOrderSearchFields = filterFields.extend({
  /** With a cursor, only the number the page shows; without one, pages after the first are skipped (bounded). */
  page: z.number().int().min(1).default(1),
  /** Where the page starts: `nextCursor` of the page before (keyset pagination). */
  cursor: cursorSchema.optional(),
  pageSize: z.number().int().min(1).max(LIMITS.listLimitMax).default(ADMIN_ORDER_PAGE_SIZE),
});
export const adminOrderSearchQuerySchema = withDateRange(adminOrderSearchFields);
export type AdminOrderSearchQuery = z.infer<typeof adminOrderSearchQuerySchema>;

export const adminOrderPageSchema = z.object({
  orders: z.array(adminOrderSchema),
  /** How many orders match, counted up to ADMIN_ORDER_COUNT_MAX. */
  total: countSchema,
  /** False when more orders match than `total` counts (it is then ADMIN_ORDER_COUNT_MAX): show "1,000+". */
  totalExact: z.boolean(),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
  /** The cursor of the next page; null on the last. */
  nextCursor: cursorSchema.nullable(),
});
export type AdminOrderPage = z.infer<typeof adminOrderPageSchema>;

/** PUT /api/orders/{id}/internal-note: blank clears it. */
export const internalNoteInputSchema = z.object({
  id: idSchema,
  internalNote: optionalText(LIMITS.orderNotesMax).transform((value) => value ?? null),
});
export type InternalNoteInput = z.infer<typeof internalNoteInputSchema>;

/** The statuses several orders can be moved to at once. */
export const BULK_STATUSES = ['processing', 'shipped'] as const;

/** POST /api/orders/bulk-status: each order moved by the single-change rules; shipped ones carry tracking numbers. */
export const bulkStatusInputSchema = z.object({
  status: z.enum(BULK_STATUSES, { error: F.bulkStatusOnly }),
  orders: z
    .array(orderStatusUpdateInputSchema.pick({ id: true, trackingNumber: true }))
    .min(1)
    .max(BULK_ORDER_MAX, F.bulkTooMany(BULK_ORDER_MAX)),
});
export type BulkStatusInput = z.infer<typeof bulkStatusInputSchema>;

export const bulkStatusResultSchema = z.object({
  results: z.array(
    z.discriminatedUnion('ok', [
      z.object({ id: idSchema, ok: z.literal(true), status: orderStatusSchema }),
      z.object({ id: idSchema, ok: z.literal(false), message: z.string() }),
    ]),
  ),
});
export type BulkStatusResult = z.infer<typeof bulkStatusResultSchema>;

/** POST /api/orders/{id}/cancel: the refund is the admin's choice; the server refuses more than was paid. */
export const cancelOrderInputSchema = z.object({
  id: idSchema,
  refund: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('full') }),
    z.object({ kind: z.literal('none') }),
    z.object({ kind: z.literal('partial'), amount: z.number().int().positive(F.refundNotPositive) }),
  ]),
});
export type CancelOrderInput = z.infer<typeof cancelOrderInputSchema>;
