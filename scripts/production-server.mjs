// The production server on a fresh embedded database with the demo data, as e2e/playwright.config.ts starts it:
// shared by the scripts that need a real server of their own (audit-web.mjs, sqlmap-check.mjs).
import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Asks the OS for a port nobody is listening on. */
export function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

export const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

/**
 * Bundles the server (server/dist/main.js, what `npm run start -w @curbside/server` runs) from the sources as they are
 * now, so a script never checks the code of an older build: under a second.
 */
export function buildServer() {
  const result = spawnSync(process.execPath, [join(root, 'server/scripts/build.mjs')], { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`the server build failed (${result.status ?? result.signal}):\n${result.stdout}${result.stderr}`);
  }
}

/**
 * The environment of the compiled server as a demonstration site on 127.0.0.1:`port`, its data in `dataDir`: the
 * demo data loaded, and what production refuses unless told (demo data, the test card, plain http, mail in the outbox).
 */
export function demoSiteEnv({ port, dataDir, secret }) {
  return {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    SESSION_SECRET: secret,
    SEED_DEMO: 'true',
    ALLOW_DEMO_DATA_IN_PRODUCTION: 'true',
    ALLOW_TEST_PAYMENTS_IN_PRODUCTION: 'true',
    ALLOW_HTTP_PUBLIC_URL: 'true',
    ALLOW_OUTBOX_MAIL_IN_PRODUCTION: 'true',
  };
}

/**
 * Bundles the server, then starts `npm run start -w @curbside/server` with NODE_ENV=production on a free port, its
 * data (the SQLite file, uploads) in `dataDir`, the demo data loaded, and waits until `readyPath` responds with 2xx
 * (migrations and the demo data are done and the server listens). `env` adds or overrides variables (CLIENT_DIST,
 * DATABASE_URL, ...). Returns { child, baseURL, exited, output(), running() }.
 */
export async function startServer({
  dataDir,
  env = {},
  readyPath = '/',
  secret = 'script-session-secret-of-32-chars-min',
}) {
  buildServer();
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  // Its own process group (npm, the shell, node), so stopping it stops all of them.
  const child = spawn('npm', ['run', 'start', '-w', '@curbside/server'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      ...demoSiteEnv({ port, dataDir, secret }),
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk).slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((done) => child.once('exit', (code, signal) => done({ code, signal })));
  let exitedWith;
  exited.then((status) => {
    exitedWith = status;
  });
  const server = { child, baseURL, exited, output: () => output, running: () => !exitedWith };

  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (exitedWith) {
      throw new Error(`the server exited (${exitedWith.code ?? exitedWith.signal}) before responding:\n${output}`);
    }
    try {
      const response = await fetch(`${baseURL}${readyPath}`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return server;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  await stopServer(server);
  throw new Error(`the server did not respond to ${baseURL}${readyPath} within 120 s:\n${output}`);
}

/** SIGTERM to the server's process group, SIGKILL after 10 s. */
export async function stopServer(server) {
  if (!server?.running()) return;
  try {
    process.kill(-server.child.pid, 'SIGTERM');
  } catch {
    return; // already gone
  }
  const stopped = await Promise.race([server.exited.then(() => true), sleep(10_000).then(() => false)]);
  if (!stopped) {
    try {
      process.kill(-server.child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
    await server.exited;
  }
}

/** For process 'exit' handlers, which cannot wait: SIGKILL to the server's process group if it still runs. */
export function killServerSync(server) {
  if (!server?.running()) return;
  try {
    process.kill(-server.child.pid, 'SIGKILL');
  } catch {
    // already gone
  }
}
