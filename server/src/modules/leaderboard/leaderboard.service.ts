import {
  centralMonthKey,
  centralMonthStart,
  type LeaderboardEntry,
  LIMITS,
  rankChange,
  type TopCarsQuery,
} from '@curbside/shared';
import { type DataSource, In } from 'typeorm';
import { sqlDateParam } from '../../db/sql-dates';
import { CarEntity } from '../cars/car.entity';
import { type CarViewer, loadCarDtos } from '../cars/car-dto';
import { LISTED } from '../cars/cars.service';

interface Score {
  carId: number;
  votes: number;
}

// Both lists are ordered by votes desc, then the older car (lower id) first.

/**
 * The earlier list changes only as votes age past the 24-hour mark (a new vote is always recent), so it is computed
 * at most once a minute per period and limit; the current ranking is always read fresh.
 */
const PREVIOUS_RANKS_TTL_MS = 60_000;
const previousRanksCache = new WeakMap<DataSource, Map<string, { expires: number; ranks: Map<number, number> }>>();

/** Tests that write votes with past timestamps call this, since such votes do change the earlier list. */
export function forgetPreviousRanks(ds: DataSource): void {
  previousRanksCache.delete(ds);
}

/**
 * Ranks `limit` cars by votes in the period from the stored tallies (an indexed read), with each one's rank in the
 * same list as it stood 24 hours earlier: every car's score then is its score now minus its votes of the last 24
 * hours (for 'month', the current month's list 24 hours ago), ranked the same way.
 */
async function rankTopCars(
  ds: DataSource,
  query: { period: TopCarsQuery['period']; limit: number },
  now: Date = new Date(),
): Promise<(Score & { rank: number; previousRank: number | null })[]> {
  const [current, previousRanks] = await Promise.all([
    readRanking(ds, query.period, now, query.limit, 0),
    readPreviousRanks(ds, query, now),
  ]);
  return current.map((score, index) => ({
    ...score,
    rank: index + 1,
    previousRank: previousRanks.get(score.carId) ?? null,
  }));
}

async function readPreviousRanks(
  ds: DataSource,
  query: { period: TopCarsQuery['period']; limit: number },
  now: Date,
): Promise<Map<number, number>> {
  const month = centralMonthKey(now);
  const key = `${query.period}:${query.limit}:${month}`;
  const cache = previousRanksCache.get(ds) ?? new Map();
  previousRanksCache.set(ds, cache);
  const hit = cache.get(key);
  if (hit && hit.expires > now.getTime()) return hit.ranks;

  const since = new Date(now.getTime() - LIMITS.voteCooldownMs);
  const recentFrom = query.period === 'month' && centralMonthStart(now) > since ? centralMonthStart(now) : since;
  const recent = `SELECT carId, COUNT(*) AS recent FROM votes WHERE createdAt >= ? GROUP BY carId`;
  const rows: { carId: number | string }[] =
    query.period === 'month'
      ? await ds.query(
          `SELECT m.carId AS carId, m.votes - COALESCE(r.recent, 0) AS previousVotes
           FROM car_monthly_votes m LEFT JOIN (${recent}) r ON r.carId = m.carId
           WHERE m.month = ? AND m.votes - COALESCE(r.recent, 0) > 0
           ORDER BY previousVotes DESC, carId ASC LIMIT ${query.limit}`,
          [sqlDateParam(ds, recentFrom), month],
        )
      : await ds.query(
          `SELECT c.id AS carId, c.totalVotes - COALESCE(r.recent, 0) AS previousVotes
           FROM cars c LEFT JOIN (${recent}) r ON r.carId = c.id
           WHERE c.totalVotes - COALESCE(r.recent, 0) > 0
           ORDER BY previousVotes DESC, carId ASC LIMIT ${query.limit}`,
          [sqlDateParam(ds, recentFrom)],
        );
  const ranks = new Map(rows.map((row, index) => [Number(row.carId), index + 1]));
  cache.set(key, { expires: now.getTime() + PREVIOUS_RANKS_TTL_MS, ranks });
  return ranks;
}

/** The car at the top of this month's ranking (the home page's first card), or null when nobody voted yet. */
export async function topCarOfTheMonth(ds: DataSource, now: Date = new Date()): Promise<number | null> {
  const [first] = await readRanking(ds, 'month', now, 1, 0);
  return first?.carId ?? null;
}

/** One page of the current ranking: votes desc, then car id. Only cars with votes in the period are listed. */
async function readRanking(
  ds: DataSource,
  period: TopCarsQuery['period'],
  now: Date,
  take: number,
  skip: number,
): Promise<Score[]> {
  const rows: { carId: number | string; votes: number | string }[] =
    period === 'month'
      ? await ds.query(
          `SELECT carId AS carId, votes AS votes FROM car_monthly_votes WHERE month = ? AND votes > 0
           ORDER BY votes DESC, carId ASC LIMIT ${take} OFFSET ${skip}`,
          [centralMonthKey(now)],
        )
      : await ds.query(
          `SELECT id AS carId, totalVotes AS votes FROM cars WHERE totalVotes > 0
           ORDER BY totalVotes DESC, id ASC LIMIT ${take} OFFSET ${skip}`,
        );
  return rows.map((row) => ({ carId: Number(row.carId), votes: Number(row.votes) }));
}

/**
 * The leaderboard: GET /api/cars/top (the procedure is cars.top, in cars/top-cars.ts), the ranked cars with their
 * movement against 24 hours earlier.
 */
export class LeaderboardService {
  constructor(private readonly ds: DataSource) {}

  async top(query: TopCarsQuery, viewer: CarViewer): Promise<LeaderboardEntry[]> {
    const ranked = await rankTopCars(this.ds, query);
    if (ranked.length === 0) return [];
    const entities = await this.ds.getRepository(CarEntity).findBy({ id: In(ranked.map((r) => r.carId)), ...LISTED });
    const byId = new Map((await loadCarDtos(this.ds, entities, viewer)).map((car) => [car.id, car]));
    // A car deleted or unlisted since its votes were ranked is left out.
    return ranked.flatMap((r) => {
      const car = byId.get(r.carId);
      if (!car) return [];
      return [
        {
          ...car,
          rank: r.rank,
          votes: r.votes,
          change: rankChange(r.previousRank, r.rank),
          isNew: r.previousRank === null,
        },
      ];
    });
  }
}
