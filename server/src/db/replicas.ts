import type { DataSource, EntityManager } from 'typeorm';

// Read replicas (DATABASE_REPLICA_URLS, docs/operations.md "Read replicas"). Everything runs on the primary except the
// reads that name themselves here: those a visitor may see a second behind (the car lists, search, the leaderboard),
// which run on a replica through `onReplica`. A replica applies the primary's writes a little later, so:
// - what must reflect the viewer's own last write reads the primary even inside `onReplica` (a car's hasVoted,
//   car-dto.ts, through `em.connection`);
// - the read cache rebuilds a response a write has just dropped with `readAfterWrite` (read-cache.ts, carried by the
//   tRPC context to the services), which sends these reads to the primary, so the first answer after a vote is the
//   primary's.
// Without replicas (SQLite, or MySQL without DATABASE_REPLICA_URLS) every read runs on `ds.manager` as before.
// The flag is passed, not kept in an AsyncLocalStorage: its promise hooks slow every request (docs/decisions.md).

/** Said by the read cache (through the request's context) when it rebuilds a response a write has just dropped. */
export interface ReadAfterWrite {
  readAfterWrite?: boolean;
}

/**
 * Runs `read` on a replica's connection (one connection for all its queries, so they run one after another; released
 * after) when the DataSource has replicas and `options` does not ask to read after a write; otherwise on the primary's
 * `ds.manager`. When no replica gives a connection (all down, or set aside after a failure: data-source.ts), `read`
 * runs on the primary: a replica's outage costs the primary its reads, never a visitor's page. `read` may only read.
 */
export async function onReplica<T>(
  ds: DataSource,
  read: (db: EntityManager) => Promise<T>,
  options: ReadAfterWrite = {},
): Promise<T> {
  if (!ds.driver.isReplicated || options.readAfterWrite) return read(ds.manager);
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
