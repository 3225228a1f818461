import type { AdminStats, SiteStats } from '@curbside/shared';
import type { DataSource } from 'typeorm';

/** The counters: the home page's (public) and the admin dashboard's, counted by the database. */
export class StatsService {
  constructor(private readonly ds: DataSource) {}

  /**
   * The home hero's counters. Total votes add up the per-car counters (one row per car, not per vote); prints ordered
   * counts the units of print lines (not merchandise) in orders that were not canceled.
   */
  async site(): Promise<SiteStats> {
    const [cars] = await this.ds.query(
      'SELECT COUNT(CASE WHEN featured = 1 THEN 1 END) AS featured, COALESCE(SUM(totalVotes), 0) AS votes FROM cars',
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
  async admin(): Promise<AdminStats> {
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
    };
  }
}
