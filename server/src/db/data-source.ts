import 'reflect-metadata';
import type { Database as SqliteDatabase } from 'better-sqlite3';
import { DataSource } from 'typeorm';
import type { Database, DatabaseTimeouts } from '../config';
import { armStatementTimeouts, mysqlDriverWithTimeouts } from './driver-internals';
import { entities } from './entities';
import { mysqlMigrations } from './migrations/mysql';
import { sqliteMigrations } from './migrations/sqlite';
import { registerSqliteSearchWords } from './search-words';

export type Dialect = 'sqlite' | 'mysql' | 'mariadb';

export interface DataSourceOptions {
  /** Build the schema from the entities instead of migrations: only for throwaway databases (migration generation). */
  synchronize?: boolean;
  logging?: boolean;
  /** How long requests wait on the database before giving up (config.databaseTimeouts). */
  timeouts?: DatabaseTimeouts;
}

const DEFAULT_TIMEOUTS: DatabaseTimeouts = { waitMs: 5_000, queryMs: 30_000 };

/** How long a replica that could not give a connection is left out before it is tried again. */
export const REPLICA_RETRY_MS = 10_000;

/**
 * MariaDB and MySQL need different TypeORM drivers: with type 'mysql' against MariaDB every schema comparison
 * reports spurious default changes. The URL scheme is a hint at most, so ask the server.
 */
export async function detectMysqlDialect(url: string): Promise<'mysql' | 'mariadb'> {
  const { createConnection } = await import('mysql2/promise');
  const conn = await createConnection({ uri: url.replace(/^mariadb:/, 'mysql:') });
  try {
    const [rows] = await conn.query('SELECT VERSION() AS v');
    const version = String((rows as { v: string }[])[0]?.v ?? '');
    return /mariadb/i.test(version) ? 'mariadb' : 'mysql';
  } finally {
    await conn.end();
  }
}

/** The TypeORM DataSource for the configured database (not yet initialised). */
export async function createDataSource(database: Database, options: DataSourceOptions = {}): Promise<DataSource> {
  const common = {
    entities,
    synchronize: options.synchronize ?? false,
    migrationsRun: false,
    logging: options.logging ?? false,
  } as const;
  const timeouts = options.timeouts ?? DEFAULT_TIMEOUTS;

  if (database.kind === 'sqlite') {
    return new DataSource({
      ...common,
      type: 'better-sqlite3',
      database: database.file,
      migrations: sqliteMigrations,
      // WAL lets readers work beside a writer. The busy timeout makes a write wait (SQLite retries it) while another
      // connection holds the lock; past it the write fails with SQLITE_BUSY, which gets a 503.
      enableWAL: true,
      timeout: timeouts.waitMs,
      prepareDatabase: (db: SqliteDatabase) => {
        db.pragma(`busy_timeout = ${timeouts.waitMs}`);
        db.pragma('foreign_keys = ON');
        db.pragma('synchronous = NORMAL');
        // The order search's triggers split text with it (db/search-words.ts).
        registerSqliteSearchWords(db);
      },
    });
  }

  const type = await detectMysqlDialect(database.url);
  const mysqlUrl = (url: string) => url.replace(/^mariadb:/, 'mysql:');
  return new DataSource({
    ...common,
    type,
    // Imported here: a server on the embedded database never loads mysql2 (91 modules, about a tenth of start-up).
    driver: mysqlDriverWithTimeouts((await import('mysql2')).default, timeouts),
    ...(database.replicaUrls.length === 0
      ? { url: mysqlUrl(database.url) }
      : {
          // TypeORM's replication: a pool per server in one mysql2 PoolCluster. `defaultMode: 'master'` keeps every
          // read on the primary (TypeORM's default would send every query builder's SELECT to a replica, so a page
          // read right after a write could miss it); the reads that may be a second behind ask for a replica
          // themselves (db/replicas.ts). A replica that fails to give a connection is set aside for
          // REPLICA_RETRY_MS and its reads go to the primary meanwhile (onReplica); the primary is never set aside
          // (driver-internals.ts).
          replication: {
            master: { url: mysqlUrl(database.url) },
            slaves: database.replicaUrls.map((url) => ({ url: mysqlUrl(url) })),
            defaultMode: 'master',
            selector: 'RR',
            canRetry: false,
            removeNodeErrorCount: 1,
            restoreNodeTimeout: REPLICA_RETRY_MS,
          },
        }),
    migrations: mysqlMigrations,
    timezone: 'Z',
    charset: 'utf8mb4_unicode_ci',
    poolSize: 10,
    extra: { connectionLimit: 10, waitForConnections: true },
  });
}

/** Limits every later statement (MySQL/MariaDB) to the query timeout: call once migrations have run. */
export function startStatementTimeouts(ds: DataSource): void {
  if (dialectOf(ds) !== 'sqlite') armStatementTimeouts(ds);
}

/** How long this DataSource lets a request wait for the database (SQLite: its busy timeout). */
export function waitLimitMs(ds: DataSource): number {
  const timeout = (ds.options as { timeout?: unknown }).timeout;
  return typeof timeout === 'number' ? timeout : DEFAULT_TIMEOUTS.waitMs;
}

export function dialectOf(ds: DataSource): Dialect {
  const t = ds.options.type;
  return t === 'better-sqlite3' ? 'sqlite' : t === 'mariadb' ? 'mariadb' : 'mysql';
}
