import { inject } from 'vitest';
import type { Database } from '../src/config';
import { createScratchMysql, createScratchSqlite, type ScratchDatabase } from '../src/db/scratch-database';
import { copyMysqlTemplate, copySqliteTemplate } from './database-template';

/**
 * A fresh, empty database for one test file: on MySQL/MariaDB when TEST_DB is 'mysql' (a new
 * `curbside_t_<pid>_<random>` database on TEST_MYSQL_URL's server), otherwise a temporary SQLite file.
 * `drop()` removes it; call it after destroying the DataSource.
 */
export async function createTestDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  if (process.env.TEST_DB === 'mysql') {
    const url = process.env.TEST_MYSQL_URL;
    if (!url) throw new Error('TEST_DB=mysql needs TEST_MYSQL_URL (e.g. mysql://root@127.0.0.1:3306/test)');
    return createScratchMysql(url, `curbside_t_${process.pid}`);
  }
  return createScratchSqlite('curbside-test');
}

/**
 * A fresh database with every migration applied: a copy of the project's migrated template (database-template.ts),
 * or an empty one where no template was provided (the app then migrates it at start).
 */
export async function createMigratedTestDatabase(): Promise<ScratchDatabase> {
  const scratch = await createTestDatabase();
  const template = inject('databaseTemplate');
  if (template?.kind === 'sqlite' && scratch.database.kind === 'sqlite') {
    copySqliteTemplate(template.file, scratch);
  } else if (template?.kind === 'mysql' && scratch.database.kind === 'mysql') {
    await copyMysqlTemplate(template.name, scratch);
  }
  return scratch;
}
