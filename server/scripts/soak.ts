// npm run soak (repository root): the production app under mixed traffic for a long time, on a fresh database.
//
// For the embedded SQLite database (always) and MySQL/MariaDB (when SOAK_MYSQL_URL is set, e.g.
// mysql://root@127.0.0.1:3306/test; a scratch database named curbside_soak_* is created there and dropped after):
//   1. a server process: the app as production runs it (NODE_ENV=production, behind a proxy, the built client if
//      there is one, jemalloc as in the Docker image) on a fresh database with the demo data, listening on
//      127.0.0.1;
//   2. this process sends it traffic for SOAK_SECONDS (default 600) per database: visitors browsing (REST, tRPC, the
//      pages' HTML), voters (each vote from its own address), and shoppers paying with the test card;
//   3. every minute it prints the server's resident set (read from /proc: anonymous, file-backed, shared), its V8
//      heap and buffers, the SQLite files' sizes and the requests so far; at the end the error rate (target < 0.1 %),
//      latencies, the slope of the resident set over the second half of the run (flat: target ≤ 1 MB/min, once caches
//      and heap have settled; of each minute's lowest sample, see below), and a count in the database: every vote
//      created (201) stored once, every paid checkout one order, no stock below zero.
// Entities need the server's tsconfig (decorators), which tsx reads from the working directory: so this file runs
// itself again from server/, and loads the app only in the server process.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CALIFORNIA } from '@curbside/shared/test-fixtures';
import { SERVER_ALLOCATOR, SERVER_NODE_FLAGS } from './measured-server';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SECONDS = Number(process.env.SOAK_SECONDS ?? 600);
/** Concurrent visitors, voters and shoppers (each a loop with a short pause between its requests). */
const BROWSERS = Number(process.env.SOAK_BROWSERS ?? 6);
const VOTERS = 2;
const SHOPPERS = 2;
const SAMPLE_MS = 5_000;

interface Ready {
  url: string;
  cars: { id: number; slug: string; imageId: number | null }[];
  merch: number[];
  prints: number[];
}

interface Tallies {
  votes: number;
  votesCounted: number;
  orders: number;
  lowestStock: number;
  /** The server's own view of its memory (MB): V8 heap in use, and memory outside it (buffers, native modules). */
  heapMb: number;
  externalMb: number;
}

/** The server's own view of its memory (MB), and the size of its SQLite files. */
interface ServerMemory {
  heapTotal: number;
  heapUsed: number;
  /** Memory of JS objects held outside the V8 heap (buffers, native modules' own accounting). */
  external: number;
  arrayBuffers: number;
  dbFile: number;
  walFile: number;
}

// ---------------------------------------------------------------------------------------------------------------
// The server process
// ---------------------------------------------------------------------------------------------------------------

async function serve(kind: 'sqlite' | 'mysql'): Promise<void> {
  const { buildApp } = await import('../src/app');
  const { loadConfig } = await import('../src/config');
  const { createScratchMysql, createScratchSqlite } = await import('../src/db/scratch-database');
  const scratch =
    kind === 'sqlite'
      ? createScratchSqlite('curbside-soak')
      : await createScratchMysql(process.env.SOAK_MYSQL_URL as string, 'curbside_soak');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'curbside-soak-'));
  const config = {
    ...loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      SEED_DEMO: 'true',
      ALLOW_DEMO_DATA_IN_PRODUCTION: 'true',
      ALLOW_TEST_PAYMENTS_IN_PRODUCTION: 'true',
      PUBLIC_URL: 'http://127.0.0.1',
      ALLOW_HTTP_PUBLIC_URL: 'true',
      ALLOW_OUTBOX_MAIL_IN_PRODUCTION: 'true',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'true',
      // SERVER_RENDER=false npm run soak: the pages rendered in the browser only, to compare.
      ...(process.env.SERVER_RENDER ? { SERVER_RENDER: process.env.SERVER_RENDER } : {}),
    }),
    database: scratch.database,
  };
  const app = await buildApp(config);
  const ds = app.services.ds;
  const cleanUp = async () => {
    await app.close();
    await scratch.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    // Enough stock for ten minutes of shoppers: a sold-out product would make refusals, not errors.
    await ds.query('UPDATE products SET stock = 1000000');
    const cars: { id: number; slug: string }[] = await ds.query('SELECT id, slug FROM cars ORDER BY id');
    const images: { id: number; carId: number }[] = await ds.query('SELECT id, carId FROM car_images ORDER BY id');
    const products: { id: number; isMerch: number | boolean }[] = await ds.query(
      'SELECT id, isMerch FROM products WHERE active = 1 ORDER BY id',
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const ready: Ready = {
      url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
      cars: cars.map((c) => ({
        id: Number(c.id),
        slug: c.slug,
        imageId: Number(images.find((i) => Number(i.carId) === Number(c.id))?.id ?? 0) || null,
      })),
      merch: products.filter((p) => Number(p.isMerch) === 1).map((p) => Number(p.id)),
      prints: products.filter((p) => Number(p.isMerch) !== 1).map((p) => Number(p.id)),
    };
    process.send?.({ ready });
  } catch (error) {
    await cleanUp();
    throw error;
  }
  process.on('message', async (message: { check?: boolean; memory?: boolean; stop?: boolean }) => {
    if (message.memory) {
      const m = process.memoryUsage();
      const mb = (bytes: number) => bytes / 2 ** 20;
      const fileMb = (suffix: string) => {
        if (scratch.database.kind !== 'sqlite') return 0;
        try {
          return mb(statSync(scratch.database.file + suffix).size);
        } catch {
          return 0;
        }
      };
      const memory: ServerMemory = {
        heapTotal: mb(m.heapTotal),
        heapUsed: mb(m.heapUsed),
        external: mb(m.external),
        arrayBuffers: mb(m.arrayBuffers),
        dbFile: fileMb(''),
        walFile: fileMb('-wal'),
      };
      process.send?.({ memory });
    }
    if (message.check) {
      const [[votes], [counted], [orders], [stock]] = await Promise.all([
        ds.query('SELECT COUNT(*) AS n FROM votes'),
        ds.query('SELECT COALESCE(SUM(totalVotes), 0) AS n FROM cars'),
        ds.query('SELECT COUNT(*) AS n FROM orders'),
        ds.query('SELECT MIN(stock) AS n FROM products'),
      ]);
      const tallies: Tallies = {
        votes: Number(votes.n),
        votesCounted: Number(counted.n),
        orders: Number(orders.n),
        lowestStock: Number(stock.n),
        heapMb: process.memoryUsage().heapUsed / 2 ** 20,
        externalMb: process.memoryUsage().external / 2 ** 20,
      };
      process.send?.({ tallies });
    }
    if (message.stop) {
      await cleanUp();
      process.exit(0);
    }
  });
}

// ---------------------------------------------------------------------------------------------------------------
// The traffic
// ---------------------------------------------------------------------------------------------------------------

interface Stats {
  requests: number;
  errors: number;
  latencies: number[];
}

const stats = new Map<string, Stats>();
const firstErrors: string[] = [];
let addressCounter = 0;

/** A client address of its own (an IPv6 /64 in the documentation range), sent as the proxy would. */
function nextAddress(): string {
  const n = ++addressCounter;
  return `2001:db8:${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}::1`;
}

// biome-ignore lint/suspicious/noExplicitAny: responses are read field by field, like the tests' HttpClient
type ResponseData = any;

class Client {
  private cookie: string | null = null;
  constructor(
    private readonly baseUrl: string,
    public address = nextAddress(),
  ) {}

  /** One request, counted under `kind`; a response of 400 or more, or no response, is an error. */
  async call(
    kind: string,
    method: string,
    url: string,
    body?: unknown,
  ): Promise<{ status: number; data: ResponseData }> {
    const entry = stats.get(kind) ?? { requests: 0, errors: 0, latencies: [] };
    stats.set(kind, entry);
    const headers: Record<string, string> = { 'x-forwarded-for': this.address };
    if (this.cookie) headers.cookie = this.cookie;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const started = performance.now();
    let status = 0;
    let data: ResponseData;
    try {
      const res = await fetch(this.baseUrl + url, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      status = res.status;
      for (const c of res.headers.getSetCookie()) {
        const [pair] = c.split(';');
        if (pair?.startsWith('curbside_session=')) this.cookie = pair;
      }
      const text = await res.text();
      data = (res.headers.get('content-type') ?? '').includes('json') && text ? JSON.parse(text) : text;
    } catch (error) {
      data = String(error);
    }
    entry.requests++;
    entry.latencies.push(performance.now() - started);
    if (status === 0 || status >= 400) {
      entry.errors++;
      if (firstErrors.length < 10) firstErrors.push(`${kind}: ${method} ${url} → ${status} ${JSON.stringify(data)}`);
    }
    return { status, data };
  }
}

const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)] as T;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const trpcQuery = (procedure: string, input: unknown) =>
  `/trpc/${procedure}?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: input }))}`;

async function browse(ready: Ready, until: number): Promise<void> {
  const client = new Client(ready.url);
  const pages: (() => Promise<unknown>)[] = [
    () => client.call('browse', 'GET', '/api/cars?limit=24'),
    () => client.call('browse', 'GET', '/api/cars/top?period=month&limit=10'),
    () => client.call('browse', 'GET', `/api/cars/${pick(ready.cars).slug}`),
    () => client.call('browse', 'GET', '/api/cars/search?q=nissan'),
    () => client.call('browse', 'GET', '/api/products?limit=50'),
    () => client.call('browse', 'GET', '/api/merch'),
    () => client.call('browse', 'GET', '/api/stats'),
    () => client.call('browse', 'GET', '/api/events/upcoming'),
    () => client.call('browse', 'GET', '/api/advertisements/active'),
    () => client.call('browse', 'GET', trpcQuery('cars.list', { limit: 24 })),
    () => client.call('browse', 'GET', trpcQuery('cars.bySlug', { slug: pick(ready.cars).slug })),
    () => client.call('page', 'GET', '/'),
    () => client.call('page', 'GET', `/cars/${pick(ready.cars).slug}`),
  ];
  while (Date.now() < until) {
    await pick(pages)();
    await sleep(10);
  }
}

async function vote(ready: Ready, until: number, succeeded: { votes: number }): Promise<void> {
  while (Date.now() < until) {
    // A new visitor each time: one vote per car and address a day.
    const res = await new Client(ready.url).call('vote', 'POST', '/api/votes', { carId: pick(ready.cars).id });
    if (res.status === 201) succeeded.votes++;
    await sleep(20);
  }
}

async function shop(ready: Ready, until: number, succeeded: { orders: number }): Promise<void> {
  let client = await signUp(ready);
  for (let round = 1; Date.now() < until; round++) {
    // Now and then the shopper signs out and in again, as people come back.
    if (round % 20 === 0) {
      await client.call('account', 'POST', '/api/logout', {});
      client = await signUp(ready);
    }
    const car = pick(ready.cars.filter((c) => c.imageId !== null));
    await client.call('cart', 'POST', '/api/cart', { productId: pick(ready.merch), quantity: 1 });
    if (car && ready.prints.length > 0) {
      await client.call('cart', 'POST', '/api/cart', {
        productId: pick(ready.prints),
        carId: car.id,
        imageId: car.imageId,
        quantity: 1,
      });
    }
    await client.call('cart', 'GET', '/api/cart');
    const intent = await client.call('checkout', 'POST', '/api/create-payment-intent', {
      email: 'soak@example.com',
      shippingAddress: { ...CALIFORNIA, name: 'Soak Shopper' },
    });
    if (intent.status !== 200) continue;
    const paid = await client.call('checkout', 'POST', '/trpc/checkout.payWithTestCard', {
      paymentId: intent.data.paymentId,
      clientSecret: intent.data.clientSecret,
      cardNumber: '4242 4242 4242 4242',
    });
    if (paid.status === 200) succeeded.orders++;
    await client.call('account', 'GET', '/api/user/orders');
    await sleep(50);
  }
}

async function signUp(ready: Ready): Promise<Client> {
  const client = new Client(ready.url);
  const name = `soak${randomBytes(5).toString('hex')}`;
  await client.call('account', 'POST', '/api/register', {
    email: `${name}@example.com`,
    username: name,
    password: 'soak-password-1',
    name: `Soak ${name}`,
  });
  return client;
}

// ---------------------------------------------------------------------------------------------------------------
// Measuring
// ---------------------------------------------------------------------------------------------------------------

/** The server's resident set (MB), split by what backs the pages (the kernel's counters, as in smaps_rollup). */
interface Resident {
  /** All resident pages (VmRSS = RssAnon + RssFile + RssShmem). */
  rss: number;
  /** Anonymous: malloc'd native memory, the V8 heap, thread stacks. */
  anon: number;
  /** File-backed: the node binary and shared libraries (and a memory-mapped database, if any). */
  file: number;
  /** Shared memory: SQLite's WAL index (the -shm file). */
  shmem: number;
}

function resident(pid: number): Resident {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const mb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) / 1024;
  return { rss: mb('VmRSS'), anon: mb('RssAnon'), file: mb('RssFile'), shmem: mb('RssShmem') };
}

/** Least-squares slope of (minutes, MB). */
function slope(samples: { minutes: number; mb: number }[]): number {
  const n = samples.length;
  if (n < 2) return 0;
  const mx = samples.reduce((s, p) => s + p.minutes, 0) / n;
  const my = samples.reduce((s, p) => s + p.mb, 0) / n;
  const num = samples.reduce((s, p) => s + (p.minutes - mx) * (p.mb - my), 0);
  const den = samples.reduce((s, p) => s + (p.minutes - mx) ** 2, 0);
  return den === 0 ? 0 : num / den;
}

/** Each whole minute's lowest resident set (its samples from minute m to m+1), placed at the middle of the minute. */
function minuteFloors(samples: { minutes: number; mb: number }[]): { minutes: number; mb: number }[] {
  const result: { minutes: number; mb: number }[] = [];
  for (let m = 0; m + 1 <= (samples.at(-1)?.minutes ?? 0); m++) {
    const inMinute = samples.filter((s) => s.minutes >= m && s.minutes < m + 1).map((s) => s.mb);
    if (inMinute.length > 0) result.push({ minutes: m + 0.5, mb: Math.min(...inMinute) });
  }
  return result;
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

const totals = () => {
  let requests = 0;
  let errors = 0;
  for (const s of stats.values()) {
    requests += s.requests;
    errors += s.errors;
  }
  return { requests, errors };
};

function ask<T>(child: ChildProcess, message: object, key: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`the server stopped (${code})`));
    const onMessage = (m: Record<string, unknown>) => {
      if (key in m) {
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(m[key] as T);
      }
    };
    child.on('message', onMessage);
    child.once('exit', onExit);
    child.send(message);
  });
}

async function soak(label: string, kind: 'sqlite' | 'mysql'): Promise<boolean> {
  stats.clear();
  firstErrors.length = 0;
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', 'scripts/soak.ts', 'serve', kind], {
    cwd: serverDir,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...SERVER_ALLOCATOR.env, ...process.env },
  });
  const ready = await ask<Ready>(child, {}, 'ready');
  const pid = child.pid as number;
  console.log(
    `\n${label}: ${ready.cars.length} cars, ${ready.merch.length + ready.prints.length} products; ` +
      `${BROWSERS} visitors, ${VOTERS} voters, ${SHOPPERS} shoppers for ${SECONDS} s (server pid ${pid}, ` +
      `${SERVER_ALLOCATOR.name})`,
  );

  const started = Date.now();
  const until = started + SECONDS * 1000;
  const sample = (minutes: number) => {
    const r = resident(pid);
    return { minutes, mb: r.rss, ...r };
  };
  const samples: ({ minutes: number; mb: number } & Resident)[] = [sample(0)];
  let nextReport = 60_000;
  const sampler = setInterval(() => {
    const elapsed = Date.now() - started;
    samples.push(sample(elapsed / 60_000));
    if (elapsed >= nextReport) {
      nextReport += 60_000;
      const { requests, errors } = totals();
      const r = samples.at(-1) as Resident;
      const f = (n: number) => n.toFixed(0);
      void ask<ServerMemory>(child, { memory: true }, 'memory').then(
        (m) =>
          console.log(
            `  ${Math.round(elapsed / 60_000)} min: RSS ${f(r.rss)} MB = anon ${f(r.anon)} + file ${f(r.file)} + ` +
              `shmem ${r.shmem.toFixed(1)}; V8 heap ${f(m.heapUsed)} of ${f(m.heapTotal)}, external ${f(m.external)} ` +
              `(array buffers ${f(m.arrayBuffers)})` +
              (kind === 'sqlite' ? `; db file ${m.dbFile.toFixed(1)} MB, WAL ${m.walFile.toFixed(1)} MB` : '') +
              `; ${requests} requests, ${errors} errors`,
          ),
        () => undefined,
      );
    }
  }, SAMPLE_MS);

  const succeeded = { votes: 0, orders: 0 };
  const before = await ask<Tallies>(child, { check: true }, 'tallies');
  await Promise.all([
    ...Array.from({ length: BROWSERS }, () => browse(ready, until)),
    ...Array.from({ length: VOTERS }, () => vote(ready, until, succeeded)),
    ...Array.from({ length: SHOPPERS }, () => shop(ready, until, succeeded)),
  ]);
  clearInterval(sampler);
  samples.push(sample((Date.now() - started) / 60_000));
  const after = await ask<Tallies>(child, { check: true }, 'tallies');
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.send({ stop: true });
  await Promise.race([exited, sleep(30_000)]);

  const { requests, errors } = totals();
  const seconds = (Date.now() - started) / 1000;
  const errorRate = requests ? errors / requests : 0;
  // Flat means no growth once warm: caches fill and the heap settles in the first minutes, so the verdict is the
  // slope over the second half of the run; the slope after the first minute is printed too. Memory the server takes
  // under a burst of requests and gives back (up to 200 MB for tens of seconds here: V8's heap and buffers) is not
  // growth, and one burst near either end of the window swings a slope of raw samples by several MB/min either way.
  // So the slopes are of each whole minute's lowest sample (of its 12): memory that is kept — a leak, or an
  // allocator holding what was freed — raises every later sample, the lowest too. The raw slope is printed beside.
  const lastMinutes = samples.at(-1)?.minutes ?? 0;
  const floors = minuteFloors(samples);
  const afterFirstMinute = slope(floors.filter((s) => s.minutes >= 1));
  const memorySlope = slope(floors.filter((s) => s.minutes >= lastMinutes / 2));
  const rawSlope = slope(samples.filter((s) => s.minutes >= lastMinutes / 2));
  const votesStored = after.votes - before.votes;
  const votesCounted = after.votesCounted - before.votesCounted;
  const ordersStored = after.orders - before.orders;
  console.log(`\n${label}: ${requests} requests in ${seconds.toFixed(0)} s (${(requests / seconds).toFixed(0)}/s)`);
  console.log('| kind | requests | errors | p50 ms | p99 ms |\n| --- | ---: | ---: | ---: | ---: |');
  for (const [kind, s] of stats) {
    console.log(
      `| ${kind} | ${s.requests} | ${s.errors} | ${percentile(s.latencies, 50).toFixed(1)} | ${percentile(s.latencies, 99).toFixed(1)} |`,
    );
  }
  const rates = samples.filter((_, i) => i % Math.round(60_000 / SAMPLE_MS) === 0).map((s) => s.mb.toFixed(0));
  console.log(`RSS at each minute (MB): ${rates.join(', ')}; last ${samples.at(-1)?.mb.toFixed(0)}`);
  console.log(`RSS, lowest of each minute (MB): ${floors.map((m) => m.mb.toFixed(0)).join(', ')}`);
  console.log(`RSS every ${SAMPLE_MS / 1000} s (MB): ${samples.map((s) => s.mb.toFixed(0)).join(' ')}`);
  const anons = samples.filter((_, i) => i % Math.round(60_000 / SAMPLE_MS) === 0).map((s) => s.anon.toFixed(0));
  console.log(`anonymous at each minute (MB): ${anons.join(', ')}; last ${samples.at(-1)?.anon.toFixed(0)}`);
  const low = Math.min(...samples.map((s) => s.mb));
  const high = Math.max(...samples.map((s) => s.mb));
  console.log(`RSS lowest ${low.toFixed(0)} MB, highest ${high.toFixed(0)} MB over the ${samples.length} samples`);
  const errorOk = errorRate < 0.001;
  const memoryOk = memorySlope <= 1;
  const countsOk =
    votesStored === succeeded.votes &&
    votesCounted === succeeded.votes &&
    ordersStored === succeeded.orders &&
    after.lowestStock >= 0;
  console.log(
    `error rate ${(errorRate * 100).toFixed(3)} % (target < 0.1 % ${errorOk ? '✓' : '✗'}); resident set slope over ` +
      `the second half ${memorySlope.toFixed(2)} MB/min (target ≤ 1 ${memoryOk ? '✓' : '✗'}; of the raw samples ` +
      `${rawSlope.toFixed(2)}), after the first minute ` +
      `${afterFirstMinute.toFixed(2)} MB/min; V8 heap in use ${before.heapMb.toFixed(0)} → ${after.heapMb.toFixed(0)} MB, ` +
      `outside the heap ${before.externalMb.toFixed(0)} → ${after.externalMb.toFixed(0)} MB`,
  );
  console.log(
    `votes created (201): ${succeeded.votes}, stored: ${votesStored}, in the cars' counters: ${votesCounted}; ` +
      `checkouts paid: ${succeeded.orders}, orders stored: ${ordersStored}; lowest stock ${after.lowestStock} ` +
      `(${countsOk ? 'all accounted for ✓' : 'MISMATCH ✗'})`,
  );
  if (firstErrors.length) console.log(`first errors:\n  ${firstErrors.join('\n  ')}`);
  return errorOk && memoryOk && countsOk;
}

async function main(): Promise<void> {
  const results = [await soak('SQLite', 'sqlite')];
  if (process.env.SOAK_MYSQL_URL) results.push(await soak('MySQL/MariaDB', 'mysql'));
  else console.log('\n(set SOAK_MYSQL_URL=mysql://root@127.0.0.1:3306/test to soak MySQL/MariaDB too)');
  console.log(
    `\n${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  process.exit(results.every(Boolean) ? 0 : 1);
}

if (process.cwd() !== serverDir) {
  // From the repository root (npm run soak): run again from server/, where tsx finds the server's tsconfig.
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/soak.ts', ...process.argv.slice(2)], {
    cwd: serverDir,
    stdio: 'inherit',
    env: process.env,
  });
  process.exit(run.status ?? 1);
} else if (process.argv[2] === 'serve') {
  await serve(process.argv[3] === 'mysql' ? 'mysql' : 'sqlite');
} else {
  await main();
}
