import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createConnection } from 'mysql2/promise';
import type { Database } from '../config';

/** A throwaway database (tests, migration generation) and the way to remove it. */
export interface ScratchDatabase {
  database: Database;
  drop(): Promise<void>;
}

/** A fresh SQLite file in its own temporary folder. */
export function createScratchSqlite(prefix: string): ScratchDatabase {
  const dir = mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  return {
    database: { kind: 'sqlite', file: path.join(dir, 'db.sqlite') },
    async drop() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A fresh, uniquely named database on the MySQL/MariaDB server of `serverUrl` (any database in the URL is ignored).
 * The name must start with `curbside_` so a mistake can never drop anything else.
 */
export async function createScratchMysql(serverUrl: string, namePrefix: string): Promise<ScratchDatabase> {
  const name = `${namePrefix}_${randomBytes(4).toString('hex')}`;
  if (!/^curbside_[a-z0-9_]+$/.test(name) || name.length > 64) throw new Error(`Refusing database name ${name}`);
  const url = new URL(serverUrl.replace(/^mariadb:/, 'mysql:'));
  const admin = () => {
    const u = new URL(url);
    u.pathname = '/';
    return createConnection({ uri: u.toString() });
  };
  const conn = await admin();
  try {
    await conn.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  } finally {
    await conn.end();
  }
  url.pathname = `/${name}`;
  return {
    database: { kind: 'mysql', url: url.toString(), replicaUrls: [] },
    async drop() {
      const c = await admin();
      try {
        await c.query(`DROP DATABASE IF EXISTS \`${name}\``);
      } finally {
        await c.end();
      }
    },
  };
}
