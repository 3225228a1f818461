import 'reflect-metadata';
import { createConnection } from 'mysql2/promise';
import { DataSource } from 'typeorm';
import type { Database } from '../config';
import { entities } from './entities';
import { mysqlMigrations } from './migrations/mysql';
import { sqliteMigrations } from './migrations/sqlite';

export type Dialect = 'sqlite' | 'mysql' | 'mariadb';

export interface DataSourceOptions {
  /** Build the schema from the entities instead of migrations: only for throwaway databases (migration generation). */
  synchronize?: boolean;
  logging?: boolean;
}

/**
 * MariaDB and MySQL need different TypeORM drivers: with type 'mysql' against MariaDB every schema comparison
 * reports spurious default changes. The URL scheme is a hint at most, so ask the server.
 */
export async function detectMysqlDialect(url: string): Promise<'mysql' | 'mariadb'> {
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

  if (database.kind === 'sqlite') {
    return new DataSource({
      ...common,
      type: 'better-sqlite3',
      database: database.file,
      migrations: sqliteMigrations,
      // WAL lets readers work beside a writer; the busy timeout makes concurrent writers wait instead of failing.
      enableWAL: true,
      timeout: 10_000,
      prepareDatabase: (db: { pragma: (s: string) => unknown }) => {
        db.pragma('busy_timeout = 10000');
        db.pragma('foreign_keys = ON');
        db.pragma('synchronous = NORMAL');
      },
    });
  }

  const type = await detectMysqlDialect(database.url);
  return new DataSource({
    ...common,
    type,
    url: database.url.replace(/^mariadb:/, 'mysql:'),
    migrations: mysqlMigrations,
    timezone: 'Z',
    charset: 'utf8mb4_unicode_ci',
    poolSize: 10,
    extra: { connectionLimit: 10, waitForConnections: true },
  });
}

export function dialectOf(ds: DataSource): Dialect {
  const t = ds.options.type;
  return t === 'better-sqlite3' ? 'sqlite' : t === 'mariadb' ? 'mariadb' : 'mysql';
}
