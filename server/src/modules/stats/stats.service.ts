import {
  type AdminStats,
  BEST_SELLERS_LIMIT,
  type BestSeller,
  type CardVotesStats,
  lastCentralMonths,
  SHOP_STATS_MONTHS,
  type ShopMonth,
  type ShopStats,
  type SiteStats,
} from '@curbside/shared';
import type { DataSource } from 'typeorm';

/** An aggregate as the drivers return it: a number, a numeric string (MySQL's SUM) or null (no rows). */
type Aggregate = number | string | null;
const num = (value: Aggregate | undefined) => Number(value ?? 0);

/** Revenue over orders, in whole cents (0 without orders). */
const average = (revenue: number, orders: number) => (orders ? Math.round(revenue / orders) : 0);

/**
 * The counters: the home page's (public) and the admin dashboard's, read from running totals the database keeps in
 * the transaction of each write (stats/aggregates.entity.ts, db/aggregate-triggers.ts): a few rows per category,
 * per slot or per month, never the cars, votes or orders themselves.
 */
export class StatsService {
  constructor(private readonly ds: DataSource) {}

  /**
   * The home hero's counters. Featured cars counts those a visitor can see (listed: with a photo), as the featured
   * slider shows them; total votes add up the per-car counters, every vote cast on a car that still exists; prints
   * ordered counts the units of print lines (not merchandise) in orders that were not canceled.
   */
  async site(): Promise<SiteStats> {
    const [row] = await this.ds.query(
      `SELECT (SELECT COALESCE(SUM(featuredListed), 0) FROM car_totals) AS featured,
              (SELECT COALESCE(SUM(votes), 0) FROM vote_totals) AS votes,
              (SELECT COALESCE(SUM(prints), 0) FROM sales_months) AS prints`,
    );
    return {
      featuredCarsCount: num(row?.featured),
      totalVotesCount: num(row?.votes),
      printsOrderedCount: num(row?.prints),
    };
  }

  /**
   * The dashboard's Statistics tab: the cars per category, how many are featured, and the votes (the sum of each
   * car's counter), from the running totals. The totals are the sums of the groups. Categories come biggest first;
   * cars without one have null.
   */
  async admin(now: Date = new Date()): Promise<AdminStats> {
    const rows: { category: string; cars: Aggregate; featured: Aggregate }[] = await this.ds.query(
      'SELECT category, cars, featured FROM car_totals WHERE cars <> 0',
    );
    const [votes] = await this.ds.query('SELECT COALESCE(SUM(votes), 0) AS votes FROM vote_totals');
    const categories = rows
      .map((row) => ({ category: row.category === '' ? null : row.category, count: num(row.cars) }))
      .sort((a, b) => b.count - a.count || (a.category ?? '\uffff').localeCompare(b.category ?? '\uffff'));
    return {
      totalCars: rows.reduce((sum, row) => sum + num(row.cars), 0),
      featuredCars: rows.reduce((sum, row) => sum + num(row.featured), 0),
      totalVotes: num(votes?.votes),
      categories,
      shop: await this.shop(now),
    };
  }

  /**
   * The shop's last SHOP_STATS_MONTHS Central months (docs/decisions.md, Admin), from the monthly totals: one row per
   * month and one per product sold in each. Sales are orders that are not canceled, at their total less any refund;
   * canceled orders count only under refunds.
   */
  async shop(now: Date = new Date()): Promise<ShopStats> {
    const months = lastCentralMonths(SHOP_STATS_MONTHS, now);
    const keys = months.map((m) => m.month);
    const monthRows: Record<string, Aggregate>[] = await this.ds
      .createQueryBuilder()
      .select('*')
      .from('sales_months', 's')
      .where('s.month IN (:...keys)', { keys })
      .getRawMany();
    const byMonth = new Map(monthRows.map((row) => [String(row.month), row]));
    const monthly: ShopMonth[] = months.map(({ month }) => {
      const row = byMonth.get(month) ?? {};
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
      ...(await this.productSales(keys)),
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
   * Units and item revenue per product in the window's orders that are not canceled, from the monthly product totals
   * (bounded by the catalogue), ranked here both ways. A deleted product's lines group by their name.
   */
  private async productSales(months: string[]): Promise<Pick<ShopStats, 'bestSellers' | 'byKind'>> {
    const rows: Record<string, Aggregate>[] = await this.ds
      .createQueryBuilder()
      .from('product_sales_months', 's')
      .leftJoin('products', 'p', 'p.id = s.productId')
      .select('CASE WHEN s.productId = 0 THEN NULL ELSE s.productId END', 'productId')
      .addSelect('COALESCE(MAX(p.name), MAX(s.productName))', 'name')
      .addSelect('MAX(CASE WHEN s.isMerch THEN 1 ELSE 0 END)', 'isMerch')
      .addSelect('SUM(s.quantity)', 'quantity')
      .addSelect('SUM(s.revenue)', 'revenue')
      .where('s.month IN (:...months)', { months })
      .groupBy('s.productId')
      .addGroupBy('CASE WHEN s.productId = 0 THEN s.productName END')
      .having('SUM(s.quantity) > 0')
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
   * Votes that came through meet cards, per event: from card_vote_totals, kept as card_votes rows are written (in the
   * vote's transaction). A card printed without an event, or naming an event since deleted, counts under no event.
   * Events with the most card votes first; "no event" last.
   */
  async cardVotesPerEvent(): Promise<CardVotesStats> {
    const rows: { eventId: unknown; eventTitle: string | null; votes: unknown }[] = await this.ds.query(
      `SELECT e.id AS eventId, e.title AS eventTitle, SUM(t.votes) AS votes
       FROM card_vote_totals t LEFT JOIN events e ON e.id = t.eventId
       GROUP BY e.id, e.title HAVING SUM(t.votes) > 0`,
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
