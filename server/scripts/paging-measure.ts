// Page 1 against page 400 of the gallery's list on a database of CARS cars (default 100,000), by offset and by
// cursor: each request over HTTP with the read cache cleared, and the list's own SELECT timed alone. Run from server/:
//   node --import tsx scripts/paging-measure.ts                      (SQLite)
//   TEST_DB=mysql TEST_MYSQL_URL=mysql://root@127.0.0.1:3306/test node --import tsx scripts/paging-measure.ts
// EXPLAIN=1 prints each SELECT's plan. Figures: docs/performance.md, "Paging".
import { performance } from 'node:perf_hooks';
import { dialectOf } from '../src/db/data-source';
import { encodeCursor } from '../src/db/keyset';
import { startTestApp } from '../test/app';
import { HttpClient } from '../test/http';
import { fillShowcase } from './showcase-data';

const CARS = Number(process.env.CARS ?? 100_000);
const t = await startTestApp();
const ds = t.app.services.ds;
const kind = dialectOf(ds) === 'sqlite' ? 'sqlite' : 'mysql';
const started = performance.now();
await fillShowcase(ds, kind, { cars: CARS, votes: 100_000, owners: 1_000, days: 90 });
console.log(`${kind}: filled ${CARS} cars in ${Math.round((performance.now() - started) / 1000)} s`);
const client = new HttpClient(t.baseUrl);

async function cursorAt(offset: number, where = ''): Promise<string> {
  const at = kind === 'sqlite' ? 'createdAt' : "DATE_FORMAT(createdAt, '%Y-%m-%d %H:%i:%s.%f')";
  const [row] = await ds.query(
    `SELECT id, ${at} AS at FROM cars WHERE published = 1 ${where} ORDER BY createdAt DESC, id DESC LIMIT 1 OFFSET ${offset - 1}`,
  );
  return encodeCursor({ at: row.at, id: Number(row.id) });
}

const ROUNDS = Number(process.env.ROUNDS ?? 41);
const page400 = 399 * 12; // 4788
const cases: [string, string][] = [
  ['page 1, offset', '/api/cars?limit=12&offset=0'],
  ['page 400, offset', `/api/cars?limit=12&offset=${page400}`],
  ['page 1, cursor', '/api/cars?limit=12'],
  ['page 400, cursor', `/api/cars?limit=12&cursor=${await cursorAt(page400)}`],
  ['JDM page 1', '/api/cars?limit=12&category=JDM'],
  ['JDM page 400, offset', `/api/cars?limit=12&category=JDM&offset=${page400}`],
  ['JDM page 400, cursor', `/api/cars?limit=12&category=JDM&cursor=${await cursorAt(page400, "AND category = 'JDM'")}`],
  ['offset 10000 (page 834)', '/api/cars?limit=12&offset=10000'],
  ['page 8000, cursor', `/api/cars?limit=12&cursor=${await cursorAt(96_000)}`],
];
const times = new Map<string, number[]>(cases.map(([label]) => [label, []]));
for (let round = 0; round < ROUNDS + 2; round++) {
  for (const [label, url] of cases) {
    t.app.services.readCache.clear();
    const start = performance.now();
    const res = await client.get(url);
    const ms = performance.now() - start;
    if (res.status !== 200 || res.body.length !== 12)
      throw new Error(`${url}: ${res.status} ${res.text.slice(0, 200)}`);
    if (round >= 2) times.get(label)?.push(ms);
  }
}
for (const [label, list] of times) {
  list.sort((a, b) => a - b);
  const median = list[Math.floor(list.length / 2)] ?? 0;
  const p90 = list[Math.floor(list.length * 0.9)] ?? 0;
  console.log(`${kind}\t${label}\t${median.toFixed(1)} ms median\t${p90.toFixed(1)} ms p90`);
}
// The list's own SELECT, as the app sends it, timed alone (no HTTP, no DTOs): what paging costs in the database.
const statements = new Map<string, [string, unknown[]]>();
for (const [label, url] of cases) {
  const original = ds.logger;
  Object.assign(ds, {
    logger: Object.assign(Object.create(original), {
      logQuery(query: string, parameters?: unknown[]) {
        if (/keyset_at/.test(query)) statements.set(label, [query, parameters ?? []]);
      },
    }),
  });
  t.app.services.readCache.clear();
  await client.get(url);
  Object.assign(ds, { logger: original });
}
if (process.env.EXPLAIN) {
  for (const [label, [query, parameters]] of statements) {
    const plan = await ds.query(`${kind === 'sqlite' ? 'EXPLAIN QUERY PLAN' : 'EXPLAIN'} ${query}`, parameters);
    console.log(label, JSON.stringify(plan));
  }
}
const sqlTimes = new Map<string, number[]>(cases.map(([label]) => [label, []]));
for (let round = 0; round < ROUNDS + 2; round++) {
  for (const [label, [query, parameters]] of statements) {
    const start = performance.now();
    await ds.query(query, parameters);
    if (round >= 2) sqlTimes.get(label)?.push(performance.now() - start);
  }
}
for (const [label, list] of sqlTimes) {
  list.sort((a, b) => a - b);
  console.log(`${kind}\tSQL ${label}\t${(list[Math.floor(list.length / 2)] ?? 0).toFixed(2)} ms median`);
}
await t.close();
process.exit(0);
