import { MESSAGES } from '@curbside/shared';
import {
  type DeepPartial,
  type EntityManager,
  type EntityTarget,
  type FindOptionsOrder,
  type FindOptionsSelect,
  type FindOptionsWhere,
  LessThan,
  MoreThan,
  Not,
  type ObjectLiteral,
  type Repository,
} from 'typeorm';
import { DomainError } from '../errors';

// Every limit of "at most N in the last T" is a sliding window over rows in the database, so it holds across app
// servers with no counter in memory, and refuses the same way: 429, "<what> Please try again in N minutes." and
// Retry-After, counted from the moment the oldest row that still counts leaves the window. Two kinds:
// - throttles (sign-in, password changes, reset mails, registrations) record each attempt in a table of their own,
//   then count: SlidingWindow;
// - quotas (cars, photos, newsletter addresses, checkouts) count the rows the user already created: Quota.

/** The 429 of a full window: `what`, when to try again (the place frees at `retryAtMs`), and Retry-After. */
export function windowFull(what: string, retryAtMs: number, nowMs: number): DomainError {
  const retryAfterSeconds = Math.max(1, Math.ceil((retryAtMs - nowMs) / 1000));
  return new DomainError('TOO_MANY_REQUESTS', `${what} ${MESSAGES.server.tryAgainIn(retryAfterSeconds)}`, {
    retryAfterSeconds,
  });
}

// Throttles.

interface WindowRow {
  id: number;
  createdAt: Date;
}

/**
 * The counting of every throttle: a request first writes its own row, then counts the rows of the window. Counting
 * after writing is what makes requests that arrive together (in parallel, or in one tRPC batch) see each other: of
 * requests counted one after another, the k-th sees the rows of the k-1 before it, so no more than the limit get
 * through, whatever the timing, on any number of servers sharing the database. A request counted while others are
 * still being written may be refused too early; it is never let through twice.
 */
export class SlidingWindow<E extends WindowRow> {
  constructor(
    private readonly repo: Repository<E>,
    readonly windowMs: number,
    readonly now: () => Date,
  ) {}

  /** Writes the request's row (createdAt: now) and returns its id. */
  async record(row: DeepPartial<E>): Promise<number> {
    const inserted = await this.repo.insert({ ...row, createdAt: this.now() } as never);
    return Number(inserted.identifiers[0]?.id);
  }

  /**
   * Null while fewer than `limit` rows other than `ownId` match `where` in the window; otherwise the moment one of
   * those leaves the window and a place frees (epoch ms).
   */
  async fullUntil(where: FindOptionsWhere<E>, ownId: number, limit: number): Promise<number | null> {
    const since = new Date(this.now().getTime() - this.windowMs);
    const oldestCounted = await this.repo.find({
      where: { ...where, id: Not(ownId), createdAt: MoreThan(since) } as FindOptionsWhere<E>,
      order: { createdAt: 'DESC', id: 'DESC' } as never,
      skip: limit - 1,
      take: 1,
      select: { id: true, createdAt: true } as never,
    });
    const row = oldestCounted[0];
    return row ? row.createdAt.getTime() + this.windowMs : null;
  }

  /**
   * Removes rows: a refused request's own (so refused requests neither count nor push the retry time further out),
   * or the ones a success forgives.
   */
  async forget(where: FindOptionsWhere<E>): Promise<void> {
    await this.repo.delete(where);
  }

  /** Now and then, drops rows that left the window (they no longer count), so the table stays small. */
  async prune(): Promise<void> {
    if (Math.random() >= 0.05) return;
    const cutoff = new Date(this.now().getTime() - this.windowMs);
    await this.repo.delete({ createdAt: LessThan(cutoff) } as FindOptionsWhere<E>);
  }
}

// Quotas: what one user or one client address may create (cars, photos, newsletter addresses, checkouts). They are
// counted from the rows the database already holds, so they need no table of their own. A request counts and
// inserts inside one transaction that holds a lock of the quota's owner, so a parallel burst takes the places in
// turn and never one more than the quota.

/** At most `limit` rows within the last `windowMs`. */
export interface Quota {
  limit: number;
  windowMs: number;
}

/**
 * The 429 when the quota is used up by `recent` (the times of the rows that count, newest first), or null while
 * there is room. Its message says what ran out and when to try again (Retry-After too): when the limit-th newest
 * row leaves the window.
 */
export function quotaRefusal(quota: Quota, recent: readonly Date[], now: Date, what: string): DomainError | null {
  const freeing = recent[quota.limit - 1];
  return freeing ? windowFull(what, freeing.getTime() + quota.windowMs, now.getTime()) : null;
}

/**
 * The createdAt of `entity`'s rows matching `owner` within the quota's window, newest first (at most `limit`):
 * what quotaRefusal counts.
 */
export async function recentCreations<T extends ObjectLiteral & { createdAt: Date }>(
  em: EntityManager,
  entity: EntityTarget<T>,
  owner: FindOptionsWhere<T>,
  quota: Quota,
  now: Date,
): Promise<Date[]> {
  const rows = await em.getRepository(entity).find({
    where: { ...owner, createdAt: MoreThan(new Date(now.getTime() - quota.windowMs)) } as FindOptionsWhere<T>,
    order: { createdAt: 'DESC' } as FindOptionsOrder<T>,
    take: quota.limit,
    select: { createdAt: true } as FindOptionsSelect<T>,
  });
  return rows.map((row) => row.createdAt);
}

/**
 * Takes the user row's write lock for the rest of the transaction (a no-op UPDATE locks the row on MySQL/MariaDB and
 * takes the write lock on SQLite): the user's quota-counted writes then count and insert one after another.
 */
export async function lockUser(em: EntityManager, userId: number): Promise<void> {
  await em.query('UPDATE users SET id = id WHERE id = ?', [userId]);
}
