/**
 * The ranking's costs at size: the leaderboard's latency for a new visitor and for a recent voter, and the server's
 * CPU per landing page for each, on the production server over a database of RANKING_CARS cars (default 100,000)
 * with ten votes per car over 120 days.
 *
 *   node --import tsx server/scripts/ranking-bench.ts <sqlite|mysql>
 *
 * MySQL/MariaDB: a scratch database on BENCH_MYSQL_URL (default mysql://root@127.0.0.1:3306). The client must be built
 * (`npm run build -w client`): the landing pages are rendered from it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createScratchMysql } from '../src/db/scratch-database';
import { serverEnv } from './bench-run';
import { buildProductionServer, cpuTimeMicros, startProductionServer } from './measured-server';
import { fillShowcase } from './showcase-data';

const kind = process.argv[2] === 'mysql' ? 'mysql' : 'sqlite';
const CARS = Number(process.env.RANKING_CARS ?? 100_000);
const REPEAT = 7;
const PAGE_REPEAT = 20;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
let address = 0;
const newVisitor = () => `2001:db8:${(++address).toString(16)}::1`;
const VOTER = '198.51.100.7';

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'curbside-ranking-'));
  const scratch =
    kind === 'mysql'
      ? await createScratchMysql(process.env.BENCH_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306', 'curbside_rank')
      : null;
  const env = serverEnv(dataDir, scratch && scratch.database.kind === 'mysql' ? scratch.database.url : undefined);
  try {
    const filling = await buildApp(loadConfig(env));
    try {
      await fillShowcase(filling.services.ds, kind, { cars: CARS, votes: CARS * 10, owners: 1_000, days: 120 });
    } finally {
      await filling.close();
    }
    const server = await startProductionServer(buildProductionServer(), env);
    try {
      await measure(server.url, server.pid);
    } finally {
      await server.stop();
    }
  } finally {
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function get(url: string, ip: string): Promise<{ ms: number; status: number; body: string }> {
  const started = performance.now();
  const res = await fetch(url, { headers: { 'x-forwarded-for': ip, 'accept-encoding': 'br, gzip' } });
  const body = await res.text();
  return { ms: performance.now() - started, status: res.status, body };
}

async function measure(base: string, pid: number) {
  const [leader] = JSON.parse((await get(`${base}/api/cars/top?period=month&limit=1`, newVisitor())).body);
  const voted = await fetch(`${base}/api/votes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': VOTER },
    body: JSON.stringify({ carId: leader.id }),
  });
  if (voted.status !== 201) throw new Error(`the vote was refused: ${voted.status}`);
  console.log(`\n${kind}, ${CARS.toLocaleString('en-US')} cars; the recent voter voted for #1 of the month`);

  // Leaderboard reads no cache answers: each request asks for another length of list (a key of its own).
  let limit = 21;
  for (const period of ['month', 'all']) {
    for (const [who, ip] of [
      ['new visitor', newVisitor],
      ['recent voter', () => VOTER],
    ] as const) {
      const times: number[] = [];
      const cpu = cpuTimeMicros(pid);
      for (let i = 0; i < REPEAT; i++) {
        const res = await get(`${base}/api/cars/top?period=${period}&limit=${--limit}`, ip());
        if (res.status !== 200) throw new Error(`GET /api/cars/top: ${res.status}`);
        times.push(res.ms);
        if (limit === 1) limit = 21;
      }
      const cpuMs = (cpuTimeMicros(pid) - cpu) / REPEAT / 1000;
      console.log(
        `| GET /api/cars/top?period=${period}, uncached | ${who} | ${median(times).toFixed(1)} ms | ${cpuMs.toFixed(1)} ms |`,
      );
    }
  }
  // The recent voter again, while the list is in the read cache.
  for (const period of ['month', 'all']) {
    const times: number[] = [];
    await get(`${base}/api/cars/top?period=${period}&limit=20`, newVisitor());
    const cpu = cpuTimeMicros(pid);
    for (let i = 0; i < REPEAT; i++)
      times.push((await get(`${base}/api/cars/top?period=${period}&limit=20`, VOTER)).ms);
    const cpuMs = (cpuTimeMicros(pid) - cpu) / REPEAT / 1000;
    console.log(
      `| GET /api/cars/top?period=${period}, cached list | recent voter | ${median(times).toFixed(1)} ms | ${cpuMs.toFixed(1)} ms |`,
    );
  }

  // Landing pages: the server's CPU per page, the recent voter against new visitors (the kept page).
  for (const page of ['/', '/leaderboard', `/cars/${leader.slug}`, '/gallery']) {
    for (const [who, ip] of [
      ['new visitor', newVisitor],
      ['recent voter', () => VOTER],
    ] as const) {
      await get(base + page, ip());
      const times: number[] = [];
      const cpu = cpuTimeMicros(pid);
      for (let i = 0; i < PAGE_REPEAT; i++) {
        const res = await get(base + page, ip());
        if (res.status !== 200) throw new Error(`GET ${page}: ${res.status}`);
        if (who === 'recent voter' && page.startsWith('/cars/') && i === 0) {
          const marked = res.body.includes('id="viewer-votes"');
          console.log(
            `  (the voter's car page: "Already Voted" in its markup ${res.body.includes('Already Voted')}, marked ${marked})`,
          );
        }
        times.push(res.ms);
      }
      const cpuMs = (cpuTimeMicros(pid) - cpu) / PAGE_REPEAT / 1000;
      console.log(
        `| ${page.startsWith('/cars/') ? '/cars/{slug}' : page} | ${who} | ${median(times).toFixed(1)} ms | ${cpuMs.toFixed(1)} ms |`,
      );
    }
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
