// npm run bench (via bench.ts): throughput of the showcase's hot calls on a large database, against a bare-Fastify baseline.
//
// For the embedded SQLite database (always) and MySQL/MariaDB (when BENCH_MYSQL_URL is set, e.g.
// mysql://root@127.0.0.1:3306/test; a scratch database named curbside_bench_* is created there and dropped after):
//   1. build the app on a fresh, migrated database and fill it with 10,000 cars (2 photos each, 100 owners) and
//      1,000,000 votes over the last 60 days, with bulk multi-row INSERTs; the tallies are then derived in SQL;
//   2. run autocannon against the app on 127.0.0.1 for each endpoint, each run right after one against a bare Fastify
//      route responding with the very same bytes, BENCH_RUNS times (default 1), and print the median run's
//      requests/s, p50, p99, errors (of every run) and the ratio app / baseline.
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
import { type Config, type Database, loadConfig } from '../src/config';
import { createScratchMysql, createScratchSqlite, type ScratchDatabase } from '../src/db/scratch-database';
import { centralMonthSql, sqlDateParam } from '../src/db/sql-dates';
import { SERVER_ALLOCATOR, SERVER_NODE_FLAGS } from './measured-server';
import { fillShowcase, type ShowcaseSizes } from './showcase-data';

/** What the bench fills: the scale the issue measures at. */
const SIZES: ShowcaseSizes = { cars: 10_000, votes: 1_000_000, owners: 100, days: 60 };
const { cars: CARS, votes: VOTES } = SIZES;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/**
 * Runs per endpoint, each right after a run of its baseline; the median one is reported. A single 5-second run moves by
 * 10-15% with whatever else shares the 2 cores (the load generator itself among them), enough to flip a ratio target;
 * more runs steady the ratios, but serve (and write votes) for longer, which the peak resident set shows.
 */
const RUNS = Number(process.env.BENCH_RUNS ?? 1);
/** Endpoints that cast votes (REST and tRPC). */
const VOTE_ENDPOINTS = 2;

interface Row {
  database: string;
  endpoint: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  baselineRps: number;
  baselineP99: number;
  /** The target for this row, e.g. '≥ 50%' or '≥ 2000/s', and whether it was met. */
  target: string;
  met: boolean;
}

interface Target {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  /** POST: the body for the n-th request. */
  body?: (n: number) => string;
  /** 'rest' and 'trpc' reads are held to a share of the baseline; 'vote' to votes per second. */
  kind: 'rest' | 'trpc' | 'vote';
}

/** The targets of the server-speed issue, per kind of call and database. */
function targetOf(kind: Target['kind'], database: 'sqlite' | 'mysql'): { ratio?: number; rps?: number } {
  if (kind === 'vote') return { rps: 2000 };
  if (kind === 'trpc') return { ratio: 0.3 };
  return { ratio: database === 'sqlite' ? 0.5 : 0.4 };
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
  // As the browser client sends them: httpBatchLink, a batch of one.
  const trpcInput = (input: unknown) => `?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: input }))}`;
  return [
    { name: 'GET /api/cars?limit=100', method: 'GET', path: '/api/cars?limit=100', kind: 'rest' },
    {
      name: 'GET /api/cars/top?period=month&limit=20',
      method: 'GET',
      path: '/api/cars/top?period=month&limit=20',
      kind: 'rest',
    },
    { name: 'GET /api/cars/{slug}', method: 'GET', path: `/api/cars/${slug}`, kind: 'rest' },
    { name: 'GET /trpc/cars.list', method: 'GET', path: `/trpc/cars.list${trpcInput({ limit: 100 })}`, kind: 'trpc' },
    {
      name: 'GET /trpc/cars.top',
      method: 'GET',
      path: `/trpc/cars.top${trpcInput({ period: 'month', limit: 20 })}`,
      kind: 'trpc',
    },
    { name: 'GET /trpc/cars.bySlug', method: 'GET', path: `/trpc/cars.bySlug${trpcInput({ slug })}`, kind: 'trpc' },
    { name: 'POST /api/votes', method: 'POST', path: '/api/votes', body: voteBody, kind: 'vote' },
    {
      name: 'POST /trpc/votes.cast',
      method: 'POST',
      path: '/trpc/votes.cast?batch=1',
      body: (n) => JSON.stringify({ 0: JSON.parse(voteBody(n)) }),
      kind: 'vote',
    },
  ];
}

interface Ready {
  appUrl: string;
  baselineUrl: string;
  slug: string;
  carBase: number;
}

/** The app as production runs it behind a proxy, on `database`, with a data folder of its own. */
function benchConfig(database: Database): { config: Config; dataDir: string } {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'curbside-bench-'));
  const config: Config = {
    ...loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      SEED_DEMO: 'false',
      ALLOW_TEST_PAYMENTS_IN_PRODUCTION: 'true',
      LOG_LEVEL: 'silent',
      TRUST_PROXY: 'true',
    }),
    database,
  };
  return { config, dataDir };
}

/** A scratch database, migrated and filled by this (the measuring) process, so the server starts on it fresh. */
async function prepareDatabase(kind: 'sqlite' | 'mysql'): Promise<ScratchDatabase> {
  const scratch =
    kind === 'sqlite'
      ? createScratchSqlite('curbside-bench')
      : await createScratchMysql(process.env.BENCH_MYSQL_URL as string, 'curbside_bench');
  const { config, dataDir } = benchConfig(scratch.database);
  const app = await buildApp(config);
  try {
    await fillShowcase(app.services.ds, kind, SIZES);
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return scratch;
}

/**
 * The child process: the app on a filled scratch database, and the bare-Fastify baseline responding, path by path, with
 * the bytes the app responded with. Prints `READY {json}` and serves until SIGTERM, then removes the database.
 */
async function serve(database: Database): Promise<void> {
  const { config, dataDir } = benchConfig(database);
  const app = await buildApp(config);
  const baseline = Fastify({ logger: false });
  const cleanUp = async () => {
    await baseline.close();
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
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
      if (!res.ok) throw new Error(`${target.name} responded with ${res.status}`);
      const status = res.status;
      const bytes = await res.text();
      baseline.route({
        method: target.method,
        url: `/baseline/${index}`,
        handler: async (_req, reply) => reply.code(status).type('application/json; charset=utf-8').send(bytes),
      });
    }
    // What the parent asks at the end: the peak resident set while serving, and whether the tallies match the votes.
    let peakRss = process.memoryUsage.rss();
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, process.memoryUsage.rss());
    }, 50);
    sampler.unref();
    baseline.get('/bench/check', async () => ({ peakRssBytes: peakRss, ...(await checkTallies(app.services.ds)) }));
    baseline.get('/bench/memory', async () => ({
      peakRssBytes: peakRss,
      heapUsedBytes: process.memoryUsage().heapUsed,
    }));
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

interface TallyCheck {
  votes: number;
  /** (car, voter) pairs with two votes inside 24 hours: votes counted twice. */
  duplicatePairs: number;
  /** Cars whose totalVotes differs from their vote rows, and (car, month) tallies that differ from theirs. */
  carsOff: number;
  monthsOff: number;
}

/** Counts the vote rows and compares them with the stored tallies the app reads. */
async function checkTallies(ds: DataSource): Promise<TallyCheck> {
  // The leaderboard's month, as the app and the fill count it (Central time, not UTC).
  const month = centralMonthSql(ds.options.type === 'better-sqlite3' ? 'sqlite' : 'mysql', 'v.createdAt');
  const dayAgo = sqlDateParam(ds, new Date(Date.now() - 86_400_000));
  const [[votes], [duplicates], [cars], [months]] = await Promise.all([
    ds.query('SELECT COUNT(*) AS n FROM votes'),
    ds.query(
      `SELECT COUNT(*) AS n FROM (SELECT carId, ipHash FROM votes WHERE createdAt > ? GROUP BY carId, ipHash
       HAVING COUNT(*) > 1) d`,
      [dayAgo],
    ),
    ds.query(
      `SELECT COUNT(*) AS n FROM cars c LEFT JOIN (SELECT carId, COUNT(*) AS n FROM votes GROUP BY carId) v
       ON v.carId = c.id WHERE c.totalVotes <> COALESCE(v.n, 0)`,
    ),
    ds.query(
      `SELECT COUNT(*) AS n FROM (SELECT v.carId, ${month} AS month, COUNT(*) AS n FROM votes v GROUP BY v.carId, ${month}) v
       LEFT JOIN car_monthly_votes m ON m.carId = v.carId AND m.month = v.month WHERE COALESCE(m.votes, 0) <> v.n`,
    ),
  ]);
  return {
    votes: Number(votes.n),
    duplicatePairs: Number(duplicates.n),
    carsOff: Number(cars.n),
    monthsOff: Number(months.n),
  };
}

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts the serving child for one database, measures every target and its baseline, then stops the child. */
interface DatabaseResult {
  rows: Row[];
  peakRssBytes: number;
  /** Votes created (201) during the runs, and vote rows added meanwhile. */
  votesCreated: number;
  votesStored: number;
  tallies: TallyCheck;
}

async function benchDatabase(label: string, kind: 'sqlite' | 'mysql'): Promise<DatabaseResult> {
  console.log(`  ${label}: filling ${CARS.toLocaleString('en-US')} cars and ${VOTES.toLocaleString('en-US')} votes…`);
  const scratch = await prepareDatabase(kind);
  try {
    return await measureServer(label, scratch.database);
  } finally {
    await scratch.drop();
  }
}

/** Starts the serving child on the filled database, measures every target and its baseline, then stops the child. */
async function measureServer(label: string, database: Database): Promise<DatabaseResult> {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', 'scripts/bench-run.ts', 'serve'], {
    cwd: process.cwd(),
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...SERVER_ALLOCATOR.env, ...process.env, BENCH_DATABASE: JSON.stringify(database) },
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
  const check = async (): Promise<TallyCheck & { peakRssBytes: number }> =>
    (await fetch(`${ready.baselineUrl}/bench/check`)).json() as Promise<TallyCheck & { peakRssBytes: number }>;
  try {
    const rows: Row[] = [];
    const before = await check();
    let votesCreated = 0;
    for (const [index, target] of makeTargets(ready.slug, ready.carBase).entries()) {
      const runs: { base: autocannon.Result; result: autocannon.Result }[] = [];
      for (let run = 0; run < RUNS; run++) {
        const base = await measure(ready.baselineUrl, { ...target, path: `/baseline/${index}` });
        await sleep(1000);
        const result = await measure(ready.appUrl, target);
        await sleep(1000); // let the server finish what the closed connections had queued
        if (target.kind === 'vote') votesCreated += result['2xx'];
        runs.push({ base, result });
      }
      // The median run: by its ratio to the baseline run just before it (votes: by votes per second).
      const score = (run: (typeof runs)[number]) =>
        target.kind === 'vote' ? run.result.requests.average : run.result.requests.average / run.base.requests.average;
      const ranked = runs.toSorted((a, b) => score(a) - score(b));
      const median = ranked[Math.floor((ranked.length - 1) / 2)];
      if (!median) throw new Error('BENCH_RUNS must be at least 1');
      const { base, result } = median;
      // An error in any run counts.
      const errors = runs.reduce((sum, run) => sum + run.result.errors + run.result.non2xx, 0);
      const goal = targetOf(target.kind, database.kind);
      const ratio = result.requests.average / base.requests.average;
      const row: Row = {
        database: label,
        endpoint: target.name,
        rps: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        errors,
        baselineRps: base.requests.average,
        baselineP99: base.latency.p99,
        target: goal.rps ? `≥ ${goal.rps}/s` : `≥ ${(goal.ratio ?? 0) * 100}%, p99 ≤ 3×`,
        met:
          errors === 0 &&
          (goal.rps
            ? result.requests.average >= goal.rps
            : ratio >= (goal.ratio ?? 0) && result.latency.p99 <= 3 * Math.max(1, base.latency.p99)),
      };
      rows.push(row);
      const memory = (await (await fetch(`${ready.baselineUrl}/bench/memory`)).json()) as {
        peakRssBytes: number;
        heapUsedBytes: number;
      };
      const each = runs.map((run) =>
        target.kind === 'vote' ? `${Math.round(score(run))}/s` : `${(100 * score(run)).toFixed(1)}%`,
      );
      console.log(
        `  ${target.name}: ${Math.round(row.rps)} req/s, p99 ${row.p99} ms, errors ${row.errors} (baseline ${Math.round(row.baselineRps)} req/s; runs ${each.join(' ')}); ` +
          `peak RSS so far ${mb(memory.peakRssBytes)} MB, heap used ${mb(memory.heapUsedBytes)} MB`,
      );
    }
    const after = await check();
    return {
      rows,
      peakRssBytes: after.peakRssBytes,
      votesCreated,
      votesStored: after.votes - before.votes,
      tallies: after,
    };
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, sleep(30_000)]);
  }
}

function table(rows: Row[]): string {
  const lines = [
    '| Database | Endpoint | req/s | p50 ms | p99 ms | errors | bare Fastify req/s | bare p99 ms | ratio | target |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
  ];
  for (const r of rows) {
    lines.push(
      `| ${r.database} | ${r.endpoint} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.errors} | ${Math.round(r.baselineRps)} | ${r.baselineP99} | ${((r.rps / r.baselineRps) * 100).toFixed(1)}% | ${r.target} ${r.met ? '✓' : '✗'} |`,
    );
  }
  return lines.join('\n');
}

/** The lines under the table: memory and vote exactness per database; false when a check failed. */
function summary(label: string, result: DatabaseResult): { text: string; ok: boolean } {
  const rssMb = result.peakRssBytes / 1024 / 1024;
  // autocannon stops a run with up to CONNECTIONS requests in flight: the server counts them, autocannon does not.
  const inFlight = result.votesStored - result.votesCreated;
  const exact =
    inFlight >= 0 &&
    inFlight <= VOTE_ENDPOINTS * RUNS * CONNECTIONS &&
    result.tallies.duplicatePairs === 0 &&
    result.tallies.carsOff === 0 &&
    result.tallies.monthsOff === 0;
  const text = [
    `${label}: peak resident set while serving ${rssMb.toFixed(0)} MB (target < 300 MB ${rssMb < 300 ? '✓' : '✗'})`,
    `${label}: ${result.votesCreated} votes created (201) and ${inFlight} in flight when runs stopped; ` +
      `${result.votesStored} vote rows added, ${result.tallies.duplicatePairs} counted twice; cars with ` +
      `totalVotes ≠ their votes: ${result.tallies.carsOff}, monthly tallies ≠ their votes: ` +
      `${result.tallies.monthsOff} (${exact ? 'every vote counted exactly once ✓' : 'MISMATCH ✗'})`,
  ].join('\n');
  return { text, ok: exact && rssMb < 300 };
}

async function main() {
  const databases: [string, DatabaseResult][] = [['SQLite', await benchDatabase('SQLite', 'sqlite')]];
  if (process.env.BENCH_MYSQL_URL) databases.push(['MySQL/MariaDB', await benchDatabase('MySQL/MariaDB', 'mysql')]);
  else console.log('(set BENCH_MYSQL_URL=mysql://root@127.0.0.1:3306/test to measure MySQL/MariaDB too)');
  console.log(
    `\n${CARS.toLocaleString('en-US')} cars, ${VOTES.toLocaleString('en-US')} votes; autocannon ${CONNECTIONS} connections, ${SECONDS} s per run, the median of ${RUNS} runs per endpoint, ${os.cpus().length} cores; server on ${SERVER_ALLOCATOR.name}\n`,
  );
  const rows = databases.flatMap(([, result]) => result.rows);
  console.log(table(rows));
  const summaries = databases.map(([label, result]) => summary(label, result));
  console.log(`\n${summaries.map((s) => s.text).join('\n')}`);
  const allMet = rows.every((r) => r.met) && summaries.every((s) => s.ok);
  console.log(allMet ? '\nEvery target met.' : '\nSome targets missed (✗ above).');
  process.exitCode = allMet ? 0 : 1;
}

if (process.argv[1]?.endsWith('bench-run.ts')) {
  const mode = process.argv[2] === 'serve' ? serve(JSON.parse(process.env.BENCH_DATABASE as string)) : main();
  mode.catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
