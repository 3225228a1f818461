import { centralMonthKey, LIMITS, MESSAGES, type VoteOutput, voteCooldownEndsAt } from '@curbside/shared';
import type { Database as SqliteDatabase, Statement as SqliteStatement } from 'better-sqlite3';
import type { DataSource } from 'typeorm';
import { dialectOf } from '../../db/data-source';
import { sqliteDatabase } from '../../db/driver-internals';
import { readSqlDate, sqliteDateText } from '../../db/sql-dates';
import { runInTransaction, waitUntilIdle } from '../../db/transaction';
import { DomainError, notFound } from '../../errors';
import type { AppMetrics } from '../../ops/metrics';
import type { EventsService } from '../events/events.service';
import type { RecentVoters } from './recent-voters';

// One vote per IP hash per car per rolling 24 hours (part 1 §9). Votes arriving together are written together
// ("group commit"): while one batch is being written, new votes queue, and the next batch takes them all in one
// transaction. Inside it, the rule is decided for every vote against vote_limits (carId, ipHash) — including the
// votes before it in the same batch — and the vote rows, cars.totalVotes and the monthly tallies are written with a
// fixed number of statements (one more for votes through a meet card), so the tallies never drift from the votes and a burst costs a few statements, not a
// few per vote. A single vote on a quiet site is a batch of one, written at once.

/** The most votes written in one transaction. */
const MAX_BATCH = 200;
/**
 * Batches written at once. SQLite writes one at a time anyway; on MySQL several transactions in flight let InnoDB
 * flush their commits to disk together (one fsync for several batches), while the car-row locks keep them exact.
 */
const WRITERS = { sqlite: 1, mysql: 2 };

/** Where a vote came from, when the voter arrived by a meet card's QR code (eventId: the event the card names). */
export interface VoteAttribution {
  source: 'card';
  eventId: number | null;
}

interface PendingVote {
  carId: number;
  ipHash: string;
  /** The voter's hashes under SESSION_SECRET's older secrets while it is rotated: their cooldowns are the voter's. */
  earlierIpHashes: string[];
  /** The keyed hash of the voter's address block (fair-vote review). */
  blockHash: string | null;
  at: Date;
  attribution: VoteAttribution | null;
  resolve(outcome: Outcome): void;
  reject(error: unknown): void;
}

type Outcome =
  | { status: 'counted'; totals: VoteOutput }
  | { status: 'refused'; lastVotedAt: Date }
  | { status: 'missing' };

/** What the votes service tells of each counted vote, once it is committed and before its response is sent. */
export interface VotesServiceDeps {
  ds: DataSource;
  /** The viewers inside the cooldown, so cached car responses are not given to them. */
  recentVoters: Pick<RecentVoters, 'record'>;
  /** The votes counter of /metrics. */
  metrics: Pick<AppMetrics, 'voteCounted'>;
  /** Whether a meet card's vote may name an event (events.service.ts). */
  events: Pick<EventsService, 'runsForCardVotes'>;
}

export class VotesService {
  private readonly queue: PendingVote[] = [];
  private writers = 0;
  private drainScheduled = false;

  private readonly ds: DataSource;

  constructor(private readonly deps: VotesServiceDeps) {
    this.ds = deps.ds;
  }

  /**
   * Casts `ipHash`'s vote for the car; throws NOT_FOUND for a missing car, TOO_MANY_REQUESTS in the cooldown (which
   * a vote recorded under one of `earlierIpHashes`, the same address before a key rotation, starts too) and
   * BAD_REQUEST for a meet card's vote naming an event that is not running around `now`. `blockHash` is the keyed
   * hash of the voter's address block, kept on the vote for the fair-vote review.
   */
  async vote(
    carId: number,
    ipHash: string,
    now: Date = new Date(),
    attribution: VoteAttribution | null = null,
    earlierIpHashes: string[] = [],
    blockHash: string | null = null,
  ): Promise<VoteOutput> {
    const eventId = attribution?.eventId ?? null;
    if (eventId !== null && !(await this.deps.events.runsForCardVotes(eventId, now))) {
      throw new DomainError('BAD_REQUEST', MESSAGES.meetCards.eventNotRunning);
    }
    const outcome = await new Promise<Outcome>((resolve, reject) => {
      this.queue.push({ carId, ipHash, earlierIpHashes, blockHash, at: now, attribution, resolve, reject });
      this.scheduleDrain();
    });
    if (outcome.status === 'missing') throw notFound(MESSAGES.server.carNotFound);
    if (outcome.status === 'refused') {
      const waitMs = voteCooldownEndsAt(outcome.lastVotedAt).getTime() - now.getTime();
      throw new DomainError('TOO_MANY_REQUESTS', MESSAGES.vote.alreadyVoted.message ?? '', {
        retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)),
      });
    }
    this.counted(carId, ipHash, now);
    return outcome.totals;
  }

  /**
   * The side effects of a counted vote: the recent-voter index and the metric. (The cached responses it changed are
   * dropped by votes.cast's declared `invalidates`, like every write's.)
   */
  private counted(carId: number, ipHash: string, at: Date): void {
    this.deps.recentVoters.record(ipHash, at, carId);
    this.deps.metrics.voteCounted();
  }

  /**
   * The writer starts after the votes that already arrived have been read (setImmediate runs after pending I/O), so
   * a burst becomes one batch even on SQLite, whose writes do not wait for anything.
   */
  private scheduleDrain(): void {
    if (this.writers >= this.maxWriters || this.drainScheduled) return;
    this.drainScheduled = true;
    setImmediate(() => {
      this.drainScheduled = false;
      void this.drain();
    });
  }

  private get maxWriters(): number {
    return dialectOf(this.ds) === 'sqlite' ? WRITERS.sqlite : WRITERS.mysql;
  }

  /** One writer: writes queued votes batch after batch until the queue is empty. */
  private async drain(): Promise<void> {
    if (this.writers >= this.maxWriters || this.queue.length === 0) return;
    this.writers++;
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, MAX_BATCH);
        try {
          const outcomes = await this.write(batch);
          for (const [i, vote] of batch.entries()) vote.resolve(outcomes[i] as Outcome);
        } catch (error) {
          for (const vote of batch) vote.reject(error);
        }
      }
    } finally {
      this.writers--;
    }
  }

  private async write(batch: PendingVote[]): Promise<Outcome[]> {
    if (dialectOf(this.ds) !== 'sqlite') {
      // MySQL/MariaDB: a pooled connection per transaction; a deadlock is retried by runInTransaction.
      return runInTransaction(this.ds, (em) => runAsync(voteBatch(batch, 'mysql'), (s) => em.query(s.sql, s.params)));
    }
    // SQLite: the app shares one connection, and TypeORM refuses a second transaction on it while another is open,
    // so the batch runs as one synchronous better-sqlite3 transaction once no other transaction is open.
    await waitUntilIdle(this.ds);
    const db = sqliteDatabase(this.ds);
    return db.transaction(() => runSync(voteBatch(batch, 'sqlite'), (s) => runSqlite(db, s)))();
  }
}

interface Statement {
  sql: string;
  params: unknown[];
}
// biome-ignore lint/suspicious/noExplicitAny: rows of raw SQL, read field by field below
type Rows = any;

/**
 * The statements of one batch, in order; each `yield` hands a statement to the driver and receives its rows. Written
 * once, run synchronously on SQLite and asynchronously on MySQL. On MySQL the batch's car rows (and their monthly
 * tallies) are locked first, in id order: that settles "does it exist", orders every vote for those cars across app
 * servers (so the vote_limits read below cannot race another batch, and the counters read stay true until commit),
 * and keeps concurrent batches from deadlocking on each other. Eight round trips on MySQL: BEGIN, two reads, four
 * writes (five with meet-card votes) and COMMIT.
 */
function* voteBatch(votes: PendingVote[], dialect: 'sqlite' | 'mysql'): Generator<Statement, Outcome[], Rows> {
  const date = (d: Date) => (dialect === 'sqlite' ? sqliteDateText(d) : d);
  const carIds = [...new Set(votes.map((v) => v.carId))].sort((a, b) => a - b);
  const pairs = [
    ...new Map(
      votes.flatMap((v) =>
        [v.ipHash, ...v.earlierIpHashes].map((ipHash) => [pairKey(v.carId, ipHash), { ...v, ipHash }]),
      ),
    ).values(),
  ];
  const months = [...new Set(votes.map((v) => centralMonthKey(v.at)))];
  // The cars with their counters, as they stand before this batch (locked on MySQL, so nothing else moves them
  // until this batch commits): the totals each counted vote returns are these plus the batch's own votes.
  const lock = dialect === 'mysql' ? ' ORDER BY c.id FOR UPDATE' : '';
  const cars: {
    carId: number | string;
    totalVotes: number | string;
    published: number | boolean;
    month: string | null;
    votes: number | string | null;
  }[] = yield sql(
    `SELECT c.id AS carId, c.totalVotes AS totalVotes, c.published AS published, m.month AS month, m.votes AS votes
       FROM cars c LEFT JOIN car_monthly_votes m ON m.carId = c.id AND m.month IN (${marks(months)})
       WHERE c.id IN (${marks(carIds)})${lock}`,
    [...months, ...carIds],
  );
  // The batch's (car, voter) pairs as a row-value list: one index lookup per pair (carId IN … AND ipHash IN … costs
  // cars × voters lookups, 225 for a batch of 15). SQLite takes such a list only as a VALUES subquery.
  const pairList = dialect === 'sqlite' ? `VALUES ${tuples(pairs.length, 2)}` : tuples(pairs.length, 2);
  const limits: { carId: number | string; ipHash: string; lastVotedAt: Date | string }[] = yield sql(
    `SELECT carId, ipHash, lastVotedAt FROM vote_limits WHERE (carId, ipHash) IN (${pairList})`,
    pairs.flatMap((pair) => [pair.carId, pair.ipHash]),
  );

  const lastVotedAt = new Map(
    limits.map((row) => [pairKey(Number(row.carId), row.ipHash), readSqlDate(row.lastVotedAt)]),
  );
  // A vote recorded under the voter's hash before a key rotation is the voter's own.
  for (const vote of votes) {
    const own = pairKey(vote.carId, vote.ipHash);
    for (const earlier of vote.earlierIpHashes) {
      const at = lastVotedAt.get(pairKey(vote.carId, earlier));
      if (at && at > (lastVotedAt.get(own) ?? 0)) lastVotedAt.set(own, at);
    }
  }
  const decisions = decideVotes(votes, new Set(cars.map((car) => Number(car.carId))), lastVotedAt);
  const counted = votes.filter((_, i) => decisions[i]?.status === 'counted');
  const perCar = countBy(counted, (v) => String(v.carId));
  const perMonth = countBy(counted, (v) => monthKey(v.carId, centralMonthKey(v.at)));
  if (counted.length > 0) {
    const voteRows = counted.flatMap((v) => [v.carId, v.ipHash, date(v.at)]);
    const newLastVote = onDuplicate(dialect, 'carId, ipHash', 'lastVotedAt', (incoming) => incoming);
    yield sql(
      `INSERT INTO vote_limits (carId, ipHash, lastVotedAt) VALUES ${tuples(counted.length, 3)} ${newLastVote}`,
      voteRows,
    );
    yield sql(
      `INSERT INTO votes (carId, ipHash, createdAt, blockHash, viaCard, cardEventId) VALUES ${tuples(counted.length, 6)}`,
      counted.flatMap((v) => {
        const viaCard = v.attribution?.source === 'card';
        return [
          v.carId,
          v.ipHash,
          date(v.at),
          v.blockHash,
          viaCard ? 1 : 0,
          viaCard ? (v.attribution?.eventId ?? null) : null,
        ];
      }),
    );
    // Meet-card votes are noted beside them, one statement more only in a batch that has some.
    const fromCards = counted.filter((v) => v.attribution?.source === 'card');
    if (fromCards.length > 0) {
      yield sql(
        `INSERT INTO card_votes (carId, eventId, createdAt) VALUES ${tuples(fromCards.length, 3)}`,
        fromCards.flatMap((v) => [v.carId, v.attribution?.eventId ?? null, date(v.at)]),
      );
    }
    yield sql(
      `UPDATE cars SET totalVotes = totalVotes + CASE id ${[...perCar.keys()].map(() => 'WHEN ? THEN ?').join(' ')} END
       WHERE id IN (${marks([...perCar.keys()])})`,
      [...[...perCar].flatMap(([carId, n]) => [Number(carId), n]), ...[...perCar.keys()].map(Number)],
    );
    // A new tally row copies the car's listing (read above, under the car's lock on MySQL; syncListing keeps it).
    const listed = new Map(cars.map((row) => [Number(row.carId), Number(row.published) ? 1 : 0]));
    const addToTally = onDuplicate(dialect, 'carId, month', 'votes', (incoming) => `votes + ${incoming}`);
    yield sql(
      `INSERT INTO car_monthly_votes (carId, month, votes, listed) VALUES ${tuples(perMonth.size, 4)} ${addToTally}`,
      [...perMonth].flatMap(([key, n]) => {
        const [carId, month] = key.split('|');
        return [Number(carId), month, n, listed.get(Number(carId)) ?? 1];
      }),
    );
  }

  const totalBefore = new Map(cars.map((row) => [Number(row.carId), Number(row.totalVotes)]));
  const monthBefore = new Map(
    cars.flatMap((row) =>
      row.month === null ? [] : [[monthKey(Number(row.carId), row.month), Number(row.votes)] as const],
    ),
  );
  return votes.map((vote, i): Outcome => {
    const decision = decisions[i] as Decision;
    if (decision.status !== 'counted') return decision;
    const month = monthKey(vote.carId, centralMonthKey(vote.at));
    return {
      status: 'counted',
      totals: {
        totalVotes: (totalBefore.get(vote.carId) ?? 0) + (perCar.get(String(vote.carId)) ?? 0),
        lastMonthVotes: (monthBefore.get(month) ?? 0) + (perMonth.get(month) ?? 0),
      },
    };
  });
}

type Decision = { status: 'counted' } | { status: 'refused'; lastVotedAt: Date } | { status: 'missing' };

/**
 * The rule, for a batch in arrival order: a vote counts when its car exists and its (car, IP hash) has no vote on
 * record — nor earlier in the batch — less than the cooldown before it.
 */
export function decideVotes(
  votes: { carId: number; ipHash: string; at: Date }[],
  existingCars: Set<number>,
  lastVotedAt: Map<string, Date>,
): Decision[] {
  const last = new Map(lastVotedAt);
  return votes.map((vote) => {
    if (!existingCars.has(vote.carId)) return { status: 'missing' };
    const key = pairKey(vote.carId, vote.ipHash);
    const previous = last.get(key);
    if (previous && previous.getTime() > vote.at.getTime() - LIMITS.voteCooldownMs) {
      return { status: 'refused', lastVotedAt: previous };
    }
    last.set(key, vote.at);
    return { status: 'counted' };
  });
}

/** An upsert's conflict clause: on a duplicate key, set `column` to `update(the inserted value)`. */
function onDuplicate(dialect: 'sqlite' | 'mysql', keys: string, column: string, update: (incoming: string) => string) {
  return dialect === 'sqlite'
    ? `ON CONFLICT (${keys}) DO UPDATE SET ${column} = ${update(`excluded.${column}`)}`
    : `ON DUPLICATE KEY UPDATE ${column} = ${update(`VALUES(${column})`)}`;
}

const pairKey = (carId: number, ipHash: string) => `${carId}|${ipHash}`;
const monthKey = (carId: number, month: string) => `${carId}|${month}`;
const sql = (text: string, params: unknown[]): Statement => ({ sql: text, params });
const marks = (values: unknown[]) => values.map(() => '?').join(', ');
const tuples = (rows: number, columns: number) =>
  Array.from({ length: rows }, () => `(${Array.from({ length: columns }, () => '?').join(', ')})`).join(', ');

function countBy<T>(items: T[], key: (item: T) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
}

function runSync<R>(steps: Generator<Statement, R, Rows>, execute: (s: Statement) => Rows): R {
  let next = steps.next();
  while (!next.done) next = steps.next(execute(next.value));
  return next.value;
}

async function runAsync<R>(steps: Generator<Statement, R, Rows>, execute: (s: Statement) => Promise<Rows>) {
  let next = steps.next();
  while (!next.done) next = steps.next(await execute(next.value));
  return next.value;
}

/** Prepared statements by text: a batch's statements differ only by their number of rows. */
const prepared = new WeakMap<SqliteDatabase, Map<string, SqliteStatement>>();

function runSqlite(db: SqliteDatabase, statement: Statement): Rows {
  let byText = prepared.get(db);
  if (!byText || byText.size > 1000) {
    byText = new Map();
    prepared.set(db, byText);
  }
  const ready = byText.get(statement.sql) ?? db.prepare(statement.sql);
  byText.set(statement.sql, ready);
  return ready.reader ? ready.all(...statement.params) : ready.run(...statement.params);
}
