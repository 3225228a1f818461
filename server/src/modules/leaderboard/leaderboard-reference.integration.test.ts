import { centralMonthStart, LIMITS, topCarsOutputSchema } from '@curbside/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillShowcase } from '../../../scripts/showcase-data';
import { startTestApp, type TestApp } from '../../../test/app';
import { HttpClient } from '../../../test/http';
import { dialectOf } from '../../db/data-source';
import { sqlDateParam } from '../../db/sql-dates';
import { forgetPreviousRanks } from './leaderboard.service';

// The ranking read from the indexes and the earlier list read around its top, against the straightforward queries
// (count every vote, rank every car) on generated data: a few thousand cars, votes over three days, some unlisted.

let t: TestApp;
const now = new Date();
const dayAgo = new Date(now.getTime() - LIMITS.voteCooldownMs);

beforeAll(async () => {
  t = await startTestApp();
  const ds = t.app.services.ds;
  await fillShowcase(ds, dialectOf(ds) === 'sqlite' ? 'sqlite' : 'mysql', {
    cars: 3_000,
    votes: 40_000,
    owners: 50,
    days: 3,
  });
  // No vote within minutes of the 24-hour mark, which the request's own clock reads a moment after this one's.
  const near = (minutes: number) => sqlDateParam(ds, new Date(dayAgo.getTime() + minutes * 60_000));
  const earlier =
    dialectOf(ds) === 'sqlite'
      ? `strftime('%Y-%m-%d %H:%M:%f', createdAt, '-10 minutes')`
      : 'createdAt - INTERVAL 10 MINUTE';
  await ds.query(`UPDATE votes SET createdAt = ${earlier} WHERE createdAt >= ? AND createdAt < ?`, [near(-5), near(5)]);
  // Every seventh car unlisted, as syncListing leaves a car whose photos were deleted.
  await ds.query('UPDATE cars SET published = 0 WHERE id % 7 = 0');
  await ds.query('UPDATE car_monthly_votes SET listed = 0 WHERE carId % 7 = 0');
  forgetPreviousRanks(ds);
}, 180_000);
afterAll(async () => {
  await t?.close();
});

/** The listed cars ranked by their votes in [from, to): votes desc, then the older car. */
async function reference(from: Date | null, to: Date | null): Promise<{ id: number; votes: number }[]> {
  const ds = t.app.services.ds;
  const rows: { id: number | string; votes: number | string }[] = await ds.query(
    `SELECT v.carId AS id, COUNT(*) AS votes FROM votes v JOIN cars c ON c.id = v.carId
     WHERE c.published = 1 AND v.createdAt >= ? AND v.createdAt < ?
     GROUP BY v.carId ORDER BY votes DESC, v.carId ASC LIMIT 20`,
    [sqlDateParam(ds, from ?? new Date(0)), sqlDateParam(ds, to ?? new Date(now.getTime() + 3_600_000))],
  );
  return rows.map((row) => ({ id: Number(row.id), votes: Number(row.votes) }));
}

describe('the leaderboard on generated data', () => {
  for (const period of ['all', 'month'] as const) {
    it(`ranks ${period === 'all' ? 'all time' : 'this month'} as counting every vote does, with the same moves`, async () => {
      const from = period === 'month' ? centralMonthStart(now) : null;
      const current = await reference(from, null);
      const earlier = await reference(from, dayAgo);
      const earlierRank = new Map(earlier.map((entry, i) => [entry.id, i + 1]));
      expect(current.length).toBe(20);

      const res = await new HttpClient(t.baseUrl).get(`/api/cars/top?period=${period}&limit=20`);
      expect(res.status).toBe(200);
      const served = topCarsOutputSchema.parse(res.body);
      expect(served.map((e) => ({ id: e.id, votes: e.votes }))).toEqual(current);
      expect(served.map((e) => [e.id, e.isNew, e.change])).toEqual(
        current.map((entry, i) => {
          const before = earlierRank.get(entry.id);
          return [entry.id, before === undefined, before === undefined ? null : before - (i + 1)];
        }),
      );
    });
  }
});
