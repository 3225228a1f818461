import { type DataSource, MigrationExecutor } from 'typeorm';

/**
 * Runs the pending migrations of the DataSource's dialect, each in its own transaction, and returns their names.
 *
 * MySQL/MariaDB: a named lock (GET_LOCK, per database) held on one connection for the whole run means two app servers
 * starting together never interleave: the second waits, then finds nothing pending. MySQL commits DDL implicitly, so
 * the lock, not the transaction, is what keeps a migration from being applied twice. SQLite: one file, one writer.
 */
export async function runMigrations(ds: DataSource, options: { lockTimeoutSeconds?: number } = {}): Promise<string[]> {
  if (ds.options.type === 'better-sqlite3') {
    const done = await ds.runMigrations({ transaction: 'each' });
    return done.map((m) => m.name);
  }

  const lockTimeout = options.lockTimeoutSeconds ?? 60;
  const qr = ds.createQueryRunner();
  try {
    await qr.connect();
    const [{ db }] = (await qr.query('SELECT DATABASE() AS db')) as [{ db: string }];
    // Lock names are server-wide and at most 64 characters: scope the lock to this database.
    const lockName = `curbside_migrations:${db}`.slice(0, 64);
    const [{ got }] = (await qr.query('SELECT GET_LOCK(?, ?) AS got', [lockName, lockTimeout])) as [{ got: unknown }];
    if (Number(got) !== 1) {
      throw new Error(`Another server has held the migration lock for over ${lockTimeout} s; not migrating.`);
    }
    try {
      const executor = new MigrationExecutor(ds, qr);
      executor.transaction = 'each';
      const done = await executor.executePendingMigrations();
      return done.map((m) => m.name);
    } finally {
      await qr.query('SELECT RELEASE_LOCK(?)', [lockName]);
    }
  } finally {
    await qr.release();
  }
}
