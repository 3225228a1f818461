import type { Database as SqliteDatabase } from 'better-sqlite3';
import type { default as Mysql, Pool, PoolCluster, PoolClusterOptions, PoolConnection, PoolOptions } from 'mysql2';
import type { DataSource } from 'typeorm';
import type { DatabaseTimeouts } from '../config';
import { DatabaseUnavailableError } from './errors';

// The one place that reaches past TypeORM into the database drivers it wraps, as transports/trpc-internals.ts is for
// tRPC: TypeORM's driver objects (`databaseConnection`, `pool`) and mysql2's pool internals are not public API and may
// move in a minor release. Everything else asks these functions, so an upgrade of typeorm, mysql2 or better-sqlite3 is
// checked here (and by the database tests).

/** SQLite: TypeORM's one better-sqlite3 connection (prepared statements and synchronous transactions for vote batches). */
export function sqliteDatabase(ds: DataSource): SqliteDatabase {
  return (ds.driver as unknown as { databaseConnection: SqliteDatabase }).databaseConnection;
}

/** A server of TypeORM's mysql2 PoolCluster (with DATABASE_REPLICA_URLS): its pool, which mysql2 made itself. */
interface ClusterNode {
  id: string;
  pool: Pool;
}

interface ClusterInternals {
  _nodes: Record<string, ClusterNode>;
  _increaseErrorCount(node: ClusterNode): void;
}

/** TypeORM's name for the primary in its PoolCluster (the replicas are SLAVE0, SLAVE1…). */
const PRIMARY_NODE = 'MASTER';

/** MySQL/MariaDB: TypeORM's mysql2 pools: its one pool, or with replicas each server's (the primary's first). */
function mysqlPools(ds: DataSource): Pool[] {
  const driver = ds.driver as unknown as { pool?: Pool; poolCluster?: ClusterInternals };
  if (driver.pool) return [driver.pool];
  const nodes = Object.values(driver.poolCluster?._nodes ?? {});
  return nodes.sort((a, b) => Number(b.id === PRIMARY_NODE) - Number(a.id === PRIMARY_NODE)).map((node) => node.pool);
}

interface PoolQueues {
  _allConnections?: { length: number };
  _freeConnections?: { length: number };
  _connectionQueue?: { length: number };
}

/**
 * MySQL/MariaDB: how many connections the pool holds, how many are idle and how many requests wait for one. With
 * replicas these are the primary's pool's figures (what writes wait on; the replicas' pools are left out).
 */
export function mysqlPoolStats(ds: DataSource): { total: number; idle: number; waiting: number } {
  const pool = mysqlPools(ds)[0] as PoolQueues | undefined;
  return {
    total: pool?._allConnections?.length ?? 0,
    idle: pool?._freeConnections?.length ?? 0,
    waiting: pool?._connectionQueue?.length ?? 0,
  };
}

// mysql2 as TypeORM uses it (its `driver` option), with every connection's transactions at READ COMMITTED (set once per
// connection: TypeORM's ds.transaction(level) spends a round trip on it before every BEGIN, a ninth of a vote batch's),
// and with the two limits mysql2 lacks, so that a request never waits forever on MySQL/MariaDB:
// - getting a pooled connection gives up after `waitMs` (all connections busy or stuck; mysql2 would queue forever);
// - a statement gives up after `queryMs`, and its connection is then destroyed: mysql2's own query timeout leaves the
//   connection with the stuck statement still in front, so the next request handed that connection would hang.
// The statement limit is switched on with `armStatementTimeouts` once migrations have run (a migration, or the wait
// for another server's migration lock, may take longer).

const guarded = new WeakSet<PoolConnection>();
const armed = new WeakSet<Pool>();

type Callback = (error: Error | null, ...rest: unknown[]) => void;

function withStatementTimeout(pool: Pool, connection: PoolConnection, queryMs: number): void {
  if (guarded.has(connection)) return;
  guarded.add(connection);
  const query = connection.query as unknown as (...args: unknown[]) => unknown;
  (connection as unknown as { query: (...args: unknown[]) => unknown }).query = function (
    this: PoolConnection,
    ...args: unknown[]
  ) {
    const callback = args.at(-1);
    if (!armed.has(pool) || typeof callback !== 'function') return query.apply(this, args);
    const [sql, ...rest] = args.slice(0, -1);
    const options = typeof sql === 'string' ? { sql, timeout: queryMs } : { timeout: queryMs, ...(sql as object) };
    return query.call(this, options, ...rest, (error: Error | null, ...results: unknown[]) => {
      if ((error as { code?: string } | null)?.code === 'PROTOCOL_SEQUENCE_TIMEOUT') connection.destroy();
      (callback as Callback)(error, ...results);
    });
  };
}

function withAcquireTimeout(pool: Pool, timeouts: DatabaseTimeouts): void {
  const getConnection = pool.getConnection.bind(pool);
  pool.getConnection = ((callback: (error: Error | null, connection?: PoolConnection) => void) => {
    let gaveUp = false;
    const timer = setTimeout(() => {
      gaveUp = true;
      callback(new DatabaseUnavailableError(`no database connection within ${timeouts.waitMs} ms`));
    }, timeouts.waitMs);
    getConnection((error, connection) => {
      clearTimeout(timer);
      if (gaveUp) {
        connection?.release();
        return;
      }
      if (connection) withStatementTimeout(pool, connection, timeouts.queryMs);
      callback(error, connection);
    });
  }) as Pool['getConnection'];
}

/** Every connection of `pool` at READ COMMITTED, and its waits limited by `timeouts`. */
function limitPool(pool: Pool, timeouts: DatabaseTimeouts): void {
  // Sent before anything else on the new connection (mysql2 runs a connection's commands in order); a connection
  // that cannot take it is not used at the server's default level (REPEATABLE READ).
  pool.on('connection', (connection) => {
    connection.query('SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED', (error) => {
      if (error) connection.destroy();
    });
  });
  withAcquireTimeout(pool, timeouts);
}

/**
 * The mysql2 module for TypeORM's `driver` option, its pools limited by `timeouts`. With replicas TypeORM makes a
 * PoolCluster instead of a pool, and mysql2 builds each server's pool inside `cluster.add` (not through
 * `createPool`): each is limited there. The cluster sets a server aside after a failed connection (the DataSource's
 * `removeNodeErrorCount`, `restoreNodeTimeout`); for a replica that sends its reads to the primary meanwhile
 * (db/replicas.ts), but the primary has no stand-in: a write that could not connect fails with a 503 and the next one
 * tries again, so the primary is never set aside.
 */
export function mysqlDriverWithTimeouts(mysql: typeof Mysql, timeouts: DatabaseTimeouts): typeof Mysql {
  return {
    ...mysql,
    createPool(options: PoolOptions) {
      const pool = mysql.createPool({ ...options, connectTimeout: timeouts.waitMs });
      limitPool(pool, timeouts);
      return pool;
    },
    createPoolCluster(options?: PoolClusterOptions) {
      const cluster = mysql.createPoolCluster(options);
      const internals = cluster as unknown as ClusterInternals;
      const add = cluster.add.bind(cluster) as (id: string, config: PoolOptions) => void;
      cluster.add = ((id: string, config: PoolOptions) => {
        add(id, { ...config, connectTimeout: timeouts.waitMs });
        const node = internals._nodes[id];
        if (node) limitPool(node.pool, timeouts);
      }) as PoolCluster['add'];
      const increaseErrorCount = internals._increaseErrorCount.bind(cluster);
      internals._increaseErrorCount = (node) => {
        if (node.id !== PRIMARY_NODE) increaseErrorCount(node);
      };
      return cluster;
    },
  } as typeof Mysql;
}

/**
 * MySQL/MariaDB: from now on every statement of this DataSource's pools (the primary's and each replica's) is limited
 * to `queryMs` (see above).
 */
export function armStatementTimeouts(ds: DataSource): void {
  for (const pool of mysqlPools(ds)) armed.add(pool);
}
