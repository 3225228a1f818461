// A throwaway MariaDB primary and a replica replicating from it, on free ports of 127.0.0.1, for the read-replica
// tests (server/test/replicas) and for trying DATABASE_REPLICA_URLS by hand:
//
//   node scripts/mariadb-replica-pair.mjs      starts the pair, prints its URLs, stops and removes it on Ctrl-C
//
// Neither server touches the machine's own MariaDB: each runs `mariadbd --no-defaults` on a data directory of its own
// under the OS temp directory, which `stop()` removes. The replica is a copy of the freshly installed primary, so it
// follows the primary's binary log from its first event (GTID, `MASTER_USE_GTID=slave_pos`).
//
//   primary   log_bin, server_id=1, binlog_format=ROW
//   replica   server_id=2, read_only, relay log; replicates as user `repl`
//
// Users (made on the primary and replicated): root@127.0.0.1 (no password: a test machine only) and
// `reader`@`127.0.0.1` with SELECT only, which the app uses for the replica, as docs/operations.md advises.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import mysql from 'mysql2/promise';

export const MARIADBD = '/usr/sbin/mariadbd';
const INSTALL_DB = 'mariadb-install-db';
/** How long a server may take to start, and the replica to catch up at start (a busy 2-core machine). */
const START_TIMEOUT_MS = 60_000;
const REPL_PASSWORD = 'repl-password';
export const READER = { user: 'reader', password: 'reader-password' };

/** Why the pair cannot run here, or null when it can. */
export function replicaPairUnavailable() {
  if (!existsSync(MARIADBD)) return `${MARIADBD} is not installed (apt-get install mariadb-server)`;
  const which = spawnSync('sh', ['-c', `command -v ${INSTALL_DB}`]);
  if (which.status !== 0) return `${INSTALL_DB} is not installed (apt-get install mariadb-server)`;
  return null;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Small buffers: these servers hold a test's few rows. */
const COMMON_OPTIONS = [
  '--innodb-buffer-pool-size=32M',
  '--innodb-log-file-size=8M',
  '--performance-schema=OFF',
  '--skip-name-resolve',
  '--character-set-server=utf8mb4',
  '--collation-server=utf8mb4_unicode_ci',
];
const asRoot = process.getuid?.() === 0 ? ['--user=root'] : [];

function startServer(dir, port, options) {
  const child = spawn(
    MARIADBD,
    [
      '--no-defaults',
      `--datadir=${dir}`,
      `--socket=${join(dir, 'mysqld.sock')}`,
      `--pid-file=${join(dir, 'mysqld.pid')}`,
      `--log-error=${join(dir, 'error.log')}`,
      `--port=${port}`,
      '--bind-address=127.0.0.1',
      ...asRoot,
      ...COMMON_OPTIONS,
      ...options,
    ],
    { stdio: 'ignore' },
  );
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, dir, port, exited };
}

/** A connection over the server's socket as root, once it takes connections. */
async function connectWhenReady(server) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  let exitCode;
  server.exited.then((code) => {
    exitCode = code;
  });
  for (;;) {
    try {
      return await mysql.createConnection({ socketPath: join(server.dir, 'mysqld.sock'), user: 'root' });
    } catch (error) {
      const log = () =>
        existsSync(join(server.dir, 'error.log')) ? readFileSync(join(server.dir, 'error.log'), 'utf8') : '';
      if (exitCode !== undefined) throw new Error(`mariadbd on port ${server.port} exited (${exitCode}):\n${log()}`);
      if (Date.now() > deadline)
        throw new Error(`mariadbd on port ${server.port} did not start: ${error.message}\n${log()}`);
      await delay(100);
    }
  }
}

async function stopServer(server) {
  if (server.child.exitCode === null && server.child.signalCode === null) {
    server.child.kill('SIGTERM');
    const killer = setTimeout(() => server.child.kill('SIGKILL'), 20_000);
    await server.exited;
    clearTimeout(killer);
  }
}

/**
 * Starts the pair and resolves once the replica has applied everything the primary did at start. The URLs:
 * `primaryUrl` and `replicaRootUrl` as root (no database), `replicaUrl` as the read-only `reader`.
 */
export async function startReplicaPair() {
  const unavailable = replicaPairUnavailable();
  if (unavailable) throw new Error(unavailable);
  const base = mkdtempSync(join(tmpdir(), 'curbside-replicas-'));
  const primaryDir = join(base, 'primary');
  const replicaDir = join(base, 'replica');
  const install = spawnSync(
    INSTALL_DB,
    [
      '--no-defaults',
      `--datadir=${primaryDir}`,
      '--auth-root-authentication-method=normal',
      '--skip-test-db',
      ...asRoot,
      '--innodb-log-file-size=8M',
    ],
    { encoding: 'utf8' },
  );
  if (install.status !== 0) {
    rmSync(base, { recursive: true, force: true });
    throw new Error(`${INSTALL_DB} failed:\n${install.stdout}\n${install.stderr}`);
  }
  // The replica starts as a copy of the fresh primary: both hold the same system tables, and the replica then
  // applies every event of the primary's binary log from the first.
  cpSync(primaryDir, replicaDir, { recursive: true });

  const servers = [];
  const stop = async () => {
    await Promise.all(servers.map(stopServer));
    rmSync(base, { recursive: true, force: true });
  };
  try {
    const [primaryPort, replicaPort] = [await freePort(), await freePort()];
    const primary = startServer(primaryDir, primaryPort, [
      '--server-id=1',
      `--log-bin=${join(primaryDir, 'binlog')}`,
      '--binlog-format=ROW',
    ]);
    servers.push(primary);
    const replica = startServer(replicaDir, replicaPort, [
      '--server-id=2',
      `--relay-log=${join(replicaDir, 'relay')}`,
      '--read-only',
      '--skip-slave-start',
    ]);
    servers.push(replica);
    const [onPrimary, onReplica] = await Promise.all([connectWhenReady(primary), connectWhenReady(replica)]);
    try {
      for (const sql of [
        `CREATE USER IF NOT EXISTS 'root'@'127.0.0.1'`,
        `GRANT ALL PRIVILEGES ON *.* TO 'root'@'127.0.0.1' WITH GRANT OPTION`,
        `CREATE USER 'repl'@'127.0.0.1' IDENTIFIED BY '${REPL_PASSWORD}'`,
        `GRANT REPLICATION SLAVE ON *.* TO 'repl'@'127.0.0.1'`,
        `CREATE USER '${READER.user}'@'127.0.0.1' IDENTIFIED BY '${READER.password}'`,
        `GRANT SELECT ON *.* TO '${READER.user}'@'127.0.0.1'`,
      ]) {
        await onPrimary.query(sql);
      }
      await onReplica.query(
        `CHANGE MASTER TO MASTER_HOST='127.0.0.1', MASTER_PORT=${primaryPort}, MASTER_USER='repl',
         MASTER_PASSWORD='${REPL_PASSWORD}', MASTER_USE_GTID=slave_pos, MASTER_CONNECT_RETRY=1`,
      );
      await onReplica.query('START SLAVE');
      const [[{ pos }]] = await onPrimary.query('SELECT @@gtid_binlog_pos AS pos');
      const [[{ waited }]] = await onReplica.query('SELECT MASTER_GTID_WAIT(?, ?) AS waited', [
        pos,
        START_TIMEOUT_MS / 1000,
      ]);
      if (Number(waited) !== 0) {
        const [status] = await onReplica.query('SHOW SLAVE STATUS');
        throw new Error(`the replica did not catch up with the primary: ${JSON.stringify(status[0] ?? {})}`);
      }
    } finally {
      await Promise.all([onPrimary.end(), onReplica.end()]);
    }
    return {
      primaryUrl: `mysql://root@127.0.0.1:${primaryPort}/`,
      replicaRootUrl: `mysql://root@127.0.0.1:${replicaPort}/`,
      replicaUrl: `mysql://${READER.user}:${READER.password}@127.0.0.1:${replicaPort}/`,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  const pair = await startReplicaPair();
  console.log(`primary: ${pair.primaryUrl}\nreplica: ${pair.replicaUrl} (root: ${pair.replicaRootUrl})`);
  console.log(`replicating after ${Date.now() - started} ms; Ctrl-C stops and removes both`);
  const shutdown = () => pair.stop().then(() => process.exit(0));
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  setInterval(() => {}, 1 << 30);
}
