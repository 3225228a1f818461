// `npm run check:sql` (also a step of `npm test`): sqlmap against the endpoints that take text or ids into a query.
//   1. Starts the production server on a fresh database with the demo data (embedded SQLite in a temporary
//      directory; DATABASE_URL=mysql://… runs it on that MySQL/MariaDB database instead, which must be empty).
//   2. Signs up a user and fills a cart line, so the cart calls run with a real session cookie on a real row.
//   3. Runs sqlmap (Debian's package; `apt-get install -y sqlmap`) in batch mode, level 3 / risk 2, every DBMS and
//      technique, on each target below, two at a time: query strings, JSON bodies, the path parameters (marked *),
//      the session cookie, User-Agent and Referer.
//   4. First of all, the same sqlmap settings must find the injection of a canary: a tiny server that puts `q`
//      straight into an SQLite query. If they do not, the check cannot find anything and says so (exit 2).
// Writes a JSON summary (default test-results/sqlmap-check.json, or --json <file>) and prints a table.
// Exit code: 0 nothing injectable and no 5xx response; 1 an injectable parameter or a 5xx response (an SQL error the
// payloads provoked); 2 the check could not run (sqlmap missing, server failure, canary not found, target not reached).
// Risk 3 (OR-based payloads, which can rewrite every row of an UPDATE) is left out on purpose.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
// The server's SQLite driver, hoisted to the root node_modules.
import Database from 'better-sqlite3';
import { killServerSync, startServer, stopServer } from './production-server.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const LEVEL = 3;
const RISK = 2;
const PARALLEL = 2;
/** A target sqlmap has not finished within this time counts as not run (each takes 5-80 s). */
const TARGET_TIMEOUT_MS = 150_000;
const SQLMAP_OPTIONS = [
  '--batch',
  '--ignore-stdin', // sqlmap reads targets from a stdin that is not a terminal
  `--level=${LEVEL}`,
  `--risk=${RISK}`,
  '--disable-coloring',
  '--skip-waf',
  '--drop-set-cookie', // keep the signed-in cookie: a refused one is cleared by the server's response
  // A payload in the session cookie is a signed-out request (401), not a reason to stop; the session is checked
  // before and after the run, so a lost session cannot pass for a clean result.
  '--ignore-code=401',
  '--flush-session',
  '--timeout=10',
  '--retries=1',
  '--time-sec=3',
];

const { values: args } = parseArgs({
  options: { json: { type: 'string' }, help: { type: 'boolean', short: 'h', default: false } },
});
if (args.help) {
  console.log('Usage: npm run check:sql -- [--json <file>]   (DATABASE_URL=mysql://… to run on MySQL/MariaDB)');
  process.exit(0);
}
// npm runs scripts from the repository root; INIT_CWD is where the command was typed.
// biome-ignore lint/suspicious/noUndeclaredEnvVars: set by npm for this script, never read by a turbo task
const reportFile = resolve(process.env.INIT_CWD ?? root, args.json ?? join(root, 'test-results/sqlmap-check.json'));
// biome-ignore lint/suspicious/noUndeclaredEnvVars: read by this script only, never by a turbo task
const sqlmapBin = process.env.SQLMAP ?? 'sqlmap';
const databaseUrl = process.env.DATABASE_URL;
const database = databaseUrl ? 'mysql' : 'sqlite';

// ---- sqlmap ----------------------------------------------------------------------------------------------------------

function sqlmapVersion() {
  const result = spawnSync(sqlmapBin, ['--version'], { encoding: 'utf8' });
  if (result.status !== 0) return null;
  return result.stdout.trim().split('\n')[0];
}

/** A raw HTTP request file for `sqlmap -r`: method, path (with * where a path parameter is injected), headers, body. */
function requestFile(dir, target, host) {
  const lines = [`${target.method} ${target.path} HTTP/1.1`, `Host: ${host}`, 'Accept: application/json'];
  if (target.cookie) lines.push(`Cookie: ${target.cookie}`);
  let body = '';
  if (target.body !== undefined) {
    body = JSON.stringify(target.body);
    lines.push('Content-Type: application/json');
  }
  const file = join(dir, `${target.name}.req`);
  writeFileSync(file, `${lines.join('\r\n')}\r\n\r\n${body}`);
  return file;
}

/** Runs sqlmap on one target; resolves with what it printed and the CSV results it wrote. */
function runSqlmap(workDir, target, host) {
  const outputDir = join(workDir, `sqlmap-${target.name}`);
  mkdirSync(outputDir);
  const sqlmapArgs = ['-r', requestFile(workDir, target, host), ...SQLMAP_OPTIONS, `--output-dir=${outputDir}`];
  const started = Date.now();
  return new Promise((done) => {
    const child = spawn(sqlmapBin, sqlmapArgs, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env } });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), TARGET_TIMEOUT_MS);
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      // sqlmap logs the injection points it found to <output dir>/<host>/log (nothing when it found none).
      const log = readdirSync(outputDir, { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && existsSync(join(outputDir, entry.name, 'log')))
        .map((entry) => readFileSync(join(outputDir, entry.name, 'log'), 'utf8'))
        .join('\n');
      done({ output, log, code, signal, seconds: Math.round((Date.now() - started) / 100) / 10 });
    });
  });
}

/** What one sqlmap run found: injectable parameters, HTTP error counts, and whether it really tested. */
function readFindings(run) {
  const injectable = [];
  // Parameter: q (GET)
  //     Type: boolean-based blind
  for (const block of run.log.split(/^Parameter: /m).slice(1)) {
    const [, parameter, place] = block.match(/^(.+) \((.+)\)/) ?? [];
    const techniques = [...block.matchAll(/^\s+Type: (.+)$/gm)].map((m) => m[1]);
    injectable.push({ place, parameter, techniques });
  }
  for (const match of run.output.matchAll(/(\S+) parameter '([^']+)' is vulnerable/g)) {
    if (!injectable.some((i) => i.parameter === match[2])) {
      injectable.push({ place: match[1], parameter: match[2], techniques: [] });
    }
  }
  const httpErrors = {};
  // "404 (Not Found) - 1 times, 400 (Bad Request) - 1483 times"
  for (const match of run.output.matchAll(/(\d{3}) \([^)]*\) - (\d+) times/g)) {
    httpErrors[match[1]] = Number(match[2]);
  }
  const tested = [...run.output.matchAll(/testing for SQL injection on (?:(.+?) )?parameter '([^']+)'/g)].map((m) =>
    m[1] ? `${m[1]} ${m[2]}` : m[2],
  );
  const problems = [];
  if (run.signal) problems.push(`sqlmap did not finish within ${TARGET_TIMEOUT_MS / 1000} s`);
  // "all tested parameters do not appear to be injectable" is the one [CRITICAL] line of a clean run.
  for (const [, message] of run.output.matchAll(/\[CRITICAL\] (.+)/g)) {
    if (!message.startsWith('all tested parameters do not appear to be injectable'))
      problems.push(`sqlmap: ${message}`);
  }
  if (tested.length === 0) problems.push('sqlmap tested no parameter');
  const serverErrors = Object.entries(httpErrors).filter(([status]) => Number(status) >= 500);
  return {
    injectable,
    httpErrors,
    tested: [...new Set(tested)],
    serverErrors: serverErrors.map(([status, n]) => `${status} × ${n}`),
    problems,
  };
}

// ---- The canary: an injectable endpoint the same settings must catch ----------------------------------------------

async function startCanary() {
  const db = new Database(':memory:');
  db.exec(
    "CREATE TABLE cars (id INTEGER PRIMARY KEY, make TEXT); INSERT INTO cars (make) VALUES ('Toyota'), ('Mazda')",
  );
  const server = createServer((req, res) => {
    const q = new URL(req.url, 'http://canary').searchParams.get('q') ?? '';
    let status = 200;
    let body;
    try {
      // Deliberately injectable: the text goes into the SQL as it is.
      body = db.prepare(`SELECT id, make FROM cars WHERE make = '${q}'`).all();
    } catch {
      status = 500; // like the real app: an unexpected error is a 5xx with no database text in it
      body = { message: 'Something went wrong on our side. Please try again.' };
    }
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  return { server, db, host: `127.0.0.1:${server.address().port}` };
}

// ---- Targets ---------------------------------------------------------------------------------------------------------

async function call(baseURL, method, path, { cookie, body } = {}) {
  const headers = { accept: 'application/json' };
  if (cookie) headers.cookie = cookie;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${baseURL}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} responded with ${response.status}: ${text.slice(0, 300)}`);
  return { json: text ? JSON.parse(text) : undefined, cookie: response.headers.getSetCookie() };
}

/** A signed-in shopper with one print in the cart, and the calls to attack. */
async function prepareTargets(baseURL) {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const registered = await call(baseURL, 'POST', '/api/register', {
    body: { username: `sqlmap${id}`, email: `sqlmap-${id}@example.com`, password: 'street-cars-42' },
  });
  const cookie = registered.cookie.map((c) => c.split(';')[0]).find((c) => c.startsWith('curbside_session='));
  if (!cookie) throw new Error('POST /api/register set no session cookie');
  const cars = (await call(baseURL, 'GET', '/api/cars?limit=100')).json;
  const car = cars.find((c) => c.images.length > 0);
  if (!car) throw new Error('the demo data has no car with photos');
  const products = (await call(baseURL, 'GET', '/api/products?limit=100')).json;
  const print = products.find((p) => !p.isMerch && p.stock > 0);
  if (!print) throw new Error('the demo data has no print in stock');
  const line = { productId: print.id, carId: car.id, imageId: car.images[0].id, quantity: 1 };
  const added = (await call(baseURL, 'POST', '/api/cart', { cookie, body: line })).json;
  const slug = encodeURIComponent(car.slug);

  const targets = [
    { name: 'cars-search', method: 'GET', path: '/api/cars/search?q=supra&limit=10' },
    { name: 'car-by-slug', method: 'GET', path: `/api/cars/${slug}*` },
    { name: 'cars-list', method: 'GET', path: '/api/cars?limit=10&offset=0&category=JDM&featured=true' },
    { name: 'car-by-id', method: 'GET', path: `/api/cars/by-id/${car.id}*` },
    { name: 'cart-list', method: 'GET', path: '/api/cart', cookie },
    { name: 'cart-add', method: 'POST', path: '/api/cart', cookie, body: line },
    // The path parameter (marked *) and, with it, the JSON body.
    { name: 'cart-update', method: 'PUT', path: `/api/cart/${added.id}*`, cookie, body: { quantity: 2 } },
  ];
  // sqlmap compares responses with the target's own: each must succeed as it is, or the run proves nothing.
  for (const target of targets) {
    await call(baseURL, target.method, target.path.replace('*', ''), { cookie: target.cookie, body: target.body });
  }
  return targets;
}

/** The shopper's session and cart line outlived the attack (else the cart targets were tested signed out). */
async function stillSignedIn(baseURL, targets) {
  const cookie = targets.find((target) => target.cookie)?.cookie;
  const cart = await call(baseURL, 'GET', '/api/cart', { cookie }).catch((error) => {
    throw new Error(`the shopper's session did not outlive the run: ${error.message}`);
  });
  if (!Array.isArray(cart.json) || cart.json.length === 0) throw new Error("the shopper's cart is empty after the run");
}

/** Runs `task` over `items`, `limit` at a time, keeping their order. */
async function pool(items, limit, task) {
  const results = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

function verdictOf(findings) {
  if (findings.injectable.length > 0 || findings.serverErrors.length > 0) return 'FOUND';
  return findings.problems.length > 0 ? 'NOT RUN' : 'clean';
}

function printTable(rows) {
  const line = (cells) => `| ${cells.join(' | ')} |`;
  console.log(line(['Target', 'Verdict', 'Parameters tested', 'HTTP errors', 'Seconds']));
  console.log(line(['---', '---', '---', '---', '---:']));
  for (const row of rows) {
    const errors = Object.entries(row.httpErrors)
      .map(([status, n]) => `${status}×${n}`)
      .join(' ');
    console.log(
      line([
        `${row.name} (${row.method} ${row.path})`,
        row.verdict,
        row.tested.join(', ') || '-',
        errors || '-',
        row.seconds,
      ]),
    );
  }
}

// ---- Main ------------------------------------------------------------------------------------------------------------

const workDir = mkdtempSync(join(tmpdir(), 'curbside-sqlmap-'));
let server;
let canary;
process.on('exit', () => {
  killServerSync(server);
  rmSync(workDir, { recursive: true, force: true });
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.once(signal, async () => {
    await stopServer(server).catch(() => {});
    process.exit(2);
  });
}

const started = Date.now();
let exitCode = 2;
const summary = {
  date: new Date().toISOString(),
  sqlmap: null,
  database,
  level: LEVEL,
  risk: RISK,
  options: SQLMAP_OPTIONS,
  seconds: null,
  verdict: 'NOT RUN',
  canary: null,
  targets: [],
  error: null,
};
try {
  summary.sqlmap = sqlmapVersion();
  if (!summary.sqlmap) throw new Error(`${sqlmapBin} is not installed: apt-get install -y sqlmap`);
  console.log(`sqlmap ${summary.sqlmap}, level ${LEVEL}, risk ${RISK}, on ${database}`);
  mkdirSync(join(workDir, 'data'));
  canary = await startCanary();
  const canaryRun = runSqlmap(workDir, { name: 'canary', method: 'GET', path: '/cars?q=Toyota' }, canary.host);
  console.log('Starting the production server with the demo data...');
  server = await startServer({
    dataDir: join(workDir, 'data'),
    // The API alone: no client build needed, none read while a build may be writing it.
    env: { CLIENT_DIST: join(workDir, 'no-client') },
    readyPath: '/api/openapi.json',
  });
  const targets = await prepareTargets(server.baseURL);
  const host = new URL(server.baseURL).host;
  const runs = await pool(targets, PARALLEL, async (target) => {
    const run = await runSqlmap(workDir, target, host);
    const { cookie, ...shown } = target; // the summary names the call, not the session
    const row = { ...shown, signedIn: Boolean(cookie), ...readFindings(run), seconds: run.seconds };
    row.verdict = verdictOf(row);
    // sqlmap's last words when the target was not clean, to see why without running it again.
    if (row.verdict !== 'clean') row.sqlmapOutputTail = run.output.slice(-4000);
    return row;
  });
  await stillSignedIn(server.baseURL, targets);
  const canaryResult = await canaryRun;
  const canaryFindings = readFindings(canaryResult);
  // Both detectors must fire on the canary: the injection sqlmap confirms, and the 5xx its SQL errors cause.
  const canaryCaught = canaryFindings.injectable.length > 0 && canaryFindings.serverErrors.length > 0;
  summary.canary = {
    caught: canaryCaught,
    injectable: canaryFindings.injectable,
    serverErrors: canaryFindings.serverErrors,
    seconds: canaryResult.seconds,
    problems: canaryFindings.problems,
  };
  summary.targets = runs;
  if (!server.running()) throw new Error(`the server exited during the run:\n${server.output()}`);

  console.log('');
  printTable(summary.targets);
  const found = summary.targets.filter((row) => row.verdict === 'FOUND');
  const notRun = summary.targets.filter((row) => row.verdict === 'NOT RUN');
  for (const row of found) {
    for (const i of row.injectable)
      console.log(`\n✗ ${row.name}: ${i.place} parameter '${i.parameter}' (${i.techniques.join(', ')})`);
    if (row.serverErrors.length) console.log(`\n✗ ${row.name}: server errors ${row.serverErrors.join(', ')}`);
  }
  for (const row of notRun) console.log(`\n? ${row.name}: ${row.problems.join('; ')}`);
  if (canaryCaught) {
    const techniques = canaryFindings.injectable.flatMap((i) => i.techniques).join(', ');
    console.log(`\nCanary caught as it must be: ${techniques}; ${canaryFindings.serverErrors.join(', ')}.`);
  } else {
    console.log('\n? canary: these settings did not catch a plain injection and its 5xx responses:');
    console.log(`  ${JSON.stringify(summary.canary)}`);
  }
  if (found.length > 0) {
    summary.verdict = 'FOUND';
    exitCode = 1;
  } else if (notRun.length > 0 || !canaryCaught) {
    summary.verdict = 'NOT RUN';
    exitCode = 2;
  } else {
    summary.verdict = 'clean';
    exitCode = 0;
  }
} catch (error) {
  summary.error = error instanceof Error ? error.message : String(error);
  console.error(`\nsqlmap-check: ${summary.error}`);
  exitCode = 2;
} finally {
  canary?.server.close();
  canary?.db.close();
  await stopServer(server).catch(() => {});
}
summary.seconds = Math.round((Date.now() - started) / 1000);
mkdirSync(dirname(reportFile), { recursive: true });
writeFileSync(reportFile, `${JSON.stringify(summary, null, 2)}\n`);
const verdicts = { clean: 'nothing injectable', FOUND: 'INJECTABLE or 5xx found', 'NOT RUN': 'could not run' };
console.log(`\nsqlmap check: ${verdicts[summary.verdict]} in ${summary.seconds} s; summary in ${reportFile}`);
process.exit(exitCode);
