import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// How the bench and the soak start the server they measure: as production starts it.

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Node's flags of the server as production gives them (server/package.json `start`, docker/Dockerfile; a test holds
 * the three alike). A young generation of 3 x 8 MB instead of 3 x 16 MB, and an old generation let grow by half
 * between full collections instead of up to four times (V8's factor under a busy mutator): without them the resident
 * set passed 300 MB under load, made of garbage not yet collected. 3 x 4 MB held less still, but its scavenges cost
 * the votes 15-20% of the server's CPU (docs/performance.md, "Tried and did not help").
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=8', '--heap-growing-percent=50'];

/**
 * The server's malloc, as the Docker image sets it (docker/Dockerfile): jemalloc through LD_PRELOAD when the system
 * has it (Debian: libjemalloc2). glibc's malloc keeps memory the app has freed: in the SQLite soak its arenas held
 * 214 MB for 30 MB in use, which malloc_trim(0) gave back (docs/reliability.md). Without jemalloc, glibc with two
 * arenas. SERVER_ALLOCATOR=glibc forces glibc, to compare.
 */
export const SERVER_ALLOCATOR = ((): { name: string; env: Record<string, string> } => {
  const jemalloc = [
    '/usr/local/lib/libjemalloc.so.2',
    '/usr/lib/x86_64-linux-gnu/libjemalloc.so.2',
    '/usr/lib/aarch64-linux-gnu/libjemalloc.so.2',
  ].find((file) => existsSync(file));
  if (jemalloc && process.env.SERVER_ALLOCATOR !== 'glibc') return { name: 'jemalloc', env: { LD_PRELOAD: jemalloc } };
  return { name: 'glibc malloc, MALLOC_ARENA_MAX=2', env: { MALLOC_ARENA_MAX: '2' } };
})();

/**
 * Builds the production bundle, server/dist/main.js, from the current sources (esbuild, a few seconds): the server
 * `npm start` and the Docker image run, so a measurement is of what ships. Builds the client first when it is not
 * built yet.
 */
export function buildProductionServer(): string {
  // The server-rendered pages need the built client; a fresh clone has none (the server would answer them 404).
  if (!existsSync(path.join(serverDir, '..', 'client', 'dist', 'index.html'))) {
    const client = spawnSync('npm', ['run', 'build'], {
      cwd: path.join(serverDir, '..'),
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (client.status !== 0) throw new Error('Building the client (npm run build) failed');
  }
  const built = spawnSync(process.execPath, ['scripts/build.mjs'], {
    cwd: serverDir,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (built.status !== 0) throw new Error('Building the server (server/scripts/build.mjs) failed');
  return path.join(serverDir, 'dist', 'main.js');
}

export interface MeasuredServer {
  url: string;
  pid: number;
  /** SIGTERM, then waits (at most 30 s) for the server to finish in-flight requests and exit. */
  stop(): Promise<void>;
}

/**
 * Starts `bundle` (buildProductionServer) as production does — Node's flags, the allocator — with `env` as its whole
 * configuration, on a free port of 127.0.0.1, and resolves once GET /healthz responds.
 */
export async function startProductionServer(bundle: string, env: Record<string, string>): Promise<MeasuredServer> {
  const port = await freePort();
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, bundle], {
    cwd: serverDir,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { PATH: process.env.PATH ?? '', ...SERVER_ALLOCATOR.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
  });
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await untilHealthy(url, child);
  return {
    url,
    pid: child.pid as number,
    async stop() {
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 30_000).unref())]);
    },
  };
}

async function untilHealthy(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server stopped while starting (exit code ${child.exitCode})`);
    const healthy = await fetch(`${url}/healthz`).then(
      (res) => res.ok,
      () => false,
    );
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error('The server did not respond on /healthz within 120 s');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** A process's resident set now and its peak (Linux: /proc/<pid>/status, VmRSS and VmHWM), in bytes. */
export function residentSet(pid: number): { bytes: number; peakBytes: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kilobytes = (field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
  return { bytes: kilobytes('VmRSS') * 1024, peakBytes: kilobytes('VmHWM') * 1024 };
}

/** Starts the peak of residentSet() afresh (Linux: writing 5 to /proc/<pid>/clear_refs), e.g. once start-up is over. */
export function resetPeakResidentSet(pid: number): void {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
}

/**
 * The CPU time a process has used so far, user and system, every thread (Linux: /proc/<pid>/stat, fields 14 and 15),
 * in microseconds. Per request it is a figure that moves less with the host's speed than requests per second.
 */
export function cpuTimeMicros(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The fields after the command name, which is in parentheses and may hold spaces: utime and stime are the 12th
  // and 13th of them.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticksToMicros = 1_000_000 / CLOCK_TICKS_PER_SECOND;
  return (Number(fields[11]) + Number(fields[12])) * ticksToMicros;
}

/** Linux's USER_HZ, the unit of /proc/<pid>/stat's times: 100 on every architecture Linux runs Node on. */
const CLOCK_TICKS_PER_SECOND = 100;
