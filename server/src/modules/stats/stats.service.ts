import {
  type AdminStats,
  BEST_SELLERS_LIMIT,
  type BestSeller,
  type CardVotesStats,
  lastCentralMonths,
  type PaymentState,
  SHOP_STATS_MONTHS,
  type ShopMonth,
  type ShopStats,
  type SiteStats,
} from '@curbside/shared';
import type { DataSource } from 'typeorm';

/** An aggregate as the drivers return it: a number, a numeric string (MySQL's SUM) or null (no rows). */
type Aggregate = number | string | null;
const num = (value: Aggregate | undefined) => Number(value ?? 0);

/** The counts of `cancellations`, each the canceled orders whose payment came to that state (constants, not input). */
const CANCEL_OUTCOMES = {
  refunded: 'refunded',
  partiallyRefunded: 'partially_refunded',
  notRefunded: 'not_refunded',
  refundFailed: 'refund_failed',
} as const satisfies Record<Exclude<keyof ShopStats['cancellations'], 'canceled'>, PaymentState>;

/** Revenue over orders, in whole cents (0 without orders). */
const average = (revenue: number, orders: number) => (orders ? Math.round(revenue / orders) : 0);

/** The counters: the home page's (public) and the admin dashboard's, counted by the database. */
export class StatsService {
  constructor(private readonly ds: DataSource) {}

  /**
   * The home hero's counters. Featured cars counts those a visitor can see (listed: with a photo), as the featured
   * slider shows them; total votes add up the per-car counters (one row per car, not per vote), every vote cast;
   * prints ordered counts the units of print lines (not merchandise) in orders that were not canceled.
   */
  async site(): Promise<SiteStats> {
    const [cars] = await this.ds.query(
      `SELECT COUNT(CASE WHEN featured = 1 AND published = 1 THEN 1 END) AS featured,
              COALESCE(SUM(totalVotes), 0) AS votes FROM cars`,
    );
    const [prints] = await this.ds.query(
      `SELECT COALESCE(SUM(i.quantity), 0) AS prints FROM order_items i JOIN orders o ON o.id = i.orderId
       WHERE i.isMerch = 0 AND o.status <> 'canceled'`,
    );
    return {
      featuredCarsCount: Number(cars.featured),
      totalVotesCount: Number(cars.votes),
      printsOrderedCount: Number(prints.prints),
    };
  }

  /**
   * The dashboard's Statistics tab, counted by the database in one grouped query over the cars: the per-category
   * counts, and per category how many are featured and their votes (each car's maintained counter, never a scan of
   * the votes). The totals are the sums of the groups. Categories come biggest first; cars without one have null.
   */
  async admin(now: Date = new Date()): Promise<AdminStats> {
    const rows: { category: string | null; cars: unknown; featured: unknown; votes: unknown }[] = await this.ds.query(
      `SELECT category, COUNT(*) AS cars, COUNT(CASE WHEN featured = 1 THEN 1 END) AS featured,
              COALESCE(SUM(totalVotes), 0) AS votes
       FROM cars GROUP BY category`,
    );
    const categories = rows
      .map((row) => ({ category: row.category ?? null, count: Number(row.cars) }))
      .sort((a, b) => b.count - a.count || (a.category ?? '\uffff').localeCompare(b.category ?? '\uffff'));
    return {
      totalCars: rows.reduce((sum, row) => sum + Number(row.cars), 0),
      featuredCars: rows.reduce((sum, row) => sum + Number(row.featured), 0),
      totalVotes: rows.reduce((sum, row) => sum + Number(row.votes), 0),
      categories,
      shop: await this.shop(now),
    };
  }

  /**
   * The shop's last SHOP_STATS_MONTHS Central months (docs/decisions.md, Admin): two grouped queries over the
   * orders placed in the window (the createdAt index bounds both), never the orders themselves. Sales are orders
   * that are not canceled, at their total less any refund; canceled orders count only under refunds.
   */
  async shop(now: Date = new Date()): Promise<ShopStats> {
    const months = lastCentralMonths(SHOP_STATS_MONTHS, now);
    const from = months[0]?.start ?? now;
    const to = months[months.length - 1]?.end ?? now;
    // Each order falls in the first month whose end is after it: the boundaries are instants, so Central months
    // (and their daylight-saving changes) need no time-zone support from either database.
    const bucket = `CASE ${months.map((_, i) => `WHEN o.createdAt < :end${i} THEN ${i}`).join(' ')} END`;
    const ends = Object.fromEntries(months.map((m, i) => [`end${i}`, m.end]));

    const query = this.ds
      .createQueryBuilder()
      .from('orders', 'o')
      .select(bucket, 'bucket')
      .addSelect(`COUNT(CASE WHEN o.status <> 'canceled' THEN 1 END)`, 'orders')
      .addSelect(`COALESCE(SUM(CASE WHEN o.status <> 'canceled' THEN o.total - o.refundedAmount END), 0)`, 'revenue')
      .addSelect('COUNT(CASE WHEN o.refundedAmount > 0 THEN 1 END)', 'refunds')
      .addSelect('COALESCE(SUM(o.refundedAmount), 0)', 'refundedAmount')
      .addSelect(`COUNT(CASE WHEN o.status = 'canceled' THEN 1 END)`, 'canceled')
      .where('o.createdAt >= :from AND o.createdAt < :to', { from, to, ...ends })
      .groupBy('bucket');
    for (const [key, state] of Object.entries(CANCEL_OUTCOMES)) {
      query.addSelect(`COUNT(CASE WHEN o.status = 'canceled' AND o.refundState = :${key} THEN 1 END)`, key);
      query.setParameter(key, state);
    }
    const monthRows: Record<string, Aggregate>[] = await query.getRawMany();
    const byBucket = new Map(monthRows.map((row) => [num(row.bucket), row]));
    const monthly: ShopMonth[] = months.map(({ month }, i) => {
      const row = byBucket.get(i) ?? {};
      const orders = num(row.orders);
      const revenue = num(row.revenue);
      return {
        month,
        orders,
        revenue,
        averageOrderValue: average(revenue, orders),
        refunds: num(row.refunds),
        refundedAmount: num(row.refundedAmount),
      };
    });
    const sum = (key: string) => monthRows.reduce((total, row) => total + num(row[key]), 0);
    const orders = sum('orders');
    const revenue = sum('revenue');

    return {
      months: monthly,
      totals: {
        orders,
        revenue,
        averageOrderValue: average(revenue, orders),
        refunds: sum('refunds'),
        refundedAmount: sum('refundedAmount'),
      },
      ...(await this.productSales(from, to)),
      cancellations: {
        canceled: sum('canceled'),
        refunded: sum('refunded'),
        partiallyRefunded: sum('partiallyRefunded'),
        notRefunded: sum('notRefunded'),
        refundFailed: sum('refundFailed'),
      },
    };
  }

  /**
   * Units and item revenue per product in the window's orders that are not canceled: one grouped query, one row per
   * product sold (bounded by the catalogue), ranked here both ways. A deleted product's lines group by their name.
   */
  private async productSales(from: Date, to: Date): Promise<Pick<ShopStats, 'bestSellers' | 'byKind'>> {
    const rows: Record<string, Aggregate>[] = await this.ds
      .createQueryBuilder()
      .from('order_items', 'i')
      .innerJoin('orders', 'o', 'o.id = i.orderId')
      .leftJoin('products', 'p', 'p.id = i.productId')
      .select('i.productId', 'productId')
      .addSelect('COALESCE(MAX(p.name), MAX(i.productName))', 'name')
      .addSelect('MAX(CASE WHEN i.isMerch THEN 1 ELSE 0 END)', 'isMerch')
      .addSelect('SUM(i.quantity)', 'quantity')
      .addSelect('SUM(i.priceAtPurchase * i.quantity)', 'revenue')
      .where(`o.createdAt >= :from AND o.createdAt < :to AND o.status <> 'canceled'`, { from, to })
      .groupBy('i.productId')
      .addGroupBy('CASE WHEN i.productId IS NULL THEN i.productName END')
      .getRawMany();
    const products: BestSeller[] = rows.map((row) => ({
      productId: row.productId === null || row.productId === undefined ? null : num(row.productId),
      name: String(row.name ?? ''),
      kind: num(row.isMerch) ? 'merch' : 'print',
      quantity: num(row.quantity),
      revenue: num(row.revenue),
    }));
    const ranked = (first: 'quantity' | 'revenue', second: 'quantity' | 'revenue') =>
      [...products]
        .sort((a, b) => b[first] - a[first] || b[second] - a[second] || a.name.localeCompare(b.name))
        .slice(0, BEST_SELLERS_LIMIT);
    const kind = (which: BestSeller['kind']) => {
      const of = products.filter((product) => product.kind === which);
      return {
        quantity: of.reduce((total, product) => total + product.quantity, 0),
        revenue: of.reduce((total, product) => total + product.revenue, 0),
      };
    };
    return {
      bestSellers: { byQuantity: ranked('quantity', 'revenue'), byRevenue: ranked('revenue', 'quantity') },
      byKind: { print: kind('print'), merch: kind('merch') },
    };
  }

  /**
   * Votes that came through meet cards, per event: counted from card_votes, which holds only those votes (written in
   * the vote's transaction). A card printed without an event counts under no event. Events with the most card votes
   * first; "no event" last.
   */
  async cardVotesPerEvent(): Promise<CardVotesStats> {
    const rows: { eventId: unknown; eventTitle: string | null; votes: unknown }[] = await this.ds.query(
      `SELECT e.id AS eventId, e.title AS eventTitle, COUNT(*) AS votes
       FROM card_votes cv LEFT JOIN events e ON e.id = cv.eventId
       GROUP BY e.id, e.title`,
    );
    return rows
      .map((row) => ({
        eventId: row.eventId === null ? null : Number(row.eventId),
        eventTitle: row.eventTitle ?? null,
        votes: Number(row.votes),
      }))
      .sort((a, b) => Number(a.eventId === null) - Number(b.eventId === null) || b.votes - a.votes);
  }
}
