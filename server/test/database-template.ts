import { copyFileSync } from 'node:fs';
import { createConnection } from 'mysql2/promise';
import type { TestProject } from 'vitest/node';
import { createDataSource } from '../src/db/data-source';
import { runMigrations } from '../src/db/migrate';
import { createScratchMysql, createScratchSqlite, type ScratchDatabase } from '../src/db/scratch-database';

// The integration projects' migrated template database. Running the 21 migrations takes about a second on SQLite and
// several on MariaDB, where every DDL statement waits for the disk; a hundred test files each migrating a fresh
// database spent minutes of CI on it. This global set-up migrates one template per project, and each test app starts
// on a copy of it (the SQLite file copied; on MySQL/MariaDB each table, trigger and row copied, a few hundred
// milliseconds). The app still runs its migrations at start and finds none pending. Tests of the migrations
// themselves start from an empty database (createTestDatabase).

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated template: a SQLite file, or a database on TEST_MYSQL_URL's server. */
    databaseTemplate: { kind: 'sqlite'; file: string } | { kind: 'mysql'; name: string };
  }
}

/** Vitest global set-up of the server-sqlite and server-mysql projects (vitest.config.ts). */
export default async function setup(project: TestProject) {
  const mysqlUrl = project.config.env?.TEST_DB === 'mysql' ? process.env.TEST_MYSQL_URL : undefined;
  const template: ScratchDatabase = mysqlUrl
    ? await createScratchMysql(mysqlUrl, 'curbside_template')
    : createScratchSqlite('curbside-template');
  const ds = await createDataSource(template.database);
  await ds.initialize();
  try {
    await runMigrations(ds);
  } finally {
    await ds.destroy();
  }
  const { database } = template;
  project.provide(
    'databaseTemplate',
    database.kind === 'sqlite'
      ? { kind: 'sqlite', file: database.file }
      : { kind: 'mysql', name: new URL(database.url).pathname.slice(1) },
  );
  return () => template.drop();
}

/** A copy of the SQLite template in the fresh scratch database's file. */
export function copySqliteTemplate(templateFile: string, scratch: ScratchDatabase): void {
  if (scratch.database.kind !== 'sqlite') throw new Error('copySqliteTemplate needs a SQLite scratch database');
  copyFileSync(templateFile, scratch.database.file);
}

/** Copies the template's tables (as SHOW CREATE TABLE gives them, foreign keys included), rows and triggers. */
export async function copyMysqlTemplate(templateName: string, scratch: ScratchDatabase): Promise<void> {
  if (scratch.database.kind !== 'mysql') throw new Error('copyMysqlTemplate needs a MySQL scratch database');
  const conn = await createConnection({ uri: scratch.database.url, multipleStatements: true });
  try {
    const t = `\`${templateName}\``;
    const [tables] = (await conn.query(
      "SELECT TABLE_NAME AS name FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_TYPE = 'BASE TABLE'",
      [templateName],
    )) as unknown as [{ name: string }[]];
    const creates: string[] = [];
    for (const { name } of tables) {
      const [[row]] = (await conn.query(`SHOW CREATE TABLE ${t}.\`${name}\``)) as unknown as [
        [{ 'Create Table': string }],
      ];
      creates.push(`${row['Create Table']};`);
    }
    const [triggers] = (await conn.query(
      'SELECT TRIGGER_NAME AS name FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA = ?',
      [templateName],
    )) as unknown as [{ name: string }[]];
    const triggerSql: string[] = [];
    for (const { name } of triggers) {
      const [[row]] = (await conn.query(`SHOW CREATE TRIGGER ${t}.\`${name}\``)) as unknown as [
        [{ 'SQL Original Statement': string }],
      ];
      triggerSql.push(row['SQL Original Statement']);
    }
    // Generated columns compute themselves: only the stored ones are copied.
    await conn.query('SET SESSION group_concat_max_len = 1000000');
    const [columns] = (await conn.query(
      `SELECT TABLE_NAME AS tableName, GROUP_CONCAT(CONCAT('\`', COLUMN_NAME, '\`') ORDER BY ORDINAL_POSITION) AS list
         FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = ? AND EXTRA NOT LIKE '%GENERATED%' GROUP BY TABLE_NAME`,
      [templateName],
    )) as unknown as [{ tableName: string; list: string }[]];
    await conn.query(
      [
        'SET FOREIGN_KEY_CHECKS = 0;',
        ...creates,
        ...columns.map(
          ({ tableName, list }) => `INSERT INTO \`${tableName}\` (${list}) SELECT ${list} FROM ${t}.\`${tableName}\`;`,
        ),
        'SET FOREIGN_KEY_CHECKS = 1;',
      ].join('\n'),
    );
    // A trigger body holds semicolons: one statement per query.
    for (const sql of triggerSql) await conn.query(sql);
  } finally {
    await conn.end();
  }
}
