import type { DataSource, EntityManager } from 'typeorm';
import { dialectOf, waitLimitMs } from './data-source';
import { sqliteDatabase } from './driver-internals';
import { DatabaseUnavailableError } from './errors';

// Every multi-statement write goes through runInTransaction.
// SQLite: the app shares one better-sqlite3 connection, and TypeORM refuses to open a second transaction on it while
// one is open ("cannot start a transaction within a transaction"). So transactions queue behind each other in this
// process, and also wait for a synchronous transaction (the vote path) that holds the connection.
// MySQL/MariaDB: each transaction has its own pooled connection, at READ COMMITTED (set on each connection by
// driver-internals.ts); row locks order them, and a deadlock or lock-wait timeout is retried a few times with a short
// random back-off.

let sqliteQueue: Promise<unknown> = Promise.resolve();

const MYSQL_ATTEMPTS = 8;

export async function runInTransaction<T>(ds: DataSource, work: (em: EntityManager) => Promise<T>): Promise<T> {
  if (dialectOf(ds) === 'sqlite') {
    const run = sqliteQueue.then(async () => {
      await waitUntilIdle(ds);
      return ds.transaction(work);
    });
    sqliteQueue = run.catch(() => undefined);
    return run;
  }
  for (let attempt = 1; ; attempt++) {
    try {
      return await ds.transaction(work);
    } catch (error) {
      const code = (error as { driverError?: { code?: string } }).driverError?.code;
      if (attempt < MYSQL_ATTEMPTS && (code === 'ER_LOCK_DEADLOCK' || code === 'ER_LOCK_WAIT_TIMEOUT')) {
        await new Promise((resolve) => setTimeout(resolve, 5 * attempt + Math.random() * 20));
        continue;
      }
      throw error;
    }
  }
}

/** SQLite: resolves once no transaction is open on the shared connection (or gives up after the busy timeout). */
export async function waitUntilIdle(ds: DataSource): Promise<void> {
  const db = sqliteDatabase(ds);
  const started = Date.now();
  const limit = waitLimitMs(ds);
  while (db.inTransaction) {
    if (Date.now() - started > limit) throw new DatabaseUnavailableError('the database stayed busy');
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}
