import {
  centralMonthKey,
  centralMonthStart,
  type LeaderboardEntry,
  LIMITS,
  rankChange,
  type TopCarsQuery,
} from '@curbside/shared';
import { type DataSource, type EntityManager, In } from 'typeorm';
import { onReplica, type ReadAfterWrite } from '../../db/replicas';
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
  em: EntityManager,
  query: { period: TopCarsQuery['period']; limit: number },
  now: Date = new Date(),
): Promise<(Score & { rank: number; previousRank: number | null })[]> {
  const [current, previousRanks] = await Promise.all([
    readRanking(em, query.period, now, query.limit, 0),
    readPreviousRanks(em, query, now),
  ]);
  return current.map((score, index) => ({
    ...score,
    rank: index + 1,
    previousRank: previousRanks.get(score.carId) ?? null,
  }));
}

async function readPreviousRanks(
  em: EntityManager,
  query: { period: TopCarsQuery['period']; limit: number },
  now: Date,
): Promise<Map<number, number>> {
  const month = centralMonthKey(now);
  const key = `${query.period}:${query.limit}:${month}`;
  const cache = previousRanksCache.get(em.connection) ?? new Map();
  previousRanksCache.set(em.connection, cache);
  const hit = cache.get(key);
  if (hit && hit.expires > now.getTime()) return hit.ranks;

  const since = new Date(now.getTime() - LIMITS.voteCooldownMs);
  const recentFrom = query.period === 'month' && centralMonthStart(now) > since ? centralMonthStart(now) : since;
  const earlier = await readEarlierList(em, query, now, recentFrom);
  const ranks = new Map(earlier.map((score, index) => [score.carId, index + 1]));
  cache.set(key, { expires: now.getTime() + PREVIOUS_RANKS_TTL_MS, ranks });
  return ranks;
}

/**
 * The list as it stood when only the votes before `recentFrom` were counted, read from the top of the current ranking
 * down, a page at a time, with the recent votes of just the cars read: cost in proportion to the list and the cars
 * near its top that moved, not to all cars or all recent votes. A car not yet read has at most the score of the last
 * car read, now and earlier (scores only grow), and comes after it on a tie, so once `limit` cars read would still
 * rank ahead of it with their earlier scores, no car below can enter the earlier list.
 */
async function readEarlierList(
  em: EntityManager,
  query: { period: TopCarsQuery['period']; limit: number },
  now: Date,
  recentFrom: Date,
): Promise<Score[]> {
  const read: Score[] = [];
  let pageSize = query.limit * 2;
  for (;;) {
    const page = await readRanking(em, query.period, now, pageSize, read.length);
    if (page.length === 0) break;
    const recent = await recentVotes(
      em,
      page.map((score) => score.carId),
      recentFrom,
    );
    for (const score of page) read.push({ carId: score.carId, votes: score.votes - (recent.get(score.carId) ?? 0) });
    const last = page.at(-1) as Score;
    if (page.length < pageSize) break;
    const settled = read.filter((s) => s.votes > last.votes || (s.votes === last.votes && s.carId <= last.carId));
    if (settled.length >= query.limit) break;
    pageSize *= 2;
  }
  return read
    .filter((score) => score.votes > 0)
    .sort((a, b) => b.votes - a.votes || a.carId - b.carId)
    .slice(0, query.limit);
}

/**
 * Each car's counted (not voided) votes since `from` (an index range per car on votes (carId, createdAt)); cars without
 * any are left out.
 */
async function recentVotes(em: EntityManager, carIds: number[], from: Date): Promise<Map<number, number>> {
  const rows: { carId: number | string; recent: number | string }[] = await em.query(
    `SELECT carId, COUNT(*) AS recent FROM votes WHERE carId IN (${carIds.map(() => '?').join(', ')}) AND createdAt >= ?
       AND voidId IS NULL GROUP BY carId`,
    [...carIds, sqlDateParam(em.connection, from)],
  );
  return new Map(rows.map((row) => [Number(row.carId), Number(row.recent)]));
}

/** The car at the top of this month's ranking (the home page's first card), or null when nobody voted yet. */
export async function topCarOfTheMonth(ds: DataSource, now: Date = new Date()): Promise<number | null> {
  const [first] = await readRanking(ds.manager, 'month', now, 1, 0);
  return first?.carId ?? null;
}

/**
 * One page of the current ranking of listed cars: votes desc, then car id. Only cars with votes in the period are
 * listed. Each period reads one index in order, from its start, and stops after `skip + take` entries: this month's
 * car_monthly_votes (month, listed, votes desc, carId), all time's cars (published, totalVotes desc, id); both cover
 * the query, so no table row is visited.
 */
async function readRanking(
  em: EntityManager,
  period: TopCarsQuery['period'],
  now: Date,
  take: number,
  skip: number,
): Promise<Score[]> {
  const rows: { carId: number | string; votes: number | string }[] =
    period === 'month'
      ? await em.query(
          `SELECT carId AS carId, votes AS votes FROM car_monthly_votes WHERE month = ? AND listed = 1 AND votes > 0
           ORDER BY votes DESC, carId ASC LIMIT ${take} OFFSET ${skip}`,
          [centralMonthKey(now)],
        )
      : await em.query(
          `SELECT id AS carId, totalVotes AS votes FROM cars WHERE published = 1 AND totalVotes > 0
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

  /** Read on a replica when there are replicas: the ranking may be a second behind (db/replicas.ts). */
  async top(query: TopCarsQuery, viewer: CarViewer & ReadAfterWrite): Promise<LeaderboardEntry[]> {
    const { ranked, cars } = await onReplica(
      this.ds,
      async (db) => {
        const ranked = await rankTopCars(db, query);
        if (ranked.length === 0) return { ranked, cars: [] };
        const entities = await db.getRepository(CarEntity).findBy({ id: In(ranked.map((r) => r.carId)), ...LISTED });
        return { ranked, cars: await loadCarDtos(db, entities, viewer) };
      },
      viewer,
    );
    const byId = new Map(cars.map((car) => [car.id, car]));
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
