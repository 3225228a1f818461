// How long the compiled server takes to start: from the process's launch to the first 200 on `/`, as `npm start`
// runs it (server/dist/main.js with the start script's node flags), on a fresh database with the demo data (the first
// start: migrations, demo pictures and rows) and then again on the same data (a restart). docs/performance.md,
// "Start-up", has the figures and what the time goes to.
//
//   node scripts/startup-bench.mjs                      # embedded SQLite: one first start, three restarts
//   node scripts/startup-bench.mjs --restarts 5
//   node scripts/startup-bench.mjs --mysql mysql://root@127.0.0.1:3306   # also on MariaDB/MySQL, in a scratch database
//   node scripts/startup-bench.mjs --no-build           # use server/dist and client/dist as they are
//   node scripts/startup-bench.mjs --no-warm-up         # SERVER_RENDER_WARM_UP=false: no render right after listening
//
// Builds the server first (under a second) unless --no-build; the client must have been built (`npm run build`).
// Prints, per start: when each phase ended (the server logs them: server/src/ops/startup.ts), the first 200 on `/`,
// the CPU time the server had used by then (all threads), the RSS then, and the host's load average, which moves the
// wall times a lot on a shared machine (the CPU time much less). Then, once the warm-up render after listening is done
// (server/src/ops/warm-up.ts; or 3 s after the first 200 without it), the first render of another page
// (/gallery?q=…, which nothing rendered before): its wall time and the server CPU it took. Figures only: nothing here
// fails on time.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildServer, demoSiteEnv, freePort, sleep } from './production-server.mjs';

/** Linux's USER_HZ, the unit of /proc/<pid>/stat's CPU times. */
const CLOCK_TICKS = 100;

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { values: args } = parseArgs({
  options: {
    restarts: { type: 'string', default: '3' },
    mysql: { type: 'string' },
    'no-build': { type: 'boolean', default: false },
    'no-warm-up': { type: 'boolean', default: false },
  },
});
const restarts = Number(args.restarts);

/** `node <flags> dist/main.js`, as server/package.json's start script says. */
function startCommand() {
  const script = JSON.parse(readFileSync(join(root, 'server/package.json'), 'utf8')).scripts.start;
  const words = script.split(/\s+/);
  if (words[0] !== 'node') throw new Error(`server/package.json's start script is not "node …": ${script}`);
  return words.slice(1);
}

const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' / ');

/** Starts the server once and times it; stops it (SIGTERM) once `/` answered. */
async function timeOneStart({ dataDir, env }) {
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const loadBefore = load();
  const started = performance.now();
  const child = spawn(process.execPath, startCommand(), {
    cwd: join(root, 'server'),
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      ...demoSiteEnv({ port, dataDir, secret: 'startup-bench-session-secret-of-32-chars' }),
      LOG_LEVEL: 'info',
      ...(args['no-warm-up'] ? { SERVER_RENDER_WARM_UP: 'false' } : {}),
      ...env,
    },
  });
  let output = '';
  let listening;
  let phases;
  child.stdout.on('data', (chunk) => {
    output += chunk;
    if (listening !== undefined) return;
    const line = output.split('\n').find((text) => text.includes(' is running at '));
    if (!line) return;
    listening = performance.now() - started;
    phases = JSON.parse(line).startupMs; // server/src/ops/startup.ts
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  let exited;
  child.once('exit', (code, signal) => {
    exited = code ?? signal;
  });
  try {
    for (;;) {
      if (exited !== undefined) throw new Error(`the server exited (${exited}) before answering:\n${output}`);
      if (performance.now() - started > 180_000) throw new Error(`no 200 on / within 180 s:\n${output}`);
      try {
        const response = await fetch(`${baseURL}/`, { signal: AbortSignal.timeout(5_000) });
        await response.arrayBuffer();
        if (response.status === 200) break;
      } catch {
        // not listening yet
      }
      await sleep(20);
    }
    const firstOk = performance.now() - started;
    const rss = Number(readFileSync(`/proc/${child.pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024;
    // CPU time the server used (all its threads, user + system), which a busy host moves much less than the wall time.
    const cpuNow = () => {
      const stat = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      return ((Number(stat[11]) + Number(stat[12])) / CLOCK_TICKS) * 1000;
    };
    const cpu = cpuNow();
    const loadAfter = load();
    // The first render of a page nothing rendered yet, once the warm-up (if any) is over.
    const warmUpDone = () => output.includes('warm-up render done') || output.includes('warm-up render failed');
    const waitFrom = performance.now();
    while (args['no-warm-up'] ? performance.now() - waitFrom < 3_000 : !warmUpDone()) {
      if (performance.now() - waitFrom > 120_000) throw new Error(`no warm-up render within 120 s:\n${output}`);
      await sleep(50);
    }
    const warmUpLine = output.split('\n').find((text) => text.includes('warm-up render done'));
    if (warmUpLine) phases = { ...phases, ...JSON.parse(warmUpLine).startupMs };
    const cpuBefore = cpuNow();
    const otherStarted = performance.now();
    const other = await fetch(`${baseURL}/gallery?q=startup${Date.now()}`);
    const otherHtml = await other.text();
    const otherPage = {
      ms: performance.now() - otherStarted,
      cpu: cpuNow() - cpuBefore,
      rendered: other.status === 200 && !otherHtml.includes('<div id="root"></div>'),
    };
    return { listening, phases, firstOk, rss, cpu, loadBefore, loadAfter, otherPage };
  } finally {
    if (exited === undefined) {
      const gone = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await Promise.race([gone, sleep(15_000)]);
      if (exited === undefined) child.kill('SIGKILL');
    }
  }
}

const seconds = (ms) => (ms === undefined ? '–' : `${(ms / 1000).toFixed(2)} s`);

async function bench(label, env, cleanUp) {
  const dataDir = mkdtempSync(join(tmpdir(), 'curbside-startup-'));
  console.log(`\n${label}`);
  console.log(
    '| start | modules loaded | database migrated | data ready | routes | listening | first 200 on / | CPU used | RSS | load average (1/5/15 min) before → after | warm-up done | first render of another page: wall / server CPU |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: |');
  try {
    for (let run = 0; run <= restarts; run++) {
      const r = await timeOneStart({ dataDir, env });
      const name = run === 0 ? 'first (fresh database)' : `restart ${run}`;
      const phase = (key) => seconds(r.phases?.[key]);
      console.log(
        `| ${name} | ${phase('modulesLoaded')} | ${phase('databaseMigrated')} | ${phase('dataReady')} | ${phase('routesRegistered')} | ${seconds(r.listening)} | ${seconds(r.firstOk)} | ${seconds(r.cpu)} | ${Math.round(r.rss)} MB | ${r.loadBefore} → ${r.loadAfter} | ${phase('warmedUp')} | ${Math.round(r.otherPage.ms)} ms / ${Math.round(r.otherPage.cpu)} ms${r.otherPage.rendered ? '' : ' (not rendered)'} |`,
      );
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await cleanUp?.();
  }
}

if (!args['no-build']) buildServer();
await bench('Embedded SQLite (DATA_DIR in a fresh temporary folder)', {});

if (args.mysql) {
  // A scratch database of its own on that server, dropped afterwards.
  const { createConnection } = (await import('mysql2/promise')).default;
  const server = new URL(args.mysql);
  const name = `curbside_startup_${process.pid}`;
  server.pathname = '/';
  const admin = await createConnection(server.toString());
  await admin.query(`CREATE DATABASE \`${name}\``);
  const url = new URL(server);
  url.pathname = `/${name}`;
  await bench(`MariaDB/MySQL (a scratch database, ${name})`, { DATABASE_URL: url.toString() }, async () => {
    await admin.query(`DROP DATABASE IF EXISTS \`${name}\``);
    await admin.end();
  });
}
