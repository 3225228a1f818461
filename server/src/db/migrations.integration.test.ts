import type { DataSource } from 'typeorm';
import { afterEach, describe, expect, test } from 'vitest';
import { createTestDatabase } from '../../test/db';
import type { Database } from '../config';
import { createDataSource, dialectOf } from './data-source';
import { runMigrations } from './migrate';
import { UniqueCartLines1795805228803 } from './migrations/mysql/1795805228803-UniqueCartLines';
import { UniqueCartLines1795805227069 } from './migrations/sqlite/1795805227069-UniqueCartLines';

// The migrations of each dialect must build exactly the schema the entities describe: if someone changes an entity
// without generating a migration, generating one against a migrated database would come out non-empty.

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (let cleanup = cleanups.pop(); cleanup; cleanup = cleanups.pop()) await cleanup();
});

async function freshDatabase(): Promise<Database> {
  const db = await createTestDatabase();
  cleanups.push(db.drop);
  return db.database;
}

async function open(database: Database): Promise<DataSource> {
  const ds = await createDataSource(database);
  await ds.initialize();
  cleanups.push(async () => {
    if (ds.isInitialized) await ds.destroy();
  });
  return ds;
}

function migrationNames(ds: DataSource): string[] {
  return ds.migrations.map((m) => m.name ?? m.constructor.name);
}

async function appliedMigrations(ds: DataSource): Promise<string[]> {
  const rows = (await ds.query('SELECT name FROM migrations ORDER BY id')) as { name: string }[];
  return rows.map((r) => r.name);
}

describe(`migrations (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  test('a freshly migrated database matches the entities exactly', async () => {
    const ds = await open(await freshDatabase());
    const applied = await runMigrations(ds);
    expect(applied).toEqual(migrationNames(ds));
    expect(applied.length).toBeGreaterThan(0);

    const { upQueries } = await ds.driver.createSchemaBuilder().log();
    const missing = upQueries.map((q) => q.query);
    expect(
      missing,
      `The ${dialectOf(ds)} migrations differ from the entities. Generate a migration ` +
        `(npm run migration:generate:${dialectOf(ds) === 'sqlite' ? 'sqlite' : 'mysql'} -w @curbside/server -- Name); ` +
        `it would run:\n${missing.join(';\n')}`,
    ).toEqual([]);
  });

  test('running the migrations again, also from a restarted server, applies nothing', async () => {
    const database = await freshDatabase();
    const first = await open(database);
    await runMigrations(first);
    expect(await runMigrations(first)).toEqual([]);
    await first.destroy();

    const restarted = await open(database);
    expect(await runMigrations(restarted)).toEqual([]);
    expect(await appliedMigrations(restarted)).toEqual(migrationNames(restarted));
  });

  test('AddEmailVerification counts every account made before it as verified', async () => {
    const ds = await open(await freshDatabase());
    await runMigrations(ds);
    const isAddEmailVerification = (name: string) => name.startsWith('AddEmailVerification');
    while ((await appliedMigrations(ds)).some(isAddEmailVerification)) {
      await ds.undoLastMigration({ transaction: 'each' });
    }
    await ds.query('INSERT INTO users (email, username, usernameKey, passwordHash) VALUES (?, ?, ?, ?)', [
      'early@example.com',
      'early',
      'early',
      'x',
    ]);
    expect(await runMigrations(ds)).toContainEqual(expect.stringMatching(/^AddEmailVerification/));
    const [row] = (await ds.query('SELECT emailVerifiedAt, pendingEmail FROM users WHERE email = ?', [
      'early@example.com',
    ])) as { emailVerifiedAt: unknown; pendingEmail: unknown }[];
    expect(row?.emailVerifiedAt).not.toBeNull();
    expect(row?.pendingEmail).toBeNull();
  }, 120_000);

  test.runIf(process.env.TEST_DB === 'mysql')('two servers starting together apply each migration once', async () => {
    const database = await freshDatabase();
    const [a, b] = await Promise.all([open(database), open(database)]);
    const results = await Promise.all([runMigrations(a), runMigrations(b)]);

    const all = migrationNames(a);
    expect(results.map((r) => r.length).sort()).toEqual([0, all.length]);
    expect(await appliedMigrations(a)).toEqual(all);
    expect((await a.driver.createSchemaBuilder().log()).upQueries).toEqual([]);
  });

  test('merging duplicate cart lines before their unique key: one line each, quantities summed up to 99', async () => {
    const ds = await open(await freshDatabase());
    await runMigrations(ds);
    const sqlite = dialectOf(ds) === 'sqlite';
    const migration = sqlite ? new UniqueCartLines1795805227069() : new UniqueCartLines1795805228803();
    const runner = ds.createQueryRunner();
    try {
      // The lines as the old add could leave them; the users, products and photos they name do not matter here.
      await runner.query(sqlite ? 'PRAGMA foreign_keys = OFF' : 'SET FOREIGN_KEY_CHECKS = 0');
      await migration.down(runner);
      const lines: [number, number, number | null, number][] = [
        [1, 10, 100, 2], // user 1, a print of photo 100: three lines, 2 + 3 + 4
        [1, 10, 100, 3],
        [1, 10, 101, 1], // another photo: its own line
        [1, 10, 100, 4],
        [1, 20, null, 60], // merchandise: 60 + 70, capped at 99
        [1, 20, null, 70],
        [2, 20, null, 5], // another user's line stays theirs
      ];
      for (const [userId, productId, imageId, quantity] of lines) {
        await runner.query('INSERT INTO cart_items (userId, productId, imageId, quantity) VALUES (?, ?, ?, ?)', [
          userId,
          productId,
          imageId,
          quantity,
        ]);
      }
      await migration.up(runner);
      const merged = await runner.query(
        'SELECT id, userId, productId, imageId, imageKey, quantity FROM cart_items ORDER BY id',
      );
      expect(merged.map((r: Record<string, unknown>) => ({ ...r }))).toEqual([
        { id: 1, userId: 1, productId: 10, imageId: 100, imageKey: 100, quantity: 9 },
        { id: 3, userId: 1, productId: 10, imageId: 101, imageKey: 101, quantity: 1 },
        { id: 5, userId: 1, productId: 20, imageId: null, imageKey: 0, quantity: 99 },
        { id: 7, userId: 2, productId: 20, imageId: null, imageKey: 0, quantity: 5 },
      ]);
    } finally {
      await runner.query(sqlite ? 'PRAGMA foreign_keys = ON' : 'SET FOREIGN_KEY_CHECKS = 1');
      await runner.release();
    }
    expect((await ds.driver.createSchemaBuilder().log()).upQueries).toEqual([]);
  });
});
