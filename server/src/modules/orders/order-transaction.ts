import type { DataSource, EntityManager } from 'typeorm';
import { dialectOf } from '../../db/data-source';

// Order creation runs many statements in one transaction. On SQLite the app shares one connection and TypeORM
// refuses a second transaction while one is open, so order transactions queue behind each other in this process
// (and wait for any other open transaction). On MySQL/MariaDB row locks order them, and a deadlock is retried.

let sqliteQueue: Promise<unknown> = Promise.resolve();

interface SqliteHandle {
  inTransaction: boolean;
}

export async function runOrderTransaction<T>(ds: DataSource, work: (em: EntityManager) => Promise<T>): Promise<T> {
  if (dialectOf(ds) === 'sqlite') {
    const run = sqliteQueue.then(async () => {
      const db = (ds.driver as unknown as { databaseConnection: SqliteHandle }).databaseConnection;
      for (let waited = 0; db.inTransaction; waited++) {
        if (waited > 5000) throw new Error('the database stayed busy');
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      return ds.transaction(work);
    });
    sqliteQueue = run.catch(() => undefined);
    return run;
  }
  for (let attempt = 1; ; attempt++) {
    try {
      return await ds.transaction('READ COMMITTED', work);
    } catch (error) {
      const code = (error as { driverError?: { code?: string } }).driverError?.code;
      if (attempt < 8 && (code === 'ER_LOCK_DEADLOCK' || code === 'ER_LOCK_WAIT_TIMEOUT')) {
        await new Promise((resolve) => setTimeout(resolve, 5 * attempt + Math.random() * 20));
        continue;
      }
      throw error;
    }
  }
}
