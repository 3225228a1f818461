import { carListSchema, LIMITS } from '@curbside/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { generator } from '../../../test/generator';
import { HttpClient } from '../../../test/http';
import { makeCar } from '../../../test/showcase-fixtures';
import { SEARCH_RANKED_MAX, SEARCH_WORDS_MAX } from './car-search';

// GET /api/cars/search through the full-text index, on SQLite (FTS5) and MySQL/MariaDB (FULLTEXT): on a generated set
// of cars, every query answers what a plain reference computed here answers, in the same order; and the index follows
// every edit and delete at once.

const ADMIN = { email: 'search-admin@example.com', password: 'admin-password-1' };
let t: TestApp;
let visitor: HttpClient;

interface Made {
  id: number;
  make: string;
  model: string;
  ownerName: string;
  totalVotes: number;
  createdAt: Date;
  published: boolean;
}
const cars: Made[] = [];

// ---- The reference: word-prefix AND matching over make, model and owner name ------------------------------------

const fold = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
const wordsOf = (text: string) =>
  fold(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/**
 * The ids a search should answer: listed cars having, for each typed word (the first SEARCH_WORDS_MAX), a word that
 * begins with it; those with the most typed words found whole first, then the most votes, then the newest.
 */
function reference(q: string, limit: number = LIMITS.galleryFetchLimit): number[] {
  const typed = [...new Set(wordsOf(q))].slice(0, SEARCH_WORDS_MAX);
  if (typed.length === 0) return [];
  return cars
    .filter((car) => car.published)
    .map((car) => ({ car, words: [car.make, car.model, car.ownerName].flatMap(wordsOf) }))
    .filter(({ words }) => typed.every((word) => words.some((w) => w.startsWith(word))))
    .map(({ car, words }) => ({ car, whole: typed.filter((word) => words.includes(word)).length }))
    .sort(
      (a, b) =>
        b.whole - a.whole ||
        b.car.totalVotes - a.car.totalVotes ||
        b.car.createdAt.getTime() - a.car.createdAt.getTime() ||
        b.car.id - a.car.id,
    )
    .slice(0, limit)
    .map(({ car }) => car.id);
}

// ---- The generated set ------------------------------------------------------------------------------------------

const MAKES = ['Porsche', 'BMW', 'Škoda', 'Mercedes-Benz', 'Alfa Romeo', 'Mazda', 'Ford', 'Nissan', 'Citroën'];
const MODELS = ['911 GT3', 'E30 M3', 'M340i', 'Z4', 'RX-7', 'GT-R', 'Octavia RS', 'Mustang GT', '2CV', 'E-Type'];
const OWNERS = ["Sean O'Brien", 'Jan Novák', 'Ana de la Cruz', 'Kim', 'The A Team', 'Porsche Fan', 'Émile Zola'];

const search = async (q: string, limit?: number) => {
  const res = await visitor.get(
    `/api/cars/search?q=${encodeURIComponent(q)}${limit === undefined ? '' : `&limit=${limit}`}`,
  );
  expect(res.status, `${q}: ${res.text}`).toBe(200);
  return carListSchema.parse(res.body).map((car) => car.id);
};

beforeAll(async () => {
  t = await startTestApp({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  visitor = new HttpClient(t.baseUrl);
  const random = generator(37);
  const start = Date.UTC(2026, 0, 1);
  for (let i = 0; i < 160; i++) {
    const fields = {
      make: random.pick(MAKES),
      model: random.pick(MODELS),
      ownerName: random.pick(OWNERS),
      // Few vote counts and some equal dates, so the later orderings decide too.
      totalVotes: Math.floor(random.next() * 4),
      createdAt: new Date(start + Math.floor(random.next() * 40) * 60_000),
      // About one car in eight is not listed yet (no photo): search never shows it.
      published: random.next() > 0.125,
    };
    const car = await makeCar(t.app.services.ds, fields);
    cars.push({ id: car.id, ...fields });
  }
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('GET /api/cars/search over the full-text index', () => {
  it('answers every generated query as the reference does, in the same order', async () => {
    const random = generator(2026);
    const queries: string[] = [];
    for (let i = 0; i < 60; i++) {
      const car = random.pick(cars);
      const words = [car.make, car.model, car.ownerName].flatMap((field) => field.split(/[\s-]+/));
      const count = 1 + Math.floor(random.next() * 3);
      const typed = Array.from({ length: count }, () => {
        const word = random.pick(words);
        // The beginning of a word, as while typing, or all of it.
        return word.slice(0, 1 + Math.floor(random.next() * word.length));
      });
      queries.push(typed.join(' '));
    }
    for (const q of queries) expect(await search(q), q).toEqual(reference(q));
    // And the same with a small limit: the best ones first.
    for (const q of queries.slice(0, 10)) expect(await search(q, 3), `${q} (limit 3)`).toEqual(reference(q, 3));
  });

  it('finds words as a visitor types them, short model names included, all words required', async () => {
    const cases: [string, (car: Made) => boolean][] = [
      ['pors', (car) => car.make === 'Porsche' || car.ownerName === 'Porsche Fan'],
      ['e3', (car) => car.model === 'E30 M3'],
      ['m3', (car) => car.model === 'E30 M3' || car.model === 'M340i'],
      ['GT', (car) => /\bGT/.test(car.model)],
      ['911', (car) => car.model === '911 GT3'],
      ['bmw m3', (car) => car.make === 'BMW' && (car.model === 'E30 M3' || car.model === 'M340i')],
      ['the a', (car) => car.ownerName === 'The A Team'],
    ];
    for (const [q, expected] of cases) {
      const found = await search(q);
      expect(found.length, q).toBeGreaterThan(0);
      expect(found, q).toEqual(reference(q));
      const listed = cars.filter((car) => car.published);
      expect(new Set(found), q).toEqual(new Set(listed.filter(expected).map((car) => car.id)));
    }
  });

  it('ranks whole words first: "m3" lists the E30 M3s before the M340is', async () => {
    const found = await search('m3');
    const models = found.map((id) => cars.find((car) => car.id === id)?.model);
    const firstM340i = models.indexOf('M340i');
    expect(firstM340i).toBeGreaterThan(0);
    expect(models.slice(0, firstM340i).every((model) => model === 'E30 M3')).toBe(true);
    expect(models.slice(firstM340i).every((model) => model === 'M340i')).toBe(true);
  });

  it('ignores accents and case both ways: "skoda", "ŠKODA" and "novak" find Škoda and Novák', async () => {
    const skoda = await search('skoda');
    expect(skoda.length).toBeGreaterThan(0);
    expect(await search('ŠKODA')).toEqual(skoda);
    expect(skoda).toEqual(reference('skoda'));
    expect(await search('novak')).toEqual(reference('Novák'));
    expect(await search('citroen 2cv')).toEqual(reference('Citroën 2CV'));
  });

  it('treats quotes, operators and wildcards as plain text: never an error, the same as the reference', async () => {
    const hostile = [
      '"',
      '""',
      '"porsche',
      'porsche"',
      '*',
      'pors*',
      '-',
      '-porsche',
      'porsche -911',
      '+bmw +m3',
      'NEAR',
      'NEAR(porsche 911)',
      'porsche OR bmw',
      'porsche AND 911',
      'NOT bmw',
      '(',
      'porsche)',
      '(bmw m3)',
      '%',
      '_',
      '50%',
      'gt_',
      'make:porsche',
      '{make model}: bmw',
      '^porsche',
      "o'brien",
      "' OR 1=1 --",
      '\\',
      'rx-7',
      'mercedes-benz',
      '@@@ bmw ~~~',
      '🚗 porsche',
      '车',
    ];
    for (const q of hostile) expect(await search(q), q).toEqual(reference(q));
    expect(await search('rx-7')).not.toEqual([]);
    expect(await search('mercedes-benz')).not.toEqual([]);
    expect(await search("o'brien")).not.toEqual([]);
  });

  it('still refuses a text of only spaces', async () => {
    const res = await visitor.get(`/api/cars/search?q=${encodeURIComponent(' \t ')}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('Please enter a search term');
  });

  it('follows an edit and a delete at once', async () => {
    const admin = new HttpClient(t.baseUrl);
    expect((await admin.post('/api/login', ADMIN)).status).toBe(200);
    const car = cars.find((c) => c.published && c.make === 'Mazda') as Made;
    expect(await search('mazda')).toContain(car.id);

    const edited = await admin.put(`/api/cars/${car.id}`, { make: 'Lancia', model: 'Delta HF', ownerName: 'Miki' });
    expect(edited.status).toBe(200);
    Object.assign(car, { make: 'Lancia', model: 'Delta HF', ownerName: 'Miki' });
    expect(await search('mazda')).not.toContain(car.id);
    expect(await search('lancia delta hf')).toEqual([car.id]);
    expect(await search('miki')).toEqual([car.id]);

    expect((await admin.delete(`/api/cars/${car.id}`)).status).toBe(204);
    cars.splice(cars.indexOf(car), 1);
    expect(await search('lancia')).toEqual([]);
    expect(await search('mazda')).toEqual(reference('mazda'));
  });

  it('a vote that lifts a car above a kept search result is shown on the next search', async () => {
    // Kept in the read cache (cache-policies.ts, carSearchCache): the same words, then a vote.
    const make = `Votelift${Date.now().toString(36)}`;
    const older = await makeCar(t.app.services.ds, { make, model: 'A', createdAt: new Date(Date.UTC(2026, 1, 1)) });
    const newer = await makeCar(t.app.services.ds, { make, model: 'B', createdAt: new Date(Date.UTC(2026, 1, 2)) });
    expect(await search(make, 1)).toEqual([newer.id]);
    expect(await search(make, 1)).toEqual([newer.id]);
    expect((await visitor.post('/api/votes', { carId: older.id })).status).toBe(201);
    expect(await search(make, 1)).toEqual([older.id]);
    expect(await search(make)).toEqual([older.id, newer.id]);
  });

  it('finds a car submitted over the API once it is listed', async () => {
    const admin = new HttpClient(t.baseUrl);
    expect((await admin.post('/api/login', ADMIN)).status).toBe(200);
    const res = await admin.post('/api/cars', {
      make: 'Trabant',
      model: 'P601',
      year: 1985,
      ownerName: 'Uwe',
      category: 'Classic',
      legalAgreement: true,
    });
    expect(res.status, res.text).toBe(201);
    // Not listed before its first photo.
    expect(await search('trabant')).toEqual([]);
    await t.app.services.ds.query('UPDATE cars SET published = 1 WHERE id = ?', [res.body.id]);
    expect(await search('trab p6')).toEqual([res.body.id]);
  });

  it(`uses the first ${SEARCH_WORDS_MAX} words of a longer text`, async () => {
    const car = cars.find((c) => c.published) as Made;
    // Beginnings of the car's own words, then one that begins none of them.
    const beginnings = [car.make, car.model, car.ownerName]
      .flatMap(wordsOf)
      .flatMap((word) => Array.from(word, (_, n) => word.slice(0, n + 1)));
    const typed = [...new Set(beginnings)].slice(0, SEARCH_WORDS_MAX);
    expect(typed).toHaveLength(SEARCH_WORDS_MAX);
    const q = `${typed.join(' ')} zzzz`;
    expect(await search(q)).toContain(car.id);
    expect(await search(q)).toEqual(reference(q));
  });

  it(`ranks the newest ${SEARCH_RANKED_MAX} matches of a word that matches more cars`, async () => {
    // An old, much-voted car, then SEARCH_RANKED_MAX newer ones sharing its make.
    const ds = t.app.services.ds;
    const old = await makeCar(ds, { make: 'Commonword', model: 'Champion', totalVotes: 99 });
    const rows = Array.from(
      { length: SEARCH_RANKED_MAX },
      (_, i) => `('common-${i}', 'Commonword', 'No ${i}', 2000, 'Sam')`,
    );
    for (let i = 0; i < rows.length; i += 500) {
      await ds.query(
        `INSERT INTO cars (slug, make, model, year, ownerName) VALUES ${rows.slice(i, i + 500).join(', ')}`,
      );
    }
    const broad = await search('commonword');
    expect(broad).toHaveLength(LIMITS.galleryFetchLimit);
    expect(broad).not.toContain(old.id);
    expect(await search('commonword champion')).toEqual([old.id]);
  });
});
