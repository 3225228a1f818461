import type { SiteStats } from '@curbside/shared';
import type { DataSource } from 'typeorm';

/**
 * The home hero's counters. Total votes add up the per-car counters (one row per car, not per vote); prints ordered
 * counts the units of print lines (not merchandise) in orders that were not canceled.
 */
export async function siteStats(ds: DataSource): Promise<SiteStats> {
  const [cars] = await ds.query(
    'SELECT COUNT(CASE WHEN featured = 1 THEN 1 END) AS featured, COALESCE(SUM(totalVotes), 0) AS votes FROM cars',
  );
  const [prints] = await ds.query(
    `SELECT COALESCE(SUM(i.quantity), 0) AS prints FROM order_items i JOIN orders o ON o.id = i.orderId
     WHERE i.isMerch = 0 AND o.status <> 'canceled'`,
  );
  return {
    featuredCarsCount: Number(cars.featured),
    totalVotesCount: Number(cars.votes),
    printsOrderedCount: Number(prints.prints),
  };
}
