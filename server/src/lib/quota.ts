import { MESSAGES } from '@curbside/shared';
import {
  type EntityManager,
  type EntityTarget,
  type FindOptionsOrder,
  type FindOptionsSelect,
  type FindOptionsWhere,
  MoreThan,
  type ObjectLiteral,
} from 'typeorm';
import { DomainError } from '../errors';

// Quotas on what one user or one client address may create (cars, photos, newsletter addresses, checkouts). They
// are counted from the rows the database already holds, over a sliding window, so they hold across app servers and
// need no counter of their own. A request counts and inserts inside one transaction that holds a lock of the
// quota's owner, so a parallel burst takes the places in turn and never one more than the quota.

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
  return freeing ? quotaExceeded(quota, freeing, now, what) : null;
}

/** The 429 of a used-up quota whose next place frees up when the row made at `freeing` leaves the window. */
export function quotaExceeded(quota: Quota, freeing: Date, now: Date, what: string): DomainError {
  const retryAfterSeconds = Math.max(1, Math.ceil((freeing.getTime() + quota.windowMs - now.getTime()) / 1000));
  return new DomainError('TOO_MANY_REQUESTS', `${what} ${MESSAGES.server.tryAgainIn(retryAfterSeconds)}`, {
    retryAfterSeconds,
  });
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
