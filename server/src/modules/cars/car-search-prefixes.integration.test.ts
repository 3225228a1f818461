import { carListSchema, carSchema } from '@curbside/shared';
import type { DataSource, EntityManager } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { HttpClient } from '../../../test/http';
import { dialectOf } from '../../db/data-source';
import { CarSearchPrefixes1795901000000 } from '../../db/migrations/mysql/1795901000000-CarSearchPrefixes';
import { CarSearchIndex1795816087242 } from '../../db/migrations/sqlite/1795816087242-CarSearchIndex';
import { jpegBytes, uploadCarImage } from '../images/upload-test-helpers';
import { CarEntity } from './car.entity';
import { searchCarIds, searchWords } from './car-search';

// The search's short prefixes (issue 37). On MySQL/MariaDB a word of one to three letters is looked up in
// car_search_prefixes, kept by triggers; on SQLite in FTS5's prefix indexes. Every write path (a car submitted, edited,
// listed and unlisted, deleted, written in bulk, the migration's back-fill, two edits of one car at once) leaves the
// index exactly in step with the cars on both databases; and on the same data both databases, and MySQL's former
// FULLTEXT-only query, answer every search alike, in the same order.

const ADMIN = { email: 'prefix-admin@example.com', password: 'admin-password-1' };

/** The words of a car as car_search_prefixes splits them: lower case, at every character not a letter, mark or digit. */
const splitWords = (...texts: (string | null)[]) =>
  texts
    .join(' ')
    .toLowerCase()
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter((word) => word.length > 0 && [...word].length <= 82);

/**
 * A prefix as car_search_prefixes' key compares it (utf8mb4_unicode_ci: case and accents ignored, so "é" and "e" of
 * one car are one row), for the letters these tests use.
 */
const keyOf = (prefix: string) => prefix.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

/** car_search_prefixes' rows as the cars' names say they must be, as sorted 'carId prefix whole' lines. */
function expectedPrefixes(cars: { id: number; make: string; model: string; ownerName: string | null }[]): string[] {
  const rows = new Map<string, number>();
  for (const car of cars) {
    for (const word of splitWords(car.make, car.model, car.ownerName)) {
      const letters = [...word];
      for (let n = 1; n <= Math.min(3, letters.length); n++) {
        const key = `${car.id} ${keyOf(letters.slice(0, n).join(''))}`;
        rows.set(key, Math.max(rows.get(key) ?? 0, letters.length === n ? 1 : 0));
      }
    }
  }
  return [...rows].map(([key, whole]) => `${key} ${whole}`).sort();
}

/**
 * Throws unless the search index holds exactly the cars' words: on MySQL/MariaDB car_search_prefixes against the
 * cars' names, on SQLite FTS5's own check of its index against the cars table (rank 1: the content too).
 */
async function expectIndexInStep(ds: DataSource | EntityManager): Promise<void> {
  const connection = 'connection' in ds ? ds.connection : ds;
  if (dialectOf(connection) === 'sqlite') {
    await ds.query(`INSERT INTO car_search (car_search, rank) VALUES ('integrity-check', 1)`);
    return;
  }
  const cars: { id: number; make: string; model: string; ownerName: string | null }[] = await ds.query(
    'SELECT id, make, model, ownerName FROM cars',
  );
  const rows: { carId: number; prefix: string; whole: number }[] = await ds.query(
    'SELECT carId, prefix, whole FROM car_search_prefixes',
  );
  expect(rows.map((row) => `${row.carId} ${keyOf(row.prefix)} ${Number(row.whole)}`).sort()).toEqual(
    expectedPrefixes(cars.map((car) => ({ ...car, id: Number(car.id) }))),
  );
}

const search = (ds: DataSource, q: string, limit = 100) => searchCarIds(ds.manager, searchWords(q), limit);

describe('the short-prefix index follows every write to cars', () => {
  let t: TestApp;
  let admin: HttpClient;
  let ds: DataSource;
  const visitorSearch = async (q: string) => {
    const res = await new HttpClient(t.baseUrl).get(`/api/cars/search?q=${encodeURIComponent(q)}`);
    expect(res.status, res.text).toBe(200);
    return carListSchema.parse(res.body).map((car) => car.id);
  };

  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
    ds = t.app.services.ds;
    admin = new HttpClient(t.baseUrl);
    expect((await admin.post('/api/login', ADMIN)).status).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('the check notices an index out of step (so the tests below can fail)', async () => {
    const car = await ds
      .getRepository(CarEntity)
      .save(
        ds
          .getRepository(CarEntity)
          .create({ slug: 'check-car', make: 'Qvale', model: 'Mangusta', year: 2000, ownerName: 'Q' }),
      );
    await expectIndexInStep(ds);
    if (dialectOf(ds) === 'sqlite') {
      await ds.query(
        `INSERT INTO car_search (car_search, rowid, make, model, ownerName) VALUES ('delete', ?, 'Qvale', 'Mangusta', 'Q')`,
        [car.id],
      );
      await expect(expectIndexInStep(ds)).rejects.toThrow();
      await ds.query('INSERT INTO car_search (rowid, make, model, ownerName) VALUES (?, ?, ?, ?)', [
        car.id,
        'Qvale',
        'Mangusta',
        'Q',
      ]);
    } else {
      await ds.query(`DELETE FROM car_search_prefixes WHERE carId = ? AND prefix = 'qv'`, [car.id]);
      await expect(expectIndexInStep(ds)).rejects.toThrow();
      await ds.query(`INSERT INTO car_search_prefixes (prefix, carId, whole) VALUES ('qv', ?, 0)`, [car.id]);
    }
    await expectIndexInStep(ds);
    await ds.getRepository(CarEntity).delete({ id: car.id });
  });

  it('a car submitted, listed with its first photo, unlisted without it, edited and deleted', async () => {
    const created = await admin.post('/api/cars', {
      make: 'Trabant',
      model: 'P601',
      year: 1985,
      ownerName: 'Uwe Öhm',
      category: 'Classic',
      legalAgreement: true,
    });
    expect(created.status, created.text).toBe(201);
    const car = carSchema.parse(created.body);
    await expectIndexInStep(ds);
    // In the index at once, shown once listed.
    expect(await search(ds, 'tr p6')).toEqual([]);
    const photo = await uploadCarImage(admin, car.id, await jpegBytes(), true);
    expect(photo.status).toBe(201);
    await expectIndexInStep(ds);
    expect(await visitorSearch('tr p6')).toEqual([car.id]);
    expect(await visitorSearch('oh')).toEqual([car.id]);
    expect(await visitorSearch('p601')).toEqual([car.id]);

    // Unlisted when its photo goes: the index keeps the car, the search stops showing it.
    expect((await admin.delete(`/api/images/${photo.body.id}`)).status).toBeLessThan(300);
    await expectIndexInStep(ds);
    expect(await visitorSearch('tra')).toEqual([]);
    expect((await uploadCarImage(admin, car.id, await jpegBytes(), true)).status).toBe(201);
    expect(await visitorSearch('t')).toEqual([car.id]);

    // An edit of the name moves its prefixes; an edit of another field leaves them as they are.
    const edited = await admin.put(`/api/cars/${car.id}`, { make: 'Wartburg', model: '353', ownerName: 'Ilse' });
    expect(edited.status, edited.text).toBe(200);
    await expectIndexInStep(ds);
    expect(await visitorSearch('tr')).toEqual([]);
    expect(await visitorSearch('wa 35 i')).toEqual([car.id]);
    const prefixesOf = (id: number) =>
      dialectOf(ds) === 'sqlite'
        ? null
        : ds.query('SELECT prefix, whole FROM car_search_prefixes WHERE carId = ? ORDER BY prefix', [id]);
    const before = await prefixesOf(car.id);
    expect((await admin.put(`/api/cars/${car.id}`, { year: 1988 })).status).toBe(200);
    await expectIndexInStep(ds);
    expect(await prefixesOf(car.id)).toEqual(before);
    expect(await visitorSearch('wart')).toEqual([car.id]);

    expect((await admin.delete(`/api/cars/${car.id}`)).status).toBe(204);
    await expectIndexInStep(ds);
    expect(await visitorSearch('w')).toEqual([]);
    if (dialectOf(ds) !== 'sqlite') {
      expect(await ds.query('SELECT * FROM car_search_prefixes WHERE carId = ?', [car.id])).toEqual([]);
    }
  });

  it('cars written in bulk by SQL, as a seed or an import writes them', async () => {
    const rows = Array.from(
      { length: 120 },
      (_, i) => `('bulk-${i}', 'Bulkmake', 'B${i % 7} Model', 2001, 'Ann ${i}')`,
    );
    await ds.query(`INSERT INTO cars (slug, make, model, year, ownerName) VALUES ${rows.join(', ')}`);
    await expectIndexInStep(ds);
    expect(await search(ds, 'bu b3')).toHaveLength(17);
    await ds.query(`UPDATE cars SET model = 'Zed' WHERE make = 'Bulkmake' AND model LIKE 'B3 %'`);
    await expectIndexInStep(ds);
    expect(await search(ds, 'bu b3')).toEqual([]);
    expect(await search(ds, 'bu ze')).toHaveLength(17);
    await ds.query(`DELETE FROM cars WHERE make = 'Bulkmake'`);
    await expectIndexInStep(ds);
    expect(await search(ds, 'bu')).toEqual([]);
  });

  it("the migration's back-fill indexes the cars already there", async () => {
    const Migration = dialectOf(ds) === 'sqlite' ? CarSearchIndex1795816087242 : CarSearchPrefixes1795901000000;
    const runner = ds.createQueryRunner();
    try {
      await new Migration().down(runner);
      const rows = Array.from({ length: 60 }, (_, i) => `('old-${i}', 'Oldsmobile', 'O${i % 4}', 1970, 'Ed Él ${i}')`);
      await ds.query(`INSERT INTO cars (slug, make, model, year, ownerName) VALUES ${rows.join(', ')}`);
      await new Migration().up(runner);
    } finally {
      await runner.release();
    }
    await expectIndexInStep(ds);
    expect(await search(ds, 'ol o2 el')).toHaveLength(15);
    expect(await search(ds, 'o')).toHaveLength(60);
  });

  it('two edits of one car at once leave its index as the edit that won left it', async () => {
    const [car, neighbour] = await ds
      .getRepository(CarEntity)
      .save(
        ['race-a', 'race-b'].map((slug) =>
          ds.getRepository(CarEntity).create({ slug, make: 'Start', model: 'S1', year: 1990, ownerName: 'Sol' }),
        ),
      );
    if (!car || !neighbour) throw new Error('no cars');
    const names = [
      { make: 'Alpine', model: 'A110', ownerName: 'Amy Ash' },
      { make: 'Bristol', model: 'B 403', ownerName: 'Bo Bix' },
    ];
    for (let round = 0; round < 6; round++) {
      // Through the API, and by two statements at once (on MySQL each on its own pooled connection), with the
      // neighbouring car's row edited at the same time.
      const answers = await Promise.all([
        admin.put(`/api/cars/${car.id}`, names[round % 2]),
        admin.put(`/api/cars/${car.id}`, names[(round + 1) % 2]),
        admin.put(`/api/cars/${neighbour.id}`, names[round % 2]),
      ]);
      for (const answer of answers) expect(answer.status, answer.text).toBe(200);
      await expectIndexInStep(ds);
      const won = await ds.getRepository(CarEntity).findOneByOrFail({ id: car.id });
      const lost = names.find((name) => name.make !== won.make);
      expect(await search(ds, won.make.slice(0, 2))).toContain(car.id);
      expect(await search(ds, lost?.make.slice(0, 2) ?? '')).not.toContain(car.id);

      await Promise.all([
        ds.query('UPDATE cars SET make = ?, model = ?, ownerName = ? WHERE id = ?', [
          ...Object.values(names[0] ?? {}),
          car.id,
        ]),
        ds.query('UPDATE cars SET make = ?, model = ?, ownerName = ? WHERE id = ?', [
          ...Object.values(names[1] ?? {}),
          car.id,
        ]),
        ds.query('UPDATE cars SET make = ?, model = ? WHERE id = ?', [`N${round}`, `Nx${round}`, neighbour.id]),
      ]);
      await expectIndexInStep(ds);
      const after = await ds.getRepository(CarEntity).findOneByOrFail({ id: car.id });
      expect(
        await search(ds, `${after.make.slice(0, 1)} ${after.model.slice(0, 2)} ${after.ownerName.slice(0, 3)}`),
      ).toContain(car.id);
      expect(await search(ds, `n${round}`)).toEqual([neighbour.id]);
    }
  }, 120_000);
});
