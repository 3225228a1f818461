import { AsyncLocalStorage } from 'node:async_hooks';
import type { DataSource, EntityManager } from 'typeorm';

// Read replicas (DATABASE_REPLICA_URLS, docs/operations.md "Read replicas"). Everything runs on the primary except the
// reads that name themselves here: those a visitor may see a second behind (the car lists, search, the leaderboard),
// which run on a replica through `onReplica`. A replica applies the primary's writes a little later, so:
// - what must reflect the viewer's own last write reads the primary even inside `onReplica` (a car's hasVoted,
//   car-dto.ts, through `em.connection`);
// - `onPrimary` makes every `onReplica` inside it use the primary: the read cache rebuilds a response a write has just
//   dropped that way (read-cache.ts), so the first answer after a vote is the primary's.
// Without replicas (SQLite, or MySQL without DATABASE_REPLICA_URLS) both run the read on `ds.manager` as before.

const primaryDemanded = new AsyncLocalStorage<true>();

/** Runs `fn` so that every `onReplica` inside it (awaited or not) reads the primary. */
export function onPrimary<T>(fn: () => Promise<T>): Promise<T> {
  return primaryDemanded.run(true, fn);
}

/** Whether the current async context asked for the primary (`onPrimary`). */
export function primaryRequired(): boolean {
  return primaryDemanded.getStore() === true;
}

/**
 * Runs `read` on a replica's connection (one connection for all its queries, so they run one after another; released
 * after) when the DataSource has replicas and the context does not demand the primary; otherwise on the primary's
 * `ds.manager`. When no replica gives a connection (all down, or set aside after a failure: data-source.ts), `read`
 * runs on the primary: a replica's outage costs the primary its reads, never a visitor's page. `read` may only read.
 */
export async function onReplica<T>(ds: DataSource, read: (db: EntityManager) => Promise<T>): Promise<T> {
  if (!ds.driver.isReplicated || primaryRequired()) return read(ds.manager);
  const runner = ds.createQueryRunner('slave');
  try {
    try {
      await runner.connect();
    } catch {
      return await read(ds.manager);
    }
    return await read(runner.manager);
  } finally {
    await runner.release();
  }
}
