// npm run bench (via bench.ts): throughput of the showcase's hot calls on a large database, against a bare-Fastify baseline.
//
// For the embedded SQLite database (always) and MySQL/MariaDB (when BENCH_MYSQL_URL is set, e.g.
// mysql://root@127.0.0.1:3306/test; a scratch database named curbside_bench_* is created there and dropped after):
//   1. build the app on a fresh, migrated database and fill it with 10,000 cars (2 photos each, 100 owners) and
//      1,000,000 votes over the last 60 days, with bulk multi-row INSERTs; the tallies are then derived in SQL;
//   2. run autocannon against the app on 127.0.0.1 for each endpoint, and against a bare Fastify route answering the
//      very same bytes, and print requests/s, p50, p99, errors and the ratio app / baseline.
// Everything stays on the loopback interface and every run is bounded (BENCH_SECONDS each, default 5).
import 'reflect-metadata';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DataSource } from 'typeorm';
import { buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { createScratchMysql, createScratchSqlite } from '../src/db/scratch-database';

const CARS = 10_000;
const VOTES = 1_000_000;
const OWNERS = 100;
const DAYS = 60;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const CATEGORIES = ['JDM', 'Euro', 'Muscle', 'Exotic', 'Classic', 'Hot Rod'];
const MAKES = ['Nissan', 'Toyota', 'Mazda', 'BMW', 'Porsche', 'Chevrolet', 'Ford', 'Dodge', 'Honda', 'Subaru'];

interface Row {
  database: string;
  endpoint: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  baselineRps: number;
}

/** 'YYYY-MM-DD HH:mm:ss.SSS' in UTC: what both drivers store for a datetime(3). */
const sqlDate = (date: Date) => date.toISOString().replace('T', ' ').replace('Z', '');

async function insertRows(ds: DataSource, table: string, columns: string[], rows: unknown[][], batch: number) {
  for (let i = 0; i < rows.length; i += batch) {
    const chunk = rows.slice(i, i + batch);
    const tuple = `(${columns.map(() => '?').join(', ')})`;
    await ds.query(
      `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${chunk.map(() => tuple).join(', ')}`,
      chunk.flat(),
    );
  }
}

export async function fill(ds: DataSource, kind: 'sqlite' | 'mysql'): Promise<void> {
  const started = Date.now();
  const now = Date.now();
  const owners = Array.from({ length: OWNERS }, (_, i) => [
    `bench-owner-${i}@example.com`,
    `owner${i}`,
    `owner${i}`,
    `Owner ${i}`,
    'x',
    i % 3 === 0 ? 'owner' : 'user',
    'Builds cars on weekends.',
  ]);
  await insertRows(
    ds,
    'users',
    ['email', 'username', 'usernameKey', 'name', 'passwordHash', 'role', 'bio'],
    owners,
    100,
  );
  const [firstOwner] = await ds.query('SELECT MIN(id) AS id FROM users');
  const ownerBase = Number(firstOwner.id);

  const story =
    'A well-kept street car with a long story of weekend meets, track days and careful restoration. '.repeat(3);
  const cars = Array.from({ length: CARS }, (_, i) => [
    `bench-car-${i}`,
    MAKES[i % MAKES.length],
    `Model ${i}`,
    1970 + (i % 50),
    CATEGORIES[i % CATEGORIES.length],
    story,
    'Overview of the build.',
    `Owner ${i % OWNERS}`,
    ownerBase + (i % OWNERS),
    JSON.stringify({ engine: 'V8', horsepower: 300 + (i % 400), modified: i % 2 === 0 }),
    1,
    i % 50 === 0 ? 1 : 0,
    sqlDate(new Date(now - (CARS - i) * 60_000)),
  ]);
  await insertRows(
    ds,
    'cars',
    [
      'slug',
      'make',
      'model',
      'year',
      'category',
      'story',
      'specs',
      'ownerName',
      'ownerId',
      'additionalSpecs',
      'legalAgreement',
      'featured',
      'createdAt',
    ],
    cars,
    500,
  );
  const [firstCar] = await ds.query('SELECT MIN(id) AS id FROM cars');
  const carBase = Number(firstCar.id);

  const images: unknown[][] = [];
  for (let i = 0; i < CARS; i++) {
    for (const n of [0, 1]) {
      const key = `bench/${i}/${n}.jpg`;
      const variants = JSON.stringify({
        w400: `/api/file/${key}.w400.webp`,
        w800: `/api/file/${key}.w800.webp`,
        w1600: `/api/file/${key}.w1600.webp`,
      });
      images.push([carBase + i, key, `/api/file/${key}`, 1600, 1067, variants, n === 0 ? 1 : 0, 1, 250_000, n]);
    }
  }
  await insertRows(
    ds,
    'car_images',
    [
      'carId',
      'storageKey',
      'url',
      'width',
      'height',
      'variants',
      'isPrimary',
      'isAdminUploaded',
      'fileSize',
      'sortOrder',
    ],
    images,
    500,
  );

  // Votes: popular cars get most of them (squared uniform), spread evenly over the last DAYS days.
  let seed = 42;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const span = DAYS * 86_400_000;
  // Rows per INSERT: SQLite binds at most 32,766 parameters per statement.
  const voteBatch = kind === 'sqlite' ? 10_000 : 5_000;
  for (let i = 0; i < VOTES; i += voteBatch) {
    const rows: unknown[][] = [];
    for (let j = i; j < Math.min(VOTES, i + voteBatch); j++) {
      const car = carBase + Math.floor(CARS * random() ** 2);
      rows.push([car, `bench-${j.toString(36)}`, sqlDate(new Date(now - span + Math.floor((j / VOTES) * span)))]);
    }
    await insertRows(ds, 'votes', ['carId', 'ipHash', 'createdAt'], rows, voteBatch);
  }

  // The stored tallies, as the votes service keeps them.
  await ds.query('UPDATE cars SET totalVotes = (SELECT COUNT(*) FROM votes v WHERE v.carId = cars.id)');
  const month = kind === 'sqlite' ? 'substr(createdAt, 1, 7)' : "DATE_FORMAT(createdAt, '%Y-%m')";
  await ds.query(
    `INSERT INTO car_monthly_votes (carId, month, votes) SELECT carId, ${month}, COUNT(*) FROM votes GROUP BY carId, ${month}`,
  );
  await ds.query(
    'INSERT INTO vote_limits (carId, ipHash, lastVotedAt) SELECT carId, ipHash, MAX(createdAt) FROM votes WHERE createdAt >= ? GROUP BY carId, ipHash',
    [sqlDate(new Date(now - 86_400_000))],
  );
  if (kind === 'sqlite') await ds.query('ANALYZE');
  console.log(`  filled in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

interface Target {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  /** POST: the body for the n-th request. */
  body?: (n: number) => string;
}

/** Requests sent so far, across runs: the n-th gets its own client address (and a car by n). */
let sent = 0;

async function measure(url: string, target: Target): Promise<autocannon.Result> {
  return autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    method: target.method,
    headers: { 'content-type': 'application/json' },
    requests: [
      {
        method: target.method,
        path: target.path,
        setupRequest: (req) => {
          const n = ++sent;
          // A distinct client per request: its own IPv6 /64 in the documentation range, given as the first
          // X-Forwarded-For hop (TRUST_PROXY). Only a header: every connection goes to 127.0.0.1.
          const headers = {
            ...req.headers,
            'x-forwarded-for': `2001:db8:${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}::1`,
          };
          return target.body ? { ...req, headers, body: target.body(n) } : { ...req, headers };
        },
      },
    ],
  });
}

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

function makeTargets(slug: string, carBase: number): Target[] {
  const voteBody = (n: number) => JSON.stringify({ carId: carBase + (n % CARS) });
  const trpcInput = (input: unknown) => `?input=${encodeURIComponent(JSON.stringify(input))}`;
  return [
    { name: 'GET /api/cars?limit=100', method: 'GET', path: '/api/cars?limit=100' },
    { name: 'GET /api/cars/top?period=month&limit=20', method: 'GET', path: '/api/cars/top?period=month&limit=20' },
    { name: 'GET /api/cars/{slug}', method: 'GET', path: `/api/cars/${slug}` },
    { name: 'GET /trpc/cars.list', method: 'GET', path: `/trpc/cars.list${trpcInput({ limit: 100 })}` },
    { name: 'GET /trpc/cars.top', method: 'GET', path: `/trpc/cars.top${trpcInput({ period: 'month', limit: 20 })}` },
    { name: 'GET /trpc/cars.bySlug', method: 'GET', path: `/trpc/cars.bySlug${trpcInput({ slug })}` },
    { name: 'POST /api/votes', method: 'POST', path: '/api/votes', body: voteBody },
    { name: 'POST /trpc/votes.cast', method: 'POST', path: '/trpc/votes.cast', body: voteBody },
  ];
}

interface Ready {
  appUrl: string;
  baselineUrl: string;
  slug: string;
  carBase: number;
}

/**
 * The child process: the app on a filled scratch database, and the bare-Fastify baseline answering, path by path,
 * the bytes the app answered. Prints `READY {json}` and serves until SIGTERM, then removes the database.
 */
async function serve(kind: 'sqlite' | 'mysql'): Promise<void> {
  const scratch =
    kind === 'sqlite'
      ? createScratchSqlite('curbside-bench')
      : await createScratchMysql(process.env.BENCH_MYSQL_URL as string, 'curbside_bench');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'curbside-bench-'));
  const config: Config = {
    ...loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
      TRUST_PROXY: 'true',
    }),
    database: scratch.database,
  };
  const app = await buildApp(config, { logger: false });
  const baseline = Fastify({ logger: false });
  const cleanUp = async () => {
    await baseline.close();
    await app.close();
    await scratch.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    console.log(`filling ${CARS.toLocaleString('en-US')} cars and ${VOTES.toLocaleString('en-US')} votes…`);
    await fill(app.services.ds, kind);
    const appUrl = await listen(app);
    const [middle] = await app.services.ds.query(`SELECT slug FROM cars WHERE slug = 'bench-car-5000'`);
    const [first] = await app.services.ds.query('SELECT MIN(id) AS id FROM cars');
    const ready: Omit<Ready, 'baselineUrl'> = { appUrl, slug: middle.slug, carBase: Number(first.id) };
    const targets = makeTargets(ready.slug, ready.carBase);
    for (const [index, target] of targets.entries()) {
      // Clients the benchmark never uses (its own come from 2001:db8:0…), so no vote of the run is refused.
      const res = await fetch(appUrl + target.path, {
        method: target.method,
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `2001:db8:ffff:${index}::1` },
        body: target.body?.(index),
      });
      if (!res.ok) throw new Error(`${target.name} answered ${res.status}`);
      const status = res.status;
      const bytes = await res.text();
      baseline.route({
        method: target.method,
        url: `/baseline/${index}`,
        handler: async (_req, reply) => reply.code(status).type('application/json; charset=utf-8').send(bytes),
      });
    }
    const baselineUrl = await listen(baseline);
    console.log(`READY ${JSON.stringify({ ...ready, baselineUrl })}`);
  } catch (error) {
    await cleanUp();
    throw error;
  }
  process.once('SIGTERM', () => {
    cleanUp().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts the serving child for one database, measures every target and its baseline, then stops the child. */
async function benchDatabase(label: string, kind: 'sqlite' | 'mysql'): Promise<Row[]> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench-run.ts', 'serve', kind], {
    cwd: process.cwd(),
    stdio: ['ignore', 'pipe', 'inherit'],
    env: process.env,
  });
  const ready = await new Promise<Ready>((resolve, reject) => {
    let buffered = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      let newline = buffered.indexOf('\n');
      while (newline >= 0) {
        const line = buffered.slice(0, newline);
        buffered = buffered.slice(newline + 1);
        if (line.startsWith('READY ')) resolve(JSON.parse(line.slice(6)));
        else console.log(`  ${label}: ${line}`);
        newline = buffered.indexOf('\n');
      }
    });
    child.once('exit', (code) => reject(new Error(`the ${label} server stopped (${code})`)));
  });
  try {
    const rows: Row[] = [];
    for (const [index, target] of makeTargets(ready.slug, ready.carBase).entries()) {
      const base = await measure(ready.baselineUrl, { ...target, path: `/baseline/${index}` });
      await sleep(1000);
      const result = await measure(ready.appUrl, target);
      await sleep(1000); // let the server finish what the closed connections had queued
      const row: Row = {
        database: label,
        endpoint: target.name,
        rps: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        errors: result.errors + result.non2xx,
        baselineRps: base.requests.average,
      };
      rows.push(row);
      console.log(
        `  ${target.name}: ${Math.round(row.rps)} req/s, p99 ${row.p99} ms, errors ${row.errors} (baseline ${Math.round(row.baselineRps)} req/s)`,
      );
    }
    return rows;
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, sleep(30_000)]);
  }
}

function table(rows: Row[]): string {
  const lines = [
    '| Database | Endpoint | req/s | p50 ms | p99 ms | errors | bare Fastify req/s | ratio |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const r of rows) {
    lines.push(
      `| ${r.database} | ${r.endpoint} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.errors} | ${Math.round(r.baselineRps)} | ${((r.rps / r.baselineRps) * 100).toFixed(1)}% |`,
    );
  }
  return lines.join('\n');
}

async function main() {
  const rows: Row[] = [];
  rows.push(...(await benchDatabase('SQLite', 'sqlite')));
  if (process.env.BENCH_MYSQL_URL) rows.push(...(await benchDatabase('MySQL/MariaDB', 'mysql')));
  else console.log('(set BENCH_MYSQL_URL=mysql://root@127.0.0.1:3306/test to measure MySQL/MariaDB too)');
  console.log(
    `\n${CARS.toLocaleString('en-US')} cars, ${VOTES.toLocaleString('en-US')} votes; autocannon ${CONNECTIONS} connections, ${SECONDS} s per run, ${os.cpus().length} cores\n`,
  );
  console.log(table(rows));
}

if (process.argv[1]?.endsWith('bench-run.ts')) {
  const mode = process.argv[2] === 'serve' ? serve(process.argv[3] === 'mysql' ? 'mysql' : 'sqlite') : main();
  mode.catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
