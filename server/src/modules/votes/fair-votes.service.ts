import {
  centralMonthKey,
  centralMonthStart,
  FAIR_VOTE_BUSIEST_BLOCKS,
  FAIR_VOTE_TOP,
  type FairVoteCar,
  type FairVoteReview,
  MESSAGES,
  nextCentralMonthStart,
  utcToCentralWallTime,
  type VoidVotesInput,
  type VoteVoid,
  type VoteVoidResult,
} from '@curbside/shared';
import type { DataSource, EntityManager } from 'typeorm';
import { dialectOf } from '../../db/data-source';
import { centralMonthSql, readSqlDate, sqlDateParam } from '../../db/sql-dates';
import { runInTransaction } from '../../db/transaction';
import { conflict, notFound } from '../../errors';
import { VoteVoidEntity } from './vote-void.entity';

const F = MESSAGES.fairVotes;
/** The most voids and restores the history lists. */
const HISTORY_MAX = 200;

/** Who acts: the signed-in admin. */
export interface FairVoteActor {
  id: number;
  name: string;
}

export interface FairVotesServiceDeps {
  ds: DataSource;
  /** Told after a void or restore commits: the leaderboard's remembered earlier ranks are stale. */
  talliesChanged: () => void;
}

// biome-ignore lint/suspicious/noExplicitAny: rows of raw SQL, read field by field below
type Rows = any[];

/**
 * The fair-vote review of the monthly ranking (issue 41 part 7). The review reads the vote rows of the month's top
 * cars; a void marks a car's votes from chosen address blocks in a window (votes.voidId) and takes them out of
 * cars.totalVotes and car_monthly_votes in the same transaction, under the same car-row lock a vote batch takes
 * first (votes.service.ts), so a vote arriving meanwhile is counted exactly once, before or after. A restore undoes
 * a void the same way. Everything computed from the tallies (the rankings, vote_totals by trigger, a month's Hall of
 * Fame entry, which counts only votes without a void) follows.
 */
export class FairVotesService {
  private readonly ds: DataSource;

  constructor(private readonly deps: FairVotesServiceDeps) {
    this.ds = deps.ds;
  }

  /** MySQL and MariaDB alike. */
  private get kind(): 'sqlite' | 'mysql' {
    return dialectOf(this.ds) === 'sqlite' ? 'sqlite' : 'mysql';
  }

  /** GET /api/admin/fair-votes: the current Central month's top 20, each car's votes by source, day and block. */
  async review(now = new Date()): Promise<FairVoteReview> {
    const month = centralMonthKey(now);
    const top: { carId: number | string; votes: number | string }[] = await this.ds.query(
      `SELECT carId AS carId, votes AS votes FROM car_monthly_votes WHERE month = ? AND listed = 1 AND votes > 0
       ORDER BY votes DESC, carId ASC LIMIT ${FAIR_VOTE_TOP}`,
      [month],
    );
    if (top.length === 0) return { month, cars: [] };
    const carIds = top.map((row) => Number(row.carId));
    const ids = marks(carIds);
    const [from, to] = [centralMonthStart(month), nextCentralMonthStart(month)].map((d) => sqlDateParam(this.ds, d));
    const cars: Rows = await this.ds.query(
      `SELECT id, year, make, model, slug, ownerName FROM cars WHERE id IN (${ids})`,
      carIds,
    );
    // The month's votes of these cars, each with when its address first voted (any car, any month).
    const votes: Rows = await this.ds.query(
      `SELECT v.carId AS carId, v.createdAt AS createdAt, v.blockHash AS blockHash, v.viaCard AS viaCard,
         v.cardEventId AS cardEventId, v.voidId AS voidId, f.firstAt AS firstAt
       FROM votes v JOIN (
         SELECT ipHash, MIN(createdAt) AS firstAt FROM votes
         WHERE ipHash IN (SELECT ipHash FROM votes WHERE carId IN (${ids}) AND createdAt >= ? AND createdAt < ?)
         GROUP BY ipHash
       ) f ON f.ipHash = v.ipHash
       WHERE v.carId IN (${ids}) AND v.createdAt >= ? AND v.createdAt < ?`,
      [...carIds, from, to, ...carIds, from, to],
    );
    const eventIds = [...new Set(votes.flatMap((v) => (v.cardEventId === null ? [] : [Number(v.cardEventId)])))];
    const events: Rows =
      eventIds.length === 0
        ? []
        : await this.ds.query(`SELECT id, title FROM events WHERE id IN (${marks(eventIds)})`, eventIds);
    const eventTitles = new Map(events.map((e) => [Number(e.id), String(e.title)]));
    const byCar = new Map(carIds.map((id) => [id, [] as Rows]));
    for (const vote of votes) byCar.get(Number(vote.carId))?.push(vote);
    const named = new Map(cars.map((car) => [Number(car.id), car]));

    return {
      month,
      cars: carIds.map((carId, index) =>
        summarize(carId, index + 1, named.get(carId), byCar.get(carId) ?? [], eventTitles),
      ),
    };
  }

  /** GET /api/admin/fair-votes/voids: every void, newest first, with its restore. */
  async history(): Promise<VoteVoid[]> {
    const rows = await this.ds
      .getRepository(VoteVoidEntity)
      .find({ order: { createdAt: 'DESC', id: 'DESC' }, take: HISTORY_MAX });
    return rows.map(toVoteVoid);
  }

  /**
   * POST /api/admin/fair-votes/voids: marks the car's counted votes from `blocks` cast in [from, to) void and takes
   * them out of its tallies. The window starts at the current month's start at the earliest: an earlier month's
   * Hall of Fame entry is written (or about to be) and never changes. 404 for a missing car, 409 when no counted
   * vote matches or the month is closed already.
   */
  async void(input: VoidVotesInput, actor: FairVoteActor, now = new Date()): Promise<VoteVoidResult> {
    // Only this month's votes: earlier months are closed, or close within minutes (hall-of-fame.service.ts).
    const monthStart = centralMonthStart(centralMonthKey(now));
    const fromAt = new Date(Math.max(new Date(input.from).getTime(), monthStart.getTime()));
    const toAt = new Date(input.to);
    const blocks = [...new Set(input.blocks)];
    const result = await runInTransaction(this.ds, async (em) => {
      const car = await this.lockCar(em, input.carId);
      await this.refuseClosedMonths(em, fromAt);
      const match = `carId = ? AND voidId IS NULL AND blockHash IN (${marks(blocks)}) AND createdAt >= ? AND createdAt < ?`;
      const params = [input.carId, ...blocks, sqlDateParam(this.ds, fromAt), sqlDateParam(this.ds, toAt)];
      const perMonth = await this.votesPerMonth(em, match, params);
      const count = [...perMonth.values()].reduce((sum, n) => sum + n, 0);
      if (count === 0) throw conflict(F.nothingToVoid);
      const record = await em.getRepository(VoteVoidEntity).save({
        carId: input.carId,
        carName: car.name,
        blocks,
        fromAt,
        toAt,
        votes: count,
        note: input.note,
        voidedById: actor.id,
        voidedByName: actor.name,
        createdAt: now,
        restoredById: null,
        restoredByName: null,
        restoredAt: null,
        restoreNote: null,
      });
      await em.query(`UPDATE votes SET voidId = ? WHERE ${match}`, [record.id, ...params]);
      const totals = await this.moveTallies(em, input.carId, perMonth, -1, now);
      return { void: toVoteVoid(record), ...totals };
    });
    this.deps.talliesChanged();
    return result;
  }

  /**
   * POST /api/admin/fair-votes/voids/{id}/restore: the void's votes count again. 404 for an unknown void (or a car
   * deleted since), 409 when it was restored already or its month has ended (its Hall of Fame entry is final).
   */
  async restore(id: number, note: string | undefined, actor: FairVoteActor, now = new Date()): Promise<VoteVoidResult> {
    const found = await this.ds.getRepository(VoteVoidEntity).findOne({ where: { id }, select: { carId: true } });
    if (!found) throw notFound(F.voidNotFound);
    const result = await runInTransaction(this.ds, async (em) => {
      await this.lockCar(em, found.carId);
      // Read again under the car's lock: a second restore of the same void waits for the first and finds it done.
      const record = await em.getRepository(VoteVoidEntity).findOneByOrFail({ id });
      if (record.restoredAt !== null) throw conflict(F.alreadyRestored);
      if (record.fromAt < centralMonthStart(centralMonthKey(now))) throw conflict(F.windowOutOfReach);
      await this.refuseClosedMonths(em, record.fromAt);
      const perMonth = await this.votesPerMonth(em, 'voidId = ?', [id]);
      await em.query('UPDATE votes SET voidId = NULL WHERE voidId = ?', [id]);
      Object.assign(record, {
        restoredById: actor.id,
        restoredByName: actor.name,
        restoredAt: now,
        restoreNote: note?.trim() || null,
      });
      await em.getRepository(VoteVoidEntity).save(record);
      const totals = await this.moveTallies(em, record.carId, perMonth, 1, now);
      return { void: toVoteVoid(record), ...totals };
    });
    this.deps.talliesChanged();
    return result;
  }

  /**
   * The car, locked as a vote batch locks it (with its monthly tallies, on MySQL): votes for it wait until this
   * transaction commits. On SQLite a vote batch waits for any open transaction (db/transaction.ts).
   */
  private async lockCar(em: EntityManager, carId: number): Promise<{ name: string }> {
    const lock = this.kind === 'mysql' ? ' FOR UPDATE' : '';
    const rows: Rows = await em.query(
      `SELECT c.id AS id, c.year AS year, c.make AS make, c.model AS model
       FROM cars c LEFT JOIN car_monthly_votes m ON m.carId = c.id WHERE c.id = ?${lock}`,
      [carId],
    );
    const car = rows[0];
    if (!car) throw notFound(MESSAGES.server.carNotFound);
    return { name: `${car.year} ${car.make} ${car.model}` };
  }

  /** A closed month's Hall of Fame entry never changes: its votes can be neither voided nor restored. */
  private async refuseClosedMonths(em: EntityManager, from: Date): Promise<void> {
    const [closed]: Rows = await em.query('SELECT COUNT(*) AS n FROM hall_of_fame_months WHERE month >= ?', [
      centralMonthKey(from),
    ]);
    if (Number(closed?.n ?? 0) > 0) throw conflict(F.windowOutOfReach);
  }

  private async votesPerMonth(em: EntityManager, where: string, params: unknown[]): Promise<Map<string, number>> {
    const month = centralMonthSql(this.kind, 'createdAt');
    const rows: Rows = await em.query(
      `SELECT ${month} AS month, COUNT(*) AS n FROM votes WHERE ${where} GROUP BY ${month}`,
      params,
    );
    return new Map(rows.map((row) => [String(row.month), Number(row.n)]));
  }

  /** Adds (sign 1) or takes (-1) the votes to or from the car's tallies, and reads them after. */
  private async moveTallies(
    em: EntityManager,
    carId: number,
    perMonth: Map<string, number>,
    sign: 1 | -1,
    now: Date,
  ): Promise<{ totalVotes: number; monthVotes: number }> {
    const count = [...perMonth.values()].reduce((sum, n) => sum + n, 0);
    await em.query('UPDATE cars SET totalVotes = totalVotes + ? WHERE id = ?', [sign * count, carId]);
    for (const [month, n] of perMonth) {
      await em.query('UPDATE car_monthly_votes SET votes = votes + ? WHERE carId = ? AND month = ?', [
        sign * n,
        carId,
        month,
      ]);
    }
    const [car]: Rows = await em.query('SELECT totalVotes FROM cars WHERE id = ?', [carId]);
    const [tally]: Rows = await em.query('SELECT votes FROM car_monthly_votes WHERE carId = ? AND month = ?', [
      carId,
      centralMonthKey(now),
    ]);
    return { totalVotes: Number(car?.totalVotes ?? 0), monthVotes: Number(tally?.votes ?? 0) };
  }
}

/** One car's review from its month's vote rows (voided ones only counted as such). */
function summarize(
  carId: number,
  rank: number,
  car: Rows[number] | undefined,
  votes: Rows,
  eventTitles: Map<number, string>,
): FairVoteCar {
  const counted = votes.filter((v) => v.voidId === null);
  const total = counted.length;
  const share = (n: number) => (total === 0 ? 0 : n / total);
  const days = new Map<string, number[]>();
  const blocks = new Map<string, number>();
  const cards = new Map<number | null, number>();
  let unknownBlockVotes = 0;
  let firstSeenVotes = 0;
  for (const vote of counted) {
    const wall = utcToCentralWallTime(readSqlDate(vote.createdAt));
    const day = wall.slice(0, 10);
    const hours = days.get(day) ?? Array.from({ length: 24 }, () => 0);
    const hour = Number(wall.slice(11, 13));
    hours[hour] = (hours[hour] ?? 0) + 1;
    days.set(day, hours);
    if (vote.blockHash === null) unknownBlockVotes++;
    else blocks.set(vote.blockHash, (blocks.get(vote.blockHash) ?? 0) + 1);
    if (Number(vote.viaCard)) {
      const eventId = vote.cardEventId === null ? null : Number(vote.cardEventId);
      cards.set(eventId, (cards.get(eventId) ?? 0) + 1);
    }
    if (utcToCentralWallTime(readSqlDate(vote.firstAt)).slice(0, 10) === day) firstSeenVotes++;
  }
  const busiestBlocks = [...blocks]
    .map(([block, n]) => ({ block, votes: n }))
    .sort((a, b) => b.votes - a.votes || a.block.localeCompare(b.block))
    .slice(0, FAIR_VOTE_BUSIEST_BLOCKS);
  const cardEvents = [...cards]
    .map(([eventId, n]) => ({
      eventId,
      eventTitle: eventId === null ? null : (eventTitles.get(eventId) ?? null),
      votes: n,
      share: share(n),
    }))
    .sort((a, b) => b.votes - a.votes);
  return {
    carId,
    rank,
    name: car ? `${car.year} ${car.make} ${car.model}` : '',
    slug: car ? String(car.slug) : '',
    ownerName: car ? String(car.ownerName) : '',
    votes: total,
    voidedVotes: votes.length - total,
    byDay: [...days]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([day, hours]) => ({
        day,
        votes: hours.reduce((sum, n) => sum + n, 0),
        hours: hours.flatMap((votes, hour) => (votes > 0 ? [{ hour, votes }] : [])),
      })),
    busiestBlocks,
    busiestBlocksShare: share(busiestBlocks.reduce((sum, b) => sum + b.votes, 0)),
    unknownBlockVotes,
    cardEvents,
    cardShare: share(cardEvents.reduce((sum, e) => sum + e.votes, 0)),
    firstSeenVotes,
    firstSeenShare: share(firstSeenVotes),
  };
}

function toVoteVoid(row: VoteVoidEntity): VoteVoid {
  return {
    id: row.id,
    carId: row.carId,
    carName: row.carName,
    blocks: row.blocks,
    from: row.fromAt.toISOString(),
    to: row.toAt.toISOString(),
    votes: row.votes,
    note: row.note,
    voidedBy: row.voidedByName,
    voidedAt: row.createdAt.toISOString(),
    restoredBy: row.restoredByName,
    restoredAt: row.restoredAt?.toISOString() ?? null,
    restoreNote: row.restoreNote,
  };
}

const marks = (values: unknown[]) => values.map(() => '?').join(', ');
