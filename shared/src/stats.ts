import { z } from 'zod';
import { centralDateString, centralWallTimeToUtc } from './central-time';
import { centsSchema, countSchema, idSchema } from './common';
import { MESSAGES } from './messages';

// Site counters for the home hero (part 1 §3, §7) and the admin Statistics tab (part 2 §2).

/** GET /api/stats. */
export const siteStatsSchema = z.object({
  featuredCarsCount: countSchema,
  totalVotesCount: countSchema,
  printsOrderedCount: countSchema,
});
export type SiteStats = z.infer<typeof siteStatsSchema>;

/** Months of sales on the admin Statistics tab: this Central month and the eleven before it. */
export const SHOP_STATS_MONTHS = 12;
/** Products in each best-seller ranking. */
export const BEST_SELLERS_LIMIT = 10;

/**
 * One Central calendar month of sales ('2026-11'). Revenue, orders and the average count orders placed that month
 * that are not canceled (revenue is what the customers paid, shipping and tax included, less any refund); refunds
 * count the orders placed that month that were given money back, and how much.
 */
export const shopMonthSchema = z.object({
  month: z.string().regex(/^\d{4}-\d{2}$/),
  orders: countSchema,
  revenue: centsSchema,
  averageOrderValue: centsSchema,
  refunds: countSchema,
  refundedAmount: centsSchema,
});
export type ShopMonth = z.infer<typeof shopMonthSchema>;

/** A product's sales in the window: units and item revenue (unit price × quantity, before shipping and tax). */
export const bestSellerSchema = z.object({
  /** Null when the product has since been deleted (the order lines keep its name). */
  productId: idSchema.nullable(),
  name: z.string(),
  kind: z.enum(['print', 'merch']),
  quantity: countSchema,
  revenue: centsSchema,
});
export type BestSeller = z.infer<typeof bestSellerSchema>;

const kindSalesSchema = z.object({ quantity: countSchema, revenue: centsSchema });

/** The shop's sales over the last SHOP_STATS_MONTHS Central months, computed by the server from the orders. */
export const shopStatsSchema = z.object({
  /** Oldest first; a month without orders is all zeros. */
  months: z.array(shopMonthSchema),
  /** The months added up; the average is the window's revenue over its orders. */
  totals: shopMonthSchema.omit({ month: true }),
  /** Units and item revenue of prints and of merchandise (lines of orders that are not canceled). */
  byKind: z.object({ print: kindSalesSchema, merch: kindSalesSchema }),
  /** The top BEST_SELLERS_LIMIT products by units (ties by revenue), and by item revenue (ties by units). */
  bestSellers: z.object({ byQuantity: z.array(bestSellerSchema), byRevenue: z.array(bestSellerSchema) }),
  /** What became of the payments of the window's canceled orders. */
  cancellations: z.object({
    canceled: countSchema,
    refunded: countSchema,
    partiallyRefunded: countSchema,
    notRefunded: countSchema,
    refundFailed: countSchema,
  }),
});
export type ShopStats = z.infer<typeof shopStatsSchema>;

/** The admin Statistics tab. category null means cars without a category. */
export const adminStatsSchema = z.object({
  totalCars: countSchema,
  featuredCars: countSchema,
  totalVotes: countSchema,
  categories: z.array(z.object({ category: z.string().nullable(), count: countSchema })),
  shop: shopStatsSchema,
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

/** The label of a category bar: cars with no category are shown as 'Uncategorized'. */
export function categoryLabel(category: string | null | undefined): string {
  return category || MESSAGES.carCard.uncategorized;
}

/** A Central calendar month ('2026-11') and the UTC instants it starts and ends (the next one's start). */
export interface CentralMonth {
  month: string;
  start: Date;
  end: Date;
}

function monthAfter(month: string, add: number): string {
  const [year = 0, index = 0] = month.split('-').map(Number);
  const date = new Date(Date.UTC(year, index - 1 + add, 1));
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
}

/**
 * The `count` Central calendar months up to and including the one `now` falls in, oldest first. A month starts at
 * midnight Central on the 1st (CST or CDT as the date has it; the clocks change at 2 AM, never at midnight).
 */
export function lastCentralMonths(count: number, now: Date = new Date()): CentralMonth[] {
  const current = centralDateString(now).slice(0, 7);
  const startOf = (month: string) => centralWallTimeToUtc(`${month}-01T00:00`) ?? new Date(Number.NaN);
  return Array.from({ length: count }, (_, i) => {
    const month = monthAfter(current, i - count + 1);
    return { month, start: startOf(month), end: startOf(monthAfter(month, 1)) };
  });
}

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '2026-11' → 'Nov 2026'. */
export function formatStatsMonth(month: string): string {
  const [year, index = 0] = month.split('-').map(Number);
  return `${MONTH_NAMES[index - 1] ?? month} ${year}`;
}
