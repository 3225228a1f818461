// npm run bench (via bench.ts): throughput of the showcase's hot calls on a large database, against a bare-Fastify baseline.
//
// For the embedded SQLite database (always) and MySQL/MariaDB (when BENCH_MYSQL_URL is set, e.g.
// mysql://root@127.0.0.1:3306/test; a scratch database named curbside_bench_* is created there and dropped after):
//   1. build the app on a fresh, migrated database and fill it with 10,000 cars (2 photos each, 100 owners) and
//      1,000,000 votes over the last 60 days, with bulk multi-row INSERTs; the tallies are then derived in SQL;
//   2. start the production server (server/dist/main.js, built from the current sources) on it, as production starts
//      it, and in a process of its own a bare Fastify route for each endpoint responding with the very same bytes;
//   3. run autocannon against the app on 127.0.0.1 for each endpoint, each run right after one against its bare route,
//      BENCH_RUNS times (default 3), and print the median run's requests/s, p50, p99, errors (of every run) and the
//      ratio app / baseline; then the server's peak resident set and a check of every vote.
// Each endpoint is measured under two shapes of traffic (BENCH_TRAFFIC=new|repeat|both, default both): new visitors,
// a client address never seen before on every request (the hostile shape: no memo, every visitor's first request),
// and repeat visitors, each request from one of 2,000 visitors (the realistic shape: most requests from an address
// seen before). The reads run before the votes, so no reader has a vote inside its cooldown: every read may be
// answered from the read cache (a recent voter gets car responses computed for them, hasVoted being theirs).
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
import { createDataSource } from '../src/db/data-source';
import { createScratchMysql } from '../src/db/scratch-database';
import { centralMonthSql, sqlDateParam } from '../src/db/sql-dates';
import {
  buildProductionServer,
  cpuTimeMicros,
  type MeasuredServer,
  resetPeakResidentSet,
  residentSet,
  SERVER_ALLOCATOR,
  SERVER_NODE_FLAGS,
  startProductionServer,
} from './measured-server';
import { fillShowcase, type ShowcaseSizes } from './showcase-data';

/** What the bench fills: a site at the scale its targets are set for. */
const SIZES: ShowcaseSizes = { cars: 10_000, votes: 1_000_000, owners: 100, days: 60 };
const { cars: CARS, votes: VOTES } = SIZES;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/**
 * Runs per endpoint, each right after a run of its baseline; the median one is reported. On these virtual machines a
 * single 5-second run moves by up to a fifth with the host's speed (the REST and tRPC reads of one car, the same code,
 * once at 52% and 33% of their bare routes in one bench), enough to flip a ratio target either way.
 */
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** Endpoints that cast votes (REST and tRPC). */
const VOTE_ENDPOINTS = 2;
/** The repeat visitors: fewer than the server's memo of 10,000 address hashes, more than the 50 connections. */
const VISITORS = 2_000;

type Traffic = 'new' | 'repeat';
const TRAFFIC_LABEL: Record<Traffic, string> = { new: 'new visitors', repeat: 'repeat visitors' };
const TRAFFIC: Traffic[] = (() => {
  const shape = process.env.BENCH_TRAFFIC ?? 'both';
  if (shape === 'both') return ['new', 'repeat'];
  if (shape === 'new' || shape === 'repeat') return [shape];
  throw new Error(`BENCH_TRAFFIC must be new, repeat or both, not ${shape}`);
})();

interface Row {
  database: string;
  endpoint: string;
  traffic: Traffic;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  baselineRps: number;
  baselineP99: number;
  /** The server's CPU time (every thread) per request of the reported run, in µs: moves less with the host's speed. */
  cpuMicros: number;
  /** The target for this row (docs/performance.md), e.g. '≥ 50%' or '≥ 2000/s', and whether it was met. */
  target: string;
  met: boolean;
}

interface Target {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  /** POST: the body of a vote for the car-th car (0 ≤ car < CARS). */
  body?: (car: number) => string;
  /** 'rest' and 'trpc' reads are held to a share of the baseline; 'vote' to votes per second. */
  kind: 'rest' | 'trpc' | 'vote';
}

/** The server's targets (docs/performance.md), per kind of call and database. */
function targetOf(kind: Target['kind'], database: 'sqlite' | 'mysql'): { ratio?: number; rps?: number } {
  if (kind === 'vote') return { rps: 2000 };
  if (kind === 'trpc') return { ratio: 0.3 };
  return { ratio: database === 'sqlite' ? 0.5 : 0.4 };
}

/** Requests of new visitors sent so far, across runs: the n-th gets its own client address (and a car by n). */
let sent = 0;
/** Votes (bodies) each repeat visitor has sent so far, across runs and endpoints. */
const votesBy = new Uint32Array(VISITORS);

/** Who sends the next request: its address (the first X-Forwarded-For hop) and the car its vote would go to. */
function nextVisitor(traffic: Traffic): { address: string; car(): number } {
  if (traffic === 'new') {
    const n = ++sent;
    // Its own IPv6 /64 in the documentation range, 2001:db8:0… upwards.
    return { address: `2001:db8:${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}::1`, car: () => n % CARS };
  }
  // A visitor at random, as they come back at uneven intervals; their /64s (2001:db8:eeee:…) are out of the new
  // visitors' reach. A visitor who voted for a car is refused it again for 24 hours, so visitor v's k-th vote goes to
  // car (v * 7919 + k) mod CARS, a car v has not voted for while k < CARS (the baseline runs count too, and a default
  // run stays far below), and every vote is counted, as the check after the runs expects.
  const v = Math.floor(Math.random() * VISITORS);
  return {
    address: `2001:db8:eeee:${v.toString(16)}::1`,
    car: () => {
      const k = votesBy[v] ?? 0;
      votesBy[v] = k + 1;
      return (v * 7919 + k) % CARS;
    },
  };
}

async function measure(url: string, target: Target, traffic: Traffic): Promise<autocannon.Result> {
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
          // The client's address as the first X-Forwarded-For hop (TRUST_PROXY). Only a header: every connection
          // goes to 127.0.0.1.
          const visitor = nextVisitor(traffic);
          const headers = { ...req.headers, 'x-forwarded-for': visitor.address };
          return target.body ? { ...req, headers, body: target.body(visitor.car()) } : { ...req, headers };
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
  const voteBody = (car: number) => JSON.stringify({ carId: carBase + car });
  // As the browser's client sends them: httpLink, one call per request.
  const trpcInput = (input: unknown) => `?input=${encodeURIComponent(JSON.stringify(input))}`;
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
      path: '/trpc/votes.cast',
      body: voteBody,
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

/**
 * The app's configuration as production gives it behind a proxy, as its environment: on MySQL/MariaDB at `mysqlUrl`,
 * else on SQLite in `dataDir` (DATA_DIR/curbside.sqlite).
 */
export function serverEnv(dataDir: string, mysqlUrl: string | undefined): Record<string, string> {
  return {
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    ...(mysqlUrl ? { DATABASE_URL: mysqlUrl } : {}),
    SESSION_SECRET: randomBytes(32).toString('hex'),
    SEED_DEMO: 'false',
    ALLOW_TEST_PAYMENTS_IN_PRODUCTION: 'true',
    PUBLIC_URL: 'http://127.0.0.1',
    ALLOW_HTTP_PUBLIC_URL: 'true',
    ALLOW_OUTBOX_MAIL_IN_PRODUCTION: 'true',
    LOG_LEVEL: 'silent',
    TRUST_PROXY: 'true',
  };
}

/** Migrates and fills the database of `env` in this (the measuring) process, so the server starts on it fresh. */
async function fillDatabase(env: Record<string, string>, kind: 'sqlite' | 'mysql'): Promise<Config> {
  const config = loadConfig(env);
  const app = await buildApp(config);
  try {
    await fillShowcase(app.services.ds, kind, SIZES);
  } finally {
    await app.close();
  }
  return config;
}

/**
 * The baseline child: a bare Fastify responding, path by path, with the bytes the app responded with. Prints
 * `READY {json}` and serves until SIGTERM.
 */
async function serveBaseline(appUrl: string, slug: string, carBase: number): Promise<void> {
  const baseline = Fastify({ logger: false });
  for (const [index, target] of makeTargets(slug, carBase).entries()) {
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
  const baselineUrl = await listen(baseline);
  console.log(`READY ${JSON.stringify({ baselineUrl })}`);
  process.once('SIGTERM', () => {
    baseline.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}

/** Starts the baseline child (with the server's Node flags and allocator) and resolves to its URL. */
async function startBaseline(app: Omit<Ready, 'baselineUrl'>): Promise<{ url: string; stop(): Promise<void> }> {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', 'scripts/bench-run.ts', 'baseline'], {
    cwd: process.cwd(),
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...SERVER_ALLOCATOR.env, ...process.env, BENCH_APP: JSON.stringify(app) },
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = await new Promise<string>((resolve, reject) => {
    let buffered = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const ready = /^READY (.*)$/m.exec(buffered);
      if (ready?.[1]) resolve((JSON.parse(ready[1]) as { baselineUrl: string }).baselineUrl);
    });
    child.once('exit', (code) => reject(new Error(`the baseline stopped (${code})`)));
  });
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(10_000)]);
    },
  };
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

async function benchDatabase(label: string, kind: 'sqlite' | 'mysql', bundle: string): Promise<DatabaseResult> {
  console.log(`  ${label}: filling ${CARS.toLocaleString('en-US')} cars and ${VOTES.toLocaleString('en-US')} votes…`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'curbside-bench-'));
  const scratch =
    kind === 'mysql' ? await createScratchMysql(process.env.BENCH_MYSQL_URL as string, 'curbside_bench') : undefined;
  try {
    const env = serverEnv(dataDir, scratch?.database.kind === 'mysql' ? scratch.database.url : undefined);
    const config = await fillDatabase(env, kind);
    return await measureServer(label, bundle, env, config.database);
  } finally {
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Starts the production server and the baseline on the filled database, measures every target and its baseline, then
 * stops both. The vote check reads the database beside the server.
 */
async function measureServer(
  label: string,
  bundle: string,
  env: Record<string, string>,
  database: Database,
): Promise<DatabaseResult> {
  const ds = await createDataSource(database);
  await ds.initialize();
  let server: MeasuredServer | undefined;
  let baseline: Awaited<ReturnType<typeof startBaseline>> | undefined;
  try {
    server = await startProductionServer(bundle, env);
    const serverPid = server.pid;
    const [middle] = await ds.query(`SELECT slug FROM cars WHERE slug = 'bench-car-5000'`);
    const [first] = await ds.query('SELECT MIN(id) AS id FROM cars');
    const app = { appUrl: server.url, slug: middle.slug as string, carBase: Number(first.id) };
    baseline = await startBaseline(app);
    const ready: Ready = { ...app, baselineUrl: baseline.url };
    // The peak resident set while serving: start-up (reading the vote index, the first requests) is not serving.
    resetPeakResidentSet(serverPid);
    const check = async (): Promise<TallyCheck & { peakRssBytes: number }> => ({
      peakRssBytes: residentSet(serverPid).peakBytes,
      ...(await checkTallies(ds)),
    });
    const rows: Row[] = [];
    const before = await check();
    let votesCreated = 0;
    for (const [index, target] of makeTargets(ready.slug, ready.carBase).entries())
      for (const traffic of TRAFFIC) {
        const runs: { base: autocannon.Result; result: autocannon.Result; cpuMicros: number }[] = [];
        for (let run = 0; run < RUNS; run++) {
          const base = await measure(ready.baselineUrl, { ...target, path: `/baseline/${index}` }, traffic);
          await sleep(1000);
          const cpuBefore = cpuTimeMicros(serverPid);
          const result = await measure(ready.appUrl, target, traffic);
          await sleep(1000); // let the server finish what the closed connections had queued
          const cpuMicros = (cpuTimeMicros(serverPid) - cpuBefore) / Math.max(1, result.requests.total);
          if (target.kind === 'vote') votesCreated += result['2xx'];
          runs.push({ base, result, cpuMicros });
        }
        // The median run: by its ratio to the baseline run just before it (votes: by votes per second).
        const score = (run: (typeof runs)[number]) =>
          target.kind === 'vote'
            ? run.result.requests.average
            : run.result.requests.average / run.base.requests.average;
        const ranked = runs.toSorted((a, b) => score(a) - score(b));
        const median = ranked[Math.floor((ranked.length - 1) / 2)];
        if (!median) throw new Error('BENCH_RUNS must be at least 1');
        const { base, result, cpuMicros } = median;
        // An error in any run counts.
        const errors = runs.reduce((sum, run) => sum + run.result.errors + run.result.non2xx, 0);
        const goal = targetOf(target.kind, database.kind);
        const ratio = result.requests.average / base.requests.average;
        const row: Row = {
          database: label,
          endpoint: target.name,
          traffic,
          rps: result.requests.average,
          p50: result.latency.p50,
          p99: result.latency.p99,
          errors,
          baselineRps: base.requests.average,
          baselineP99: base.latency.p99,
          cpuMicros,
          target: goal.rps ? `≥ ${goal.rps}/s` : `≥ ${(goal.ratio ?? 0) * 100}%, p99 ≤ 3×`,
          met:
            errors === 0 &&
            (goal.rps
              ? result.requests.average >= goal.rps
              : ratio >= (goal.ratio ?? 0) && result.latency.p99 <= 3 * Math.max(1, base.latency.p99)),
        };
        rows.push(row);
        const memory = residentSet(serverPid);
        const each = runs.map((run) =>
          target.kind === 'vote' ? `${Math.round(score(run))}/s` : `${(100 * score(run)).toFixed(1)}%`,
        );
        console.log(
          `  ${target.name}, ${TRAFFIC_LABEL[traffic]}: ${Math.round(row.rps)} req/s, p99 ${row.p99} ms, errors ${row.errors}, server CPU ${Math.round(cpuMicros)} µs/request (baseline ${Math.round(row.baselineRps)} req/s; runs ${each.join(' ')}); ` +
            `resident set ${mb(memory.bytes)} MB, peak so far ${mb(memory.peakBytes)} MB`,
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
    await baseline?.stop();
    await server?.stop();
    await ds.destroy();
  }
}

function table(rows: Row[]): string {
  const lines = [
    '| Database | Endpoint | traffic | req/s | p50 ms | p99 ms | errors | server CPU µs/req | bare Fastify req/s | bare p99 ms | ratio | target |',
    '| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
  ];
  for (const r of rows) {
    lines.push(
      `| ${r.database} | ${r.endpoint} | ${TRAFFIC_LABEL[r.traffic]} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.errors} | ${Math.round(r.cpuMicros)} | ${Math.round(r.baselineRps)} | ${r.baselineP99} | ${((r.rps / r.baselineRps) * 100).toFixed(1)}% | ${r.target} ${r.met ? '✓' : '✗'} |`,
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
    inFlight <= VOTE_ENDPOINTS * TRAFFIC.length * RUNS * CONNECTIONS &&
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
  const bundle = buildProductionServer();
  const databases: [string, DatabaseResult][] = [['SQLite', await benchDatabase('SQLite', 'sqlite', bundle)]];
  if (process.env.BENCH_MYSQL_URL) {
    databases.push(['MySQL/MariaDB', await benchDatabase('MySQL/MariaDB', 'mysql', bundle)]);
  } else console.log('(set BENCH_MYSQL_URL=mysql://root@127.0.0.1:3306/test to measure MySQL/MariaDB too)');
  console.log(
    `\n${CARS.toLocaleString('en-US')} cars, ${VOTES.toLocaleString('en-US')} votes; autocannon ${CONNECTIONS} connections, ${SECONDS} s per run, the median of ${RUNS} runs per endpoint and traffic (new visitors: a new address per request; repeat visitors: ${VISITORS.toLocaleString('en-US')} addresses), ${os.cpus().length} cores; server: the production bundle on ${SERVER_ALLOCATOR.name}\n`,
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
  const app = process.argv[2] === 'baseline' ? (JSON.parse(process.env.BENCH_APP as string) as Ready) : undefined;
  const mode = app ? serveBaseline(app.appUrl, app.slug, app.carBase) : main();
  mode.catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
