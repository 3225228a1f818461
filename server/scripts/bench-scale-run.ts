// npm run bench:scale [-- --sizes 10k,100k,1m --db sqlite,mysql --build-only] (via bench.ts): how the reads' costs grow with the
// site. For each database (SQLite always; MySQL/MariaDB when BENCH_MYSQL_URL is set, e.g.
// mysql://root@127.0.0.1:3306/test, in a database named curbside_scale_<size>x<hash of the clone>) and each size N:
//   1. build (or reuse) a database: the app's migrations, the demo data, then N cars copied from the demo's with
//      their photos' rows, 10 votes per car on average over the last 180 days, N / 10 users and N orders with their
//      lines (scale-data.ts). Built databases stay in server/.bench-scale/, keyed by database, size, the latest
//      migration and SCALE_DATA_VERSION, so a second run starts at once;
//   2. start the production server (server/dist/main.js, as bench.ts does) on it and time its start-up;
//   3. send each read of READS one at a time, SCALE_SAMPLES times (default 25), each request one no cache answers: a
//      new input each time (a new search word, another offset, car or page) or, for reads without an input that the
//      read cache keeps, a vote just before from a new address for a car they show, which drops that cached response
//      as any vote does; reads marked `kept` (a kept list or page) are asked again as they are, and reads marked
//      `recentVoter` come from an address that voted at the start; the server's CPU during each read is noted;
//   4. read the leaderboard (as a visitor and as a recent voter) while votes from distinct addresses stream in at
//      SCALE_VOTES_PER_SECOND (default 1,000) for SCALE_STREAM_SECONDS (default 10), then check in the database that
//      every vote was counted exactly once;
// and print, per database, the median, p99 and server CPU of each read per size and the growth from the smallest size to the
// largest, then start-up, peak resident set and the leaderboard under votes. Each run adds its votes (about 0.1% of
// a size's) to the kept databases.
import 'reflect-metadata';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { createConnection } from 'mysql2/promise';
import type { DataSource } from 'typeorm';
import { buildApp } from '../src/app';
import { type Database, loadConfig } from '../src/config';
import { createDataSource, dialectOf } from '../src/db/data-source';
import { encodeCursor } from '../src/db/keyset';
import { mysqlMigrations } from '../src/db/migrations/mysql';
import { sqliteMigrations } from '../src/db/migrations/sqlite';
import { serverEnv } from './bench-run';
import {
  buildProductionServer,
  cpuTimeMicros,
  type MeasuredServer,
  residentSet,
  startProductionServer,
} from './measured-server';
import { fillScale, SCALE_DATA_VERSION, type ScaleFill, scaleSizes } from './scale-data';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const KEPT = path.join(serverDir, '.bench-scale');
const SAMPLES = Number(process.env.SCALE_SAMPLES ?? 25);
const VOTES_PER_SECOND = Number(process.env.SCALE_VOTES_PER_SECOND ?? 1000);
const STREAM_SECONDS = Number(process.env.SCALE_STREAM_SECONDS ?? 10);
/** Leaderboard views per second by each reader (a visitor, a recent voter) while the votes stream in. */
const READS_PER_SECOND = 10;
/** The voters' connections (each vote from its own address, as the X-Forwarded-For hop). */
const STREAM_CONNECTIONS = 20;
/** The demo's admin account (seed/demo-data.ts), signed in for the admin reads. */
const ADMIN = { email: 'admin@curbside.example', password: 'curbside-admin' };
/**
 * The latest migration of a kind's database: a kept database built before another one is built anew (a migration of
 * one dialect alone, such as MySQL's CarSearchPrefixes, counts for that dialect).
 */
const latestMigration = (kind: Kind) =>
  ((kind === 'sqlite' ? sqliteMigrations : mysqlMigrations).at(-1) as { name: string }).name;

type Kind = 'sqlite' | 'mysql';

function flag(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : undefined;
}

const SIZES = (flag('sizes') ?? '10k,100k,1m').split(',').map((label) => {
  const match = /^(\d+)(k|m)?$/i.exec(label.trim());
  if (!match) throw new Error(`--sizes: ${label} is not a size like 10k or 1m`);
  const unit = match[2]?.toLowerCase();
  return { label: label.trim().toLowerCase(), cars: Number(match[1]) * (unit === 'm' ? 1e6 : unit === 'k' ? 1e3 : 1) };
});
/** --build-only: build (or check) the kept databases, measure nothing. */
const BUILD_ONLY = process.argv.includes('--build-only');
const DATABASES = (flag('db') ?? (process.env.BENCH_MYSQL_URL ? 'sqlite,mysql' : 'sqlite')).split(',') as Kind[];

// ---------------------------------------------------------------------------------------------------------------
// The reads
// ---------------------------------------------------------------------------------------------------------------

/** What a read's requests may use: the site's cars, words, orders. */
interface Site {
  /** Search words: parts of the cars' makes and models (a prefix as a visitor types), then words nothing matches. */
  word(i: number): string;
  /** The first one, two or three letters of a make's or model's word: what a visitor has typed at first. */
  shortWord(i: number): string;
  /** A car's slug, spread over the whole site. */
  slug(i: number): string;
  /** The car on top of the gallery's first page. */
  newestCarId: number;
  /** The car on top of each ranking: a vote for it drops that ranking's cached lists. */
  leader: { month: number; all: number };
  /** A car anywhere in the site. */
  carId(i: number): number;
  firstOrderId: number;
  orders: number;
  /** The cursor of a page in the middle of the admin's orders (a different one each request). */
  middleOrdersCursor(i: number): string;
  /** The cursor of a page in the middle of the gallery (Load More far down, a different one each request). */
  middleCarsCursor(i: number): string;
  /** The cursor of the gallery's page 400 (after 4,788 cars; one car further each request). */
  page400Cursor(i: number): string;
  /** The cursor of a page of one category (JDM) in its middle, or at page 400 when it is longer. */
  categoryCursor(i: number): string;
  /** Months with orders, newest first, as 'YYYY-MM'. */
  month(i: number): string;
}

interface Read {
  name: string;
  /** The i-th request's path (0 ≤ i < SAMPLES plus a warm-up). */
  path(site: Site, i: number): string;
  admin?: boolean;
  /** Sent as the recent voter (a vote of theirs in the last 24 hours: they see their votes marked). */
  recentVoter?: boolean;
  /** The answer is kept between requests (the cost of a kept answer, not of making it). */
  kept?: boolean;
  /** A vote for this car just before each request: the read cache keeps this read's answer until a vote drops it. */
  voteBefore?(site: Site, i: number): number;
  /** Only the first request of a fresh server counts (the answer is kept afterwards). */
  once?: boolean;
}

/** A word no make, model or owner holds: the search reads every car to find none. */
const missingWord = (i: number) => `zq${i.toString(36)}x`;

/** Every read measured, in the table's order. Extend here. */
const READS: Read[] = [
  {
    name: "GET /api/cars/search?q=…&limit=13 (the gallery's first page: a new word of a make or model each time)",
    path: (s, i) => `/api/cars/search?q=${s.word(i)}&limit=13`,
  },
  {
    name: 'GET /api/cars/search?q=… (the default limit, 100 cars: a new word of a make or model each time)',
    path: (s, i) => `/api/cars/search?q=${s.word(i + 80)}`,
  },
  {
    name: "GET /api/cars/search?q=…&limit=13 (the gallery's first page: a new prefix of 1-3 letters each time)",
    path: (s, i) => `/api/cars/search?q=${s.shortWord(i)}&limit=13`,
  },
  {
    name: 'GET /api/cars/search?q=… (a new word no car has)',
    path: (_, i) => `/api/cars/search?q=${missingWord(i)}`,
  },
  {
    name: 'GET /api/cars/top?period=month',
    path: () => '/api/cars/top?period=month&limit=20',
    voteBefore: (s) => s.leader.month,
  },
  {
    name: 'GET /api/cars/top?period=all',
    path: () => '/api/cars/top?period=all&limit=20',
    voteBefore: (s) => s.leader.all,
  },
  {
    name: 'GET /api/cars/top?period=month (a recent voter)',
    path: () => '/api/cars/top?period=month&limit=20',
    voteBefore: (s) => s.leader.month,
    recentVoter: true,
  },
  {
    name: 'GET /api/cars/top?period=all (a recent voter)',
    path: () => '/api/cars/top?period=all&limit=20',
    voteBefore: (s) => s.leader.all,
    recentVoter: true,
  },
  {
    name: 'GET /api/cars/top?period=month (kept list, a recent voter)',
    path: () => '/api/cars/top?period=month&limit=20',
    recentVoter: true,
    kept: true,
  },
  {
    name: 'GET /api/cars?limit=12&offset=4788+i (Load More, page 400 by offset)',
    path: (_, i) => `/api/cars?limit=12&offset=${4788 + i}`,
  },
  {
    name: 'GET /api/cars?limit=12&cursor=… (Load More, page 400 by cursor)',
    path: (s, i) => `/api/cars?limit=12&cursor=${s.page400Cursor(i)}`,
  },
  {
    name: 'GET /api/cars?limit=12&cursor=… (Load More, the middle of the gallery)',
    path: (s, i) => `/api/cars?limit=12&cursor=${s.middleCarsCursor(i)}`,
  },
  {
    name: 'GET /api/cars?limit=12&category=JDM&cursor=… (a category, page 400 or its middle)',
    path: (s, i) => `/api/cars?limit=12&category=JDM&cursor=${s.categoryCursor(i)}`,
  },
  {
    name: 'GET /api/cars?limit=12&offset=10000-i (the largest offsets allowed)',
    path: (_, i) => `/api/cars?limit=12&offset=${10_000 - i}`,
  },
  {
    name: '/gallery?q=… rendered on the server (a word of a make or model)',
    path: (s, i) => `/gallery?q=${s.word(i + 40)}`,
  },
  {
    name: '/gallery?q=…&category=JDM rendered on the server (a word of a make or model; all 100 results asked, as every search did before)',
    path: (s, i) => `/gallery?q=${s.word(i + 120)}&category=JDM`,
  },
  {
    name: '/gallery?q=… rendered on the server (a word no car has)',
    path: (_, i) => `/gallery?q=${missingWord(i + 1000)}`,
  },
  { name: '/sitemap.xml, first request', path: () => '/sitemap.xml', once: true },
  ...['/', '/leaderboard', '/cars/{slug}', '/gallery'].flatMap((page): Read[] => {
    const path = (s: Site) => (page === '/cars/{slug}' ? `/cars/${s.slug(0)}` : page);
    return [
      { name: `${page} rendered on the server (kept page)`, path, kept: true },
      { name: `${page} rendered on the server (kept page, a recent voter)`, path, kept: true, recentVoter: true },
    ];
  }),
  { name: 'GET /api/cars/{slug}', path: (s, i) => `/api/cars/${s.slug(i)}` },
  { name: 'GET /api/stats', path: () => '/api/stats', voteBefore: (s, i) => s.carId(i) },
  {
    name: 'GET /api/cars?limit=12 (gallery first page)',
    path: () => '/api/cars?limit=12',
    voteBefore: (s) => s.newestCarId,
  },
  { name: 'GET /api/admin/stats', path: () => '/api/admin/stats', admin: true },
  { name: 'GET /api/admin/stats/card-votes', path: () => '/api/admin/stats/card-votes', admin: true },
  {
    name: 'GET /api/orders?limit=50 (admin list, pages 1…)',
    path: (_, i) => `/api/orders?limit=50&offset=${i * 50}`,
    admin: true,
  },
  {
    name: 'GET /api/orders?limit=50&cursor=… (admin list, the middle page by its cursor)',
    path: (s, i) => `/api/orders?limit=50&cursor=${s.middleOrdersCursor(i)}`,
    admin: true,
  },
  {
    name: 'GET /api/orders?status=pending (admin list by status)',
    path: (_, i) => `/api/orders?status=pending&limit=50&offset=${i * 50}`,
    admin: true,
  },
  {
    name: 'GET /api/orders?q={customer e-mail}',
    path: (_, i) => `/api/orders?q=scale-user-${i * 37}%40example.com&limit=50`,
    admin: true,
  },
  {
    name: 'GET /api/orders/search?q=#{number}',
    path: (s, i) => `/api/orders/search?q=%23${s.firstOrderId + ((i * 7919) % s.orders)}`,
    admin: true,
  },
  {
    name: 'GET /api/orders/search?q={name}',
    path: (_, i) => `/api/orders/search?q=Scale%20User%20${i * 41}`,
    admin: true,
  },
  {
    name: 'GET /api/orders/search?status=shipped&page=…',
    path: (_, i) => `/api/orders/search?status=shipped&page=${i + 1}`,
    admin: true,
  },
  {
    name: 'GET /api/orders/search?from=…&to=… (one month)',
    path: (s, i) => `/api/orders/search?from=${s.month(i)}-01&to=${s.month(i)}-28`,
    admin: true,
  },
  {
    name: 'GET /api/orders/{id}',
    path: (s, i) => `/api/orders/${s.firstOrderId + ((i * 104729) % s.orders)}`,
    admin: true,
  },
  { name: 'GET /api/events (admin)', path: () => '/api/events', admin: true },
  { name: 'GET /api/advertisements (admin)', path: () => '/api/advertisements', admin: true },
];

// ---------------------------------------------------------------------------------------------------------------
// Building and keeping the databases
// ---------------------------------------------------------------------------------------------------------------

interface Built {
  kind: Kind;
  label: string;
  cars: number;
  dataDir: string;
  mysqlUrl?: string;
  fill: ScaleFill;
  /** Seconds for migrations, demo data and fill; from the run that built it. */
  buildSeconds: number;
  reused: boolean;
}

/**
 * The kept MySQL database of a size: its name carries a hash of this clone's kept-database folder, so two clones
 * (worktrees) benching against one MySQL server each keep their own.
 */
function mysqlUrlFor(label: string): string {
  const url = new URL((process.env.BENCH_MYSQL_URL as string).replace(/^mariadb:/, 'mysql:'));
  url.pathname = `/curbside_scale_${label}x${createHash('sha256').update(KEPT).digest('hex').slice(0, 8)}`;
  return url.toString();
}

/** Drops and creates (or only drops) the kept MySQL database of `url`, whose name starts with curbside_scale_. */
async function resetMysql(url: string, create: boolean): Promise<void> {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  if (!/^curbside_scale_[a-z0-9]+$/.test(name)) throw new Error(`Refusing database name ${name}`);
  target.pathname = '/';
  const conn = await createConnection({ uri: target.toString() });
  try {
    await conn.query(`DROP DATABASE IF EXISTS \`${name}\``);
    if (create) await conn.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  } finally {
    await conn.end();
  }
}

/** The kept database of this kind and size, built first when there is none for the latest migration. */
async function keptDatabase(kind: Kind, label: string, cars: number): Promise<Built> {
  const dataDir = path.join(KEPT, `${kind}-${label}-${latestMigration(kind)}-v${SCALE_DATA_VERSION}`);
  const marker = path.join(dataDir, 'built.json');
  const mysqlUrl = kind === 'mysql' ? mysqlUrlFor(label) : undefined;
  if (existsSync(marker)) {
    const built = JSON.parse(readFileSync(marker, 'utf8')) as Built;
    if (await stillThere(kind, dataDir, mysqlUrl, built.fill.cars)) return { ...built, reused: true };
  }
  // Another migration's (or a broken) build of this kind and size goes.
  for (const entry of existsSync(KEPT) ? readdirSync(KEPT) : []) {
    if (entry.startsWith(`${kind}-${label}-`)) rmSync(path.join(KEPT, entry), { recursive: true, force: true });
  }
  mkdirSync(dataDir, { recursive: true });
  if (mysqlUrl) await resetMysql(mysqlUrl, true);
  const started = Date.now();
  console.log(`  ${kind} ${label}: building (migrations, demo data, ${cars.toLocaleString('en-US')} cars)…`);
  const config = loadConfig({
    ...serverEnv(dataDir, mysqlUrl),
    SEED_DEMO: 'true',
    ALLOW_DEMO_DATA_IN_PRODUCTION: 'true',
    // A statement of the load may run for minutes (the server's own limit is 30 s).
    DATABASE_QUERY_TIMEOUT_MS: '3600000',
  });
  const app = await buildApp(config);
  let fill: ScaleFill;
  try {
    fill = await fillScale(app.services.ds, scaleSizes(cars), (line) => console.log(line));
  } finally {
    await app.close();
  }
  const built: Built = {
    kind,
    label,
    cars,
    dataDir,
    mysqlUrl,
    fill,
    buildSeconds: (Date.now() - started) / 1000,
    reused: false,
  };
  writeFileSync(marker, JSON.stringify(built, null, 2));
  console.log(`  ${kind} ${label}: built in ${built.buildSeconds.toFixed(0)} s`);
  return built;
}

async function stillThere(kind: Kind, dataDir: string, mysqlUrl: string | undefined, cars: number): Promise<boolean> {
  const ds = await createDataSource(databaseOf(kind, dataDir, mysqlUrl));
  try {
    await ds.initialize();
    const [row] = await ds.query('SELECT COUNT(*) AS n FROM cars');
    return Number(row.n) >= cars;
  } catch {
    return false;
  } finally {
    if (ds.isInitialized) await ds.destroy();
  }
}

function databaseOf(kind: Kind, dataDir: string, mysqlUrl: string | undefined): Database {
  return loadConfig(serverEnv(dataDir, kind === 'mysql' ? mysqlUrl : undefined)).database;
}

// ---------------------------------------------------------------------------------------------------------------
// Measuring
// ---------------------------------------------------------------------------------------------------------------

/** Client addresses (first X-Forwarded-For hop): each vote's its own IPv6 /64, fresh on every run. */
const runPrefix = randomBytes(2).toString('hex');
let addresses = 0;
const newAddress = () => {
  const n = ++addresses;
  return `2001:db8:${runPrefix}:${(n & 0xffff).toString(16)}:${(n >>> 16).toString(16)}::1`;
};
/** The one visitor who reads (never votes). */
const READER = '2001:db8:ffff:ffff::1';
/** A visitor who voted at the start of a size's measuring: a recent voter throughout. */
const RECENT_VOTER = '2001:db8:ffff:fffe::1';

async function timed(url: string, headers: Record<string, string>): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  const res = await fetch(url, { headers });
  await res.arrayBuffer();
  return { ms: performance.now() - started, status: res.status };
}

async function vote(baseUrl: string, carId: number, address = newAddress()): Promise<number> {
  const res = await fetch(`${baseUrl}/api/votes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ carId }),
  });
  await res.arrayBuffer();
  return res.status;
}

async function signIn(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': READER },
    body: JSON.stringify(ADMIN),
  });
  if (!res.ok) throw new Error(`Signing in as the demo admin: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

const percentile = (values: number[], p: number) => {
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};

interface Latency {
  median: number;
  p99: number;
  n: number;
  /** The server process's CPU per request, ms (its mean: /proc counts in 10 ms ticks); NaN when not measured. */
  cpu: number;
}
const latency = (values: number[], cpuMicros = Number.NaN): Latency => ({
  median: percentile(values, 50),
  p99: percentile(values, 99),
  n: values.length,
  cpu: cpuMicros / 1000 / values.length,
});

interface SizeResult {
  label: string;
  cars: number;
  built: Built;
  startupMs: number;
  peakRssBytes: number;
  reads: Map<string, Latency>;
  stream: {
    visitor: Latency;
    recentVoter: Latency;
    sent: number;
    counted: number;
    refused: number;
    failed: number;
    secondsTaken: number;
    exact: boolean;
    detail: string;
  };
}

async function siteOf(ds: DataSource, baseUrl: string): Promise<Site> {
  const [range] = await ds.query('SELECT MIN(id) AS lo, MAX(id) AS hi FROM cars');
  const [lo, hi] = [Number(range.lo), Number(range.hi)];
  const names: { make: string; model: string }[] = await ds.query(
    'SELECT DISTINCT make, model FROM cars WHERE id < ?',
    [lo + 100],
  );
  const words = [
    ...new Set(
      names
        .flatMap((n) => `${n.make} ${n.model}`.toLowerCase().split(/[^a-z0-9]+/))
        .filter((w) => w.length >= 3)
        .flatMap((w) => Array.from({ length: w.length - 2 }, (_, i) => w.slice(0, i + 3))),
    ),
  ];
  const shortWords = [
    ...new Set(
      names
        .flatMap((n) => `${n.make} ${n.model}`.toLowerCase().split(/[^a-z0-9]+/))
        .flatMap((w) => [w.slice(0, 1), w.slice(0, 2), w.slice(0, 3)])
        .filter((w) => w.length > 0),
    ),
  ];
  const slugs = new Map<number, string>();
  const carId = (i: number) => lo + ((i * 7919 + 13) % (hi - lo + 1));
  for (let i = 0; i < SAMPLES + 5; i++) {
    const [row] = await ds.query('SELECT slug FROM cars WHERE id >= ? ORDER BY id LIMIT 1', [carId(i)]);
    slugs.set(i, row.slug);
  }
  const first = (await (
    await fetch(`${baseUrl}/api/cars?limit=12`, { headers: { 'x-forwarded-for': READER } })
  ).json()) as {
    id: number;
  }[];
  const leaderOf = async (period: string) => {
    const url = `${baseUrl}/api/cars/top?period=${period}&limit=1`;
    const [top] = (await (await fetch(url, { headers: { 'x-forwarded-for': READER } })).json()) as { id: number }[];
    return top?.id;
  };
  const [orders] = await ds.query('SELECT MIN(id) AS lo, COUNT(*) AS n FROM orders');
  const [listed] = await ds.query('SELECT COUNT(*) AS n FROM cars WHERE published = 1');
  const middleOrders = await middleCursors(ds, 'orders', '', Math.floor(Number(orders.n) / 2));
  const middleCars = await middleCursors(ds, 'cars', 'WHERE published = 1', Math.floor(Number(listed.n) / 2));
  const page400 = await middleCursors(ds, 'cars', 'WHERE published = 1', 4787);
  const [jdm] = await ds.query("SELECT COUNT(*) AS n FROM cars WHERE published = 1 AND category = 'JDM'");
  const categoryFrom = Math.min(4787, Math.floor(Number(jdm.n) / 2));
  const category = await middleCursors(ds, 'cars', "WHERE published = 1 AND category = 'JDM'", categoryFrom);
  const now = new Date();
  return {
    // The start of a make's or model's word (3 letters or more, as a visitor types), a new one each request while
    // there are (they come round again after the cache's 5 s).
    word: (i) => words[i % words.length] as string,
    shortWord: (i) => shortWords[i % shortWords.length] as string,
    slug: (i) => slugs.get(i % slugs.size) as string,
    newestCarId: first[0]?.id ?? hi,
    leader: { month: (await leaderOf('month')) ?? hi, all: (await leaderOf('all')) ?? hi },
    carId,
    firstOrderId: Number(orders.lo),
    orders: Math.max(1, Number(orders.n)),
    middleOrdersCursor: (i) => middleOrders[i % middleOrders.length] as string,
    middleCarsCursor: (i) => middleCars[i % middleCars.length] as string,
    page400Cursor: (i) => page400[i % page400.length] as string,
    categoryCursor: (i) => category[i % category.length] as string,
    month: (i) => {
      const m = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1 - (i % 20), 1));
      return m.toISOString().slice(0, 7);
    },
  };
}

/**
 * Cursors (as db/keyset.ts hands them out) of consecutive rows from position `from` of a list, newest first: the
 * places where a visitor or admin who paged that far would continue.
 */
async function middleCursors(ds: DataSource, table: string, where: string, from: number): Promise<string[]> {
  const at = dialectOf(ds) === 'sqlite' ? 'createdAt' : "DATE_FORMAT(createdAt, '%Y-%m-%d %H:%i:%s.%f')";
  const rows: { id: number | string; at: string }[] = await ds.query(
    `SELECT id, ${at} AS at FROM ${table} ${where} ORDER BY createdAt DESC, id DESC LIMIT ${SAMPLES + 5} OFFSET ${from}`,
  );
  return rows.map((row) => encodeCursor({ at: row.at, id: Number(row.id) }));
}

/** The leaderboard read while votes stream in: its latencies, and every vote checked in the database. */
async function underVotes(ds: DataSource, baseUrl: string, site: Site): Promise<SizeResult['stream']> {
  // The cars voted for: a few thousand spread over the site, their tallies noted before.
  const [range] = await ds.query('SELECT MIN(id) AS lo, MAX(id) AS hi FROM cars');
  const span = Number(range.hi) - Number(range.lo) + 1;
  const targets = [...new Set(Array.from({ length: Math.min(5000, span) }, (_, i) => site.carId(i * 3 + 1)))];
  const tallies = async () => {
    const rows: { id: number; totalVotes: number }[] = [];
    for (let i = 0; i < targets.length; i += 500) {
      const chunk = targets.slice(i, i + 500);
      rows.push(...(await ds.query(`SELECT id, totalVotes FROM cars WHERE id IN (${chunk.join(', ')})`)));
    }
    const [votes] = await ds.query('SELECT COUNT(*) AS n FROM votes');
    const [monthly] = await ds.query(
      `SELECT COALESCE(SUM(votes), 0) AS n FROM car_monthly_votes WHERE carId IN (${targets.join(', ')})`,
    );
    return {
      total: new Map(rows.map((row) => [Number(row.id), Number(row.totalVotes)])),
      votes: Number(votes.n),
      monthly: Number(monthly.n),
    };
  };
  const before = await tallies();
  const voter = newAddress();
  await vote(baseUrl, targets[0] as number, voter); // the recent voter's own vote
  const countedPerCar = new Map<number, number>([[targets[0] as number, 1]]);
  let sent = 1;
  let counted = 1;
  let refused = 0;
  let failed = 0;
  let streaming = true;
  let streamSeconds = 0;
  const started = performance.now();
  // autocannon keeps the rate (overallRate over its connections) however long each vote takes; a request's car is
  // noted in its connection's context, which its response finds again (a connection has one request in flight).
  const stream = autocannon({
    url: baseUrl,
    connections: STREAM_CONNECTIONS,
    overallRate: VOTES_PER_SECOND,
    // A vote answered late is still answered: the check counts it.
    timeout: 120,
    amount: VOTES_PER_SECOND * STREAM_SECONDS,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    requests: [
      {
        method: 'POST',
        path: '/api/votes',
        setupRequest: (req, context) => {
          const carId = targets[sent % targets.length] as number;
          sent++;
          (context as { carId?: number }).carId = carId;
          return {
            ...req,
            headers: { ...req.headers, 'x-forwarded-for': newAddress() },
            body: JSON.stringify({ carId }),
          };
        },
        onResponse: (status, _body, context) => {
          const carId = (context as { carId?: number }).carId as number;
          if (status === 201) {
            counted++;
            countedPerCar.set(carId, (countedPerCar.get(carId) ?? 0) + 1);
          } else if (status === 429) refused++;
          else failed++;
        },
      },
    ],
  }).then((result) => {
    streaming = false;
    streamSeconds = (performance.now() - started) / 1000;
    failed += result.errors + result.timeouts;
  });
  // Each reader views the leaderboard READS_PER_SECOND times a second (not in a closed loop, which would measure how
  // fast the readers can starve the voters instead).
  const reader = async (address: string) => {
    const times: number[] = [];
    for (let k = 1; streaming; k++) {
      const wait = started + (k * 1000) / READS_PER_SECOND - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const { ms, status } = await timed(`${baseUrl}/api/cars/top?period=month&limit=20`, {
        'x-forwarded-for': address,
      });
      if (status !== 200) throw new Error(`The leaderboard responded ${status} under votes`);
      times.push(ms);
    }
    return times;
  };
  const [visitor, recentVoter] = await Promise.all([reader(READER), reader(voter), stream]);
  const after = await tallies();
  let carsOff = 0;
  for (const carId of targets) {
    const moved = (after.total.get(carId) ?? 0) - (before.total.get(carId) ?? 0);
    if (moved !== (countedPerCar.get(carId) ?? 0)) carsOff++;
  }
  const rowsAdded = after.votes - before.votes;
  const monthlyAdded = after.monthly - before.monthly;
  const exact = carsOff === 0 && rowsAdded === counted && monthlyAdded === counted && failed === 0;
  return {
    visitor: latency(visitor),
    recentVoter: latency(recentVoter),
    sent,
    counted,
    refused,
    failed,
    secondsTaken: streamSeconds,
    exact,
    detail: `${counted} counted (201), ${rowsAdded} vote rows and ${monthlyAdded} monthly votes added, cars whose totalVotes moved otherwise: ${carsOff}`,
  };
}

async function measureSize(bundle: string, built: Built): Promise<SizeResult> {
  const env = serverEnv(built.dataDir, built.mysqlUrl);
  const ds = await createDataSource(databaseOf(built.kind, built.dataDir, built.mysqlUrl));
  await ds.initialize();
  let server: MeasuredServer | undefined;
  try {
    const startedAt = performance.now();
    server = await startProductionServer(bundle, env);
    const startupMs = performance.now() - startedAt;
    const url = server.url;
    const reads = new Map<string, Latency>();
    const sitemap = READS.filter((read) => read.once);
    // What a fresh server makes once: measured first.
    for (const read of sitemap) {
      const { ms, status } = await timed(url + read.path({} as Site, 0), { 'x-forwarded-for': READER });
      if (status !== 200) throw new Error(`${read.name} responded ${status}`);
      reads.set(read.name, latency([ms]));
    }
    const cookie = await signIn(url);
    const site = await siteOf(ds, url);
    // The recent voter: a vote of theirs for the leader (in every ranking they read, marked for them).
    const voterStatus = await vote(url, site.leader.month, RECENT_VOTER);
    if (voterStatus !== 201) throw new Error(`The recent voter's vote responded ${voterStatus}`);
    for (const read of READS.filter((r) => !r.once)) {
      const headers: Record<string, string> = {
        'x-forwarded-for': read.recentVoter ? RECENT_VOTER : READER,
        'accept-encoding': 'br, gzip',
        ...(read.admin ? { cookie } : {}),
      };
      const times: number[] = [];
      let cpuMicros = 0;
      // Two warm-up requests (the code's first run), then the samples, each with an input of its own (unless the
      // answer is kept).
      for (let i = 0; i < SAMPLES + 2; i++) {
        const voteFor = read.voteBefore?.(site, i);
        if (voteFor !== undefined) {
          const status = await vote(url, voteFor);
          if (status !== 201) throw new Error(`A vote before ${read.name} responded ${status}`);
        }
        const cpuBefore = cpuTimeMicros(server.pid);
        const { ms, status } = await timed(url + read.path(site, read.kept ? 0 : i), headers);
        if (status !== 200) throw new Error(`${read.name} (${read.path(site, i)}) responded ${status}`);
        if (i >= 2) {
          times.push(ms);
          cpuMicros += cpuTimeMicros(server.pid) - cpuBefore;
        }
      }
      const l = latency(times, cpuMicros);
      reads.set(read.name, l);
      console.log(
        `    ${read.name}: median ${l.median.toFixed(1)} ms, p99 ${l.p99.toFixed(1)} ms, server CPU ${l.cpu.toFixed(1)} ms`,
      );
    }
    const stream = await underVotes(ds, url, site);
    console.log(
      `    leaderboard under ${VOTES_PER_SECOND}/s votes: visitor median ${stream.visitor.median.toFixed(1)} ms, p99 ${stream.visitor.p99.toFixed(1)} ms; recent voter median ${stream.recentVoter.median.toFixed(1)} ms, p99 ${stream.recentVoter.p99.toFixed(1)} ms; ${stream.detail}`,
    );
    return {
      label: built.label,
      cars: built.cars,
      built,
      startupMs,
      peakRssBytes: residentSet(server.pid).peakBytes,
      reads,
      stream,
    };
  } finally {
    await server?.stop();
    await ds.destroy();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The report
// ---------------------------------------------------------------------------------------------------------------

const ms = (value: number) => (value >= 100 ? Math.round(value).toLocaleString('en-US') : value.toFixed(1));
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

function report(label: string, results: SizeResult[]): string {
  const sizes = results.map((r) => r.label);
  const lines = [
    `### ${label}`,
    '',
    `| read | ${sizes.map((s) => `${s} median ms | ${s} p99 ms | ${s} server CPU ms`).join(' | ')} | growth (median, ${sizes[0]} → ${sizes.at(-1)}) |`,
    `| --- | ${sizes.map(() => '---: | ---: | ---:').join(' | ')} | ---: |`,
  ];
  for (const read of READS) {
    const cells = results.map((r) => {
      const l = r.reads.get(read.name);
      return l ? `${ms(l.median)} | ${ms(l.p99)} | ${Number.isNaN(l.cpu) ? '–' : ms(l.cpu)}` : '– | – | –';
    });
    const first = results[0]?.reads.get(read.name)?.median;
    const last = results.at(-1)?.reads.get(read.name)?.median;
    const growth = first && last && results.length > 1 ? `${(last / first).toFixed(1)}×` : '–';
    lines.push(`| ${read.name} | ${cells.join(' | ')} | ${growth} |`);
  }
  lines.push('', `| per size | ${sizes.join(' | ')} |`, `| --- | ${sizes.map(() => '---:').join(' | ')} |`);
  const cellsOf = (cell: (r: SizeResult) => string) => results.map(cell).join(' | ');
  const rows: [string, (r: SizeResult) => string][] = [
    [
      'rows: cars / photos / votes / users / orders / order lines (added to the demo data)',
      (r) =>
        [
          r.built.fill.cars,
          r.built.fill.images,
          r.built.fill.votes,
          r.built.fill.users,
          r.built.fill.orders,
          r.built.fill.orderItems,
        ]
          .map((n) => n.toLocaleString('en-US'))
          .join(' / '),
    ],
    [
      'build (migrations, demo data, fill), s',
      (r) => `${r.built.buildSeconds.toFixed(0)}${r.built.reused ? ' (kept)' : ''}`,
    ],
    ['start-up to /healthz, ms', (r) => ms(r.startupMs)],
    ['peak resident set, MB', (r) => String(mb(r.peakRssBytes))],
    [
      `leaderboard under ${VOTES_PER_SECOND.toLocaleString('en-US')} votes/s, visitor: median / p99 ms`,
      (r) => `${ms(r.stream.visitor.median)} / ${ms(r.stream.visitor.p99)} (${r.stream.visitor.n} reads)`,
    ],
    [
      `leaderboard under ${VOTES_PER_SECOND.toLocaleString('en-US')} votes/s, recent voter: median / p99 ms`,
      (r) => `${ms(r.stream.recentVoter.median)} / ${ms(r.stream.recentVoter.p99)} (${r.stream.recentVoter.n} reads)`,
    ],
    [
      'votes sent / counted / seconds the stream took (counted per second)',
      (r) =>
        `${r.stream.sent.toLocaleString('en-US')} / ${r.stream.counted.toLocaleString('en-US')} / ${r.stream.secondsTaken.toFixed(1)} (${Math.round(r.stream.counted / r.stream.secondsTaken)}/s)`,
    ],
    ['every vote counted exactly once', (r) => (r.stream.exact ? 'yes' : `NO: ${r.stream.detail}`)],
  ];
  for (const [name, cell] of rows) lines.push(`| ${name} | ${cellsOf(cell)} |`);
  return lines.join('\n');
}

async function main() {
  if (DATABASES.includes('mysql') && !process.env.BENCH_MYSQL_URL) {
    throw new Error('--db mysql needs BENCH_MYSQL_URL, e.g. mysql://root@127.0.0.1:3306/test');
  }
  const bundle = BUILD_ONLY ? '' : buildProductionServer();
  const reports: string[] = [];
  let exact = true;
  for (const kind of DATABASES) {
    const label = kind === 'sqlite' ? 'SQLite' : 'MySQL/MariaDB';
    const results: SizeResult[] = [];
    for (const size of SIZES) {
      const built = await keptDatabase(kind, size.label, size.cars);
      if (BUILD_ONLY) continue;
      console.log(`  ${label} ${size.label}: measuring…`);
      const result = await measureSize(bundle, built);
      exact &&= result.stream.exact;
      results.push(result);
    }
    if (!BUILD_ONLY) reports.push(report(label, results));
  }
  if (BUILD_ONLY) return;
  console.log(
    `\nMedian and p99 of ${SAMPLES} requests per read, one at a time, none answered by a cache (the sitemap: its first request); ${os.cpus().length} cores; server: the production bundle.\n`,
  );
  console.log(reports.join('\n\n'));
  process.exitCode = exact ? 0 : 1;
}

// Exits when done: after a MySQL/MariaDB database was built in this process, a handle of its driver kept the process
// alive with the report printed (seen 2026-11-28, 20 minutes idle).
main().then(
  () => process.exit(process.exitCode ?? 0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
