import { LIMITS, MESSAGES, type VoteOutput, voteCooldownEndsAt } from '@curbside/shared';
import type { DataSource } from 'typeorm';
import { dialectOf } from '../../db/data-source';
import { DomainError, notFound } from '../../errors';
import { utcMonthKey } from './month-key';

// One vote per IP hash per car per rolling 24 hours (part 1 §9). The rule is decided by the database in one
// conditional write on vote_limits (carId, ipHash): the vote counts only when that write inserted the row or moved
// a lastVotedAt older than the cooldown. The vote row, cars.totalVotes and the monthly tally are written in the same
// transaction, so the tallies that lists and the leaderboard read never drift from the votes.

export const CAR_NOT_FOUND = 'Car not found';

interface BetterSqliteDatabase {
  inTransaction: boolean;
  prepare(sql: string): {
    get(...params: unknown[]): unknown;
    run(...params: unknown[]): { changes: number };
  };
  transaction<T>(fn: () => T): () => T;
}

type Outcome =
  | { status: 'counted'; totals: VoteOutput }
  | { status: 'refused'; lastVotedAt: Date }
  | { status: 'missing' };

export class VotesService {
  constructor(private readonly ds: DataSource) {}

  /** Casts `ipHash`'s vote for the car; throws NOT_FOUND for a missing car and TOO_MANY_REQUESTS in the cooldown. */
  async vote(carId: number, ipHash: string, now: Date = new Date()): Promise<VoteOutput> {
    const outcome =
      dialectOf(this.ds) === 'sqlite'
        ? await this.voteSqlite(carId, ipHash, now)
        : await this.voteMysql(carId, ipHash, now);
    if (outcome.status === 'missing') throw notFound(CAR_NOT_FOUND);
    if (outcome.status === 'refused') {
      const waitMs = voteCooldownEndsAt(outcome.lastVotedAt).getTime() - now.getTime();
      throw new DomainError('TOO_MANY_REQUESTS', MESSAGES.vote.alreadyVoted.message ?? '', {
        retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)),
      });
    }
    return outcome.totals;
  }

  /**
   * SQLite: the app shares one connection, and TypeORM refuses a second transaction on it while another is open, so
   * the vote runs as one synchronous better-sqlite3 transaction — nothing else can interleave with it. If another
   * (async) transaction is open on the connection, wait for it to finish rather than nest inside it.
   */
  private async voteSqlite(carId: number, ipHash: string, now: Date): Promise<Outcome> {
    const db = (this.ds.driver as unknown as { databaseConnection: BetterSqliteDatabase }).databaseConnection;
    for (let waited = 0; db.inTransaction; waited++) {
      if (waited > 5000) throw new Error('the database stayed busy');
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    const at = now.toISOString().replace('T', ' ').replace('Z', '');
    const cutoff = new Date(now.getTime() - LIMITS.voteCooldownMs).toISOString().replace('T', ' ').replace('Z', '');
    const month = utcMonthKey(now);
    const run = db.transaction((): Outcome => {
      if (!db.prepare('SELECT 1 FROM cars WHERE id = ?').get(carId)) return { status: 'missing' };
      const claimed = db
        .prepare(
          `INSERT INTO vote_limits (carId, ipHash, lastVotedAt) VALUES (?, ?, ?)
           ON CONFLICT (carId, ipHash) DO UPDATE SET lastVotedAt = excluded.lastVotedAt
           WHERE vote_limits.lastVotedAt <= ?`,
        )
        .run(carId, ipHash, at, cutoff);
      if (claimed.changes !== 1) {
        const row = db
          .prepare('SELECT lastVotedAt FROM vote_limits WHERE carId = ? AND ipHash = ?')
          .get(carId, ipHash) as {
          lastVotedAt: string;
        };
        return { status: 'refused', lastVotedAt: new Date(`${row.lastVotedAt.replace(' ', 'T')}Z`) };
      }
      db.prepare('INSERT INTO votes (carId, ipHash, createdAt) VALUES (?, ?, ?)').run(carId, ipHash, at);
      db.prepare('UPDATE cars SET totalVotes = totalVotes + 1 WHERE id = ?').run(carId);
      db.prepare(
        `INSERT INTO car_monthly_votes (carId, month, votes) VALUES (?, ?, 1)
         ON CONFLICT (carId, month) DO UPDATE SET votes = votes + 1`,
      ).run(carId, month);
      return { status: 'counted', totals: readTotalsSqlite(db, carId, month) };
    });
    return run();
  }

  /**
   * MySQL/MariaDB: the car row is locked first (FOR UPDATE), which both answers "does it exist" and orders every
   * vote for that car, so the foreign-key checks below cannot deadlock against each other. The cooldown is then one
   * conditional UPDATE (counts when it moved an expired lastVotedAt) or, when the IP has no row yet, an INSERT. READ COMMITTED avoids gap locks on the new rows; a deadlock elsewhere is retried.
   */
  private async voteMysql(carId: number, ipHash: string, now: Date): Promise<Outcome> {
    const cutoff = new Date(now.getTime() - LIMITS.voteCooldownMs);
    const month = utcMonthKey(now);
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.ds.transaction('READ COMMITTED', async (em) => {
          const car = await em.query('SELECT id FROM cars WHERE id = ? FOR UPDATE', [carId]);
          if (car.length === 0) return { status: 'missing' } as const;
          const moved = await em.query(
            'UPDATE vote_limits SET lastVotedAt = ? WHERE carId = ? AND ipHash = ? AND lastVotedAt <= ?',
            [now, carId, ipHash, cutoff],
          );
          if (moved.affectedRows !== 1) {
            // Not moved: either a vote inside the cooldown is on record, or this IP never voted for the car. The car
            // row lock above means no other vote for this car can insert the row between this read and the insert.
            const [row] = await em.query('SELECT lastVotedAt FROM vote_limits WHERE carId = ? AND ipHash = ?', [
              carId,
              ipHash,
            ]);
            if (row) return { status: 'refused', lastVotedAt: new Date(row.lastVotedAt) } as const;
            await em.query('INSERT INTO vote_limits (carId, ipHash, lastVotedAt) VALUES (?, ?, ?)', [
              carId,
              ipHash,
              now,
            ]);
          }
          await em.query('INSERT INTO votes (carId, ipHash, createdAt) VALUES (?, ?, ?)', [carId, ipHash, now]);
          await em.query('UPDATE cars SET totalVotes = totalVotes + 1 WHERE id = ?', [carId]);
          await em.query(
            'INSERT INTO car_monthly_votes (carId, month, votes) VALUES (?, ?, 1) ON DUPLICATE KEY UPDATE votes = votes + 1',
            [carId, month],
          );
          const [totals] = await em.query(
            `SELECT c.totalVotes AS totalVotes, COALESCE(m.votes, 0) AS lastMonthVotes
             FROM cars c LEFT JOIN car_monthly_votes m ON m.carId = c.id AND m.month = ? WHERE c.id = ?`,
            [month, carId],
          );
          return {
            status: 'counted',
            totals: { totalVotes: Number(totals.totalVotes), lastMonthVotes: Number(totals.lastMonthVotes) },
          } as const;
        });
      } catch (error) {
        const code = (error as { driverError?: { code?: string } }).driverError?.code;
        if (attempt < 5 && (code === 'ER_LOCK_DEADLOCK' || code === 'ER_LOCK_WAIT_TIMEOUT')) continue;
        throw error;
      }
    }
  }
}

function readTotalsSqlite(db: BetterSqliteDatabase, carId: number, month: string): VoteOutput {
  const row = db
    .prepare(
      `SELECT c.totalVotes AS totalVotes, COALESCE(m.votes, 0) AS lastMonthVotes
       FROM cars c LEFT JOIN car_monthly_votes m ON m.carId = c.id AND m.month = ? WHERE c.id = ?`,
    )
    .get(month, carId) as { totalVotes: number; lastMonthVotes: number };
  return { totalVotes: row.totalVotes, lastMonthVotes: row.lastMonthVotes };
}
