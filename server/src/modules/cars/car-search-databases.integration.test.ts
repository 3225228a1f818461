import type { DataSource, EntityManager } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMigratedTestDatabase } from '../../../test/db';
import { generator } from '../../../test/generator';
import { createDataSource } from '../../db/data-source';
import { runMigrations } from '../../db/migrate';
import { createScratchSqlite, type ScratchDatabase } from '../../db/scratch-database';
import { CarEntity } from './car.entity';
import { isPrefixWord, SEARCH_RANKED_MAX, searchCarIds, searchWords } from './car-search';

// The same search on the same cars answers the same on SQLite (FTS5) and MySQL/MariaDB (short words from
// car_search_prefixes, longer ones from FULLTEXT), and the same on MySQL/MariaDB as its former FULLTEXT-only query:
// the same cars in the same order at every limit, with more matches of a short prefix than the search ranks
// (SEARCH_RANKED_MAX). Runs where both databases are at hand: the MySQL project (TEST_DB=mysql).

const CARS = 2 * SEARCH_RANKED_MAX;

// Many words share their first letters ("p", "po", "por"), some are those letters whole ("Po", "P1", "M3").
const MAKES = ['Porsche', 'Peugeot', 'Pontiac', 'Polestar', 'BMW', 'Škoda', 'Citroën', 'Mercedes-Benz', 'Alfa Romeo'];
const MODELS = ['911 GT3', 'P1', 'Po', 'E30 M3', 'M340i', 'M3', 'GT-R', 'Octavia RS', '2CV', 'RX-7', 'Model 3'];
const OWNERS = ['Pat Po', 'Émile Zola', 'Jan Novák', 'Kim', 'The A Team', 'Porsche Fan', 'Ana de la Cruz', 'Mo'];

/** MySQL/MariaDB's search before car_search_prefixes: every word through FULLTEXT (what the table must not change). */
function fulltextOnly(em: EntityManager, words: string[], limit: number): Promise<{ id: number }[]> {
  const indexed = words.map((word) => `zq${word}`);
  const wholeWord = '(MATCH (terms) AGAINST (? IN BOOLEAN MODE) > 0)';
  return em.query(
    `SELECT car.id FROM (
        SELECT carId, ${words.map(() => wholeWord).join(' + ')} AS wholeWords FROM car_search
        WHERE MATCH (terms) AGAINST (? IN BOOLEAN MODE) ORDER BY carId DESC LIMIT ${SEARCH_RANKED_MAX}) found
      INNER JOIN cars car ON car.id = found.carId
      WHERE car.published = 1
      ORDER BY found.wholeWords DESC, car.totalVotes DESC, car.createdAt DESC, car.id DESC
      LIMIT ?`,
    [...indexed, indexed.map((word) => `+${word}*`).join(' '), limit],
  );
}

/** The searches: every one-to-three-letter beginning of every word, alone, in pairs and with whole words. */
function queries(): string[] {
  const random = generator(3701);
  const words = [...new Set([...MAKES, ...MODELS, ...OWNERS].flatMap((text) => text.split(/[\s-]+/)))];
  const short = [...new Set(words.flatMap((word) => [1, 2, 3].map((n) => word.slice(0, n))))];
  const found: string[] = [...short, 'š', 'ŠK', 'ško', 'É', 'em', 'citroe', 'NOVAK', 'novák', 'zz', 'q'];
  for (let i = 0; i < 60; i++) found.push(`${random.pick(short)} ${random.pick(short)}`);
  for (let i = 0; i < 40; i++) found.push(`${random.pick(short)} ${random.pick(words)}`);
  for (let i = 0; i < 20; i++) found.push(`${random.pick(words)} ${random.pick(words)} ${random.pick(short)}`);
  found.push(...words);
  return found;
}

const testDb = process.env.TEST_DB === 'mysql' ? describe : describe.skip;

testDb('the same search answers on SQLite and MySQL/MariaDB', () => {
  const opened: { ds: DataSource; db: ScratchDatabase }[] = [];
  let sqlite: DataSource;
  let mysql: DataSource;

  const open = async (db: ScratchDatabase) => {
    const ds = await createDataSource(db.database);
    await ds.initialize();
    opened.push({ ds, db });
    await runMigrations(ds);
    return ds;
  };

  beforeAll(async () => {
    mysql = await open(await createMigratedTestDatabase());
    sqlite = await open(createScratchSqlite('curbside-search-compare'));
    const random = generator(37);
    const start = Date.UTC(2026, 0, 1);
    const cars = Array.from({ length: CARS }, (_, i) => ({
      id: i + 1,
      slug: `compare-${i + 1}`,
      make: random.pick(MAKES),
      model: random.pick(MODELS),
      year: 2000,
      ownerName: random.pick(OWNERS),
      // Few vote counts and equal dates, so every ordering rule decides somewhere; one car in eight not listed.
      totalVotes: Math.floor(random.next() * 4),
      createdAt: new Date(start + Math.floor(random.next() * 40) * 60_000),
      published: random.next() > 0.125,
    }));
    const unlisted = cars.filter((car) => !car.published).map((car) => car.id);
    for (const ds of [mysql, sqlite]) {
      for (let i = 0; i < cars.length; i += 200) await ds.getRepository(CarEntity).insert(cars.slice(i, i + 200));
      // Set in one statement, as the insert leaves SQLite's flag at its default.
      await ds.query(`UPDATE cars SET published = CASE WHEN id IN (${unlisted.join(', ')}) THEN 0 ELSE 1 END`);
    }
    const listed = 'SELECT id FROM cars WHERE published = 1 ORDER BY id';
    expect(await sqlite.query(listed)).toEqual(await mysql.query(listed));
    const dates = 'SELECT id, createdAt FROM cars ORDER BY createdAt, id';
    expect((await sqlite.query(dates)).map((row: { id: number }) => row.id)).toEqual(
      (await mysql.query(dates)).map((row: { id: number }) => row.id),
    );
  }, 180_000);

  afterAll(async () => {
    for (const { ds, db } of opened) {
      if (ds.isInitialized) await ds.destroy();
      await db.drop();
    }
  });

  it('the data holds more matches of a short prefix than a search ranks', async () => {
    const [{ n }] = await mysql.query(`SELECT COUNT(*) AS n FROM car_search_prefixes WHERE prefix = 'p'`);
    expect(Number(n)).toBeGreaterThan(SEARCH_RANKED_MAX);
  });

  it('answers every search alike on both databases and as the FULLTEXT-only query did, at every limit', async () => {
    const all = queries();
    expect(all.filter((q) => searchWords(q).every(isPrefixWord)).length).toBeGreaterThan(100);
    let matched = 0;
    for (const q of all) {
      const words = searchWords(q);
      for (const limit of [100, 13]) {
        const fromMysql = await searchCarIds(mysql.manager, words, limit);
        expect(fromMysql, `${q} (limit ${limit}): MySQL/MariaDB against SQLite`).toEqual(
          await searchCarIds(sqlite.manager, words, limit),
        );
        const before = (await fulltextOnly(mysql.manager, words, limit)).map((row) => Number(row.id));
        expect(fromMysql, `${q} (limit ${limit}): against the FULLTEXT-only query`).toEqual(before);
        if (fromMysql.length > 0) matched++;
      }
    }
    // Most searches find cars: the comparisons are of answers, not of empty lists.
    expect(matched).toBeGreaterThan(all.length * 1.5);
  }, 300_000);
});
