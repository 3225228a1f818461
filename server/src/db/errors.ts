import { QueryFailedError } from 'typeorm';

/** True when a write lost a race against a unique index (SQLite or MySQL/MariaDB). */
export function isUniqueViolation(error: unknown): boolean {
  if (!(error instanceof QueryFailedError)) return false;
  const code = (error.driverError as { code?: string } | undefined)?.code;
  return (
    code === 'ER_DUP_ENTRY' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    /UNIQUE constraint failed/.test(error.message)
  );
}

/**
 * The database could not take the work in time: the app gave up waiting (see DatabaseTimeouts). Nothing was written.
 * `code` joins the driver codes below, so the response is the same 503 whoever noticed first.
 */
export class DatabaseUnavailableError extends Error {
  override readonly name = 'DatabaseUnavailableError';
  readonly code = 'DB_UNAVAILABLE';
}

/** Driver codes that mean "unreachable or too busy right now", not "this request is wrong" or a bug. */
const UNAVAILABLE_CODES = new Set([
  'DB_UNAVAILABLE',
  // The network or the server (mysql2 and node:net)
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'PROTOCOL_ENQUEUE_AFTER_FATAL_ERROR',
  'ER_CON_COUNT_ERROR',
  'ER_SERVER_SHUTDOWN',
  'ER_CONNECTION_KILLED',
  // Still locked after runInTransaction's retries
  'ER_LOCK_WAIT_TIMEOUT',
  'ER_LOCK_DEADLOCK',
]);
/** SQLite: another connection kept the lock past the busy timeout, or the file cannot be used. */
const UNAVAILABLE_SQLITE = /^SQLITE_(BUSY|LOCKED|IOERR|FULL|CANTOPEN|READONLY)/;
/** mysql2's own errors without a code, once a connection or the pool is gone. */
const UNAVAILABLE_MESSAGES = /^(Can't add new command when connection is in closed state|Pool is closed\.)/;

/** True when `error` (or what it wraps: tRPC's cause, TypeORM's driverError) says the database is unavailable. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || UNAVAILABLE_SQLITE.test(code))) return true;
    if (UNAVAILABLE_MESSAGES.test(current.message)) return true;
    // TypeORM once the DataSource is closed (shutting down)
    if (current.name === 'CannotExecuteNotConnectedError') return true;
    current = (current as { driverError?: unknown }).driverError ?? current.cause;
  }
  return false;
}
