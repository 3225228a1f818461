import type { AdminStats } from '@curbside/shared';
import type { DataSource } from 'typeorm';

/**
 * The dashboard's Statistics tab, counted by the database in one grouped query over the cars: the per-category
 * counts, and per category how many are featured and their votes (each car's maintained counter, never a scan of
 * the votes). The totals are the sums of the groups. Categories come biggest first; cars without one have null.
 */
export async function adminStats(ds: DataSource): Promise<AdminStats> {
  const rows: { category: string | null; cars: unknown; featured: unknown; votes: unknown }[] = await ds.query(
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
