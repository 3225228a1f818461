import { MESSAGES } from '@curbside/shared';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { ZodError } from 'zod';
import { isDatabaseUnavailable } from './db/errors';
import { DomainError } from './errors';

// Turns anything thrown into the answer a client sees: a status and a human message.
// 5xx messages are masked: the real one goes to the log with the request id.

export const INTERNAL_ERROR_MESSAGE = 'Something went wrong on our side. Please try again.';

export interface ErrorAnswer {
  status: number;
  body: {
    message: string;
    code: string;
    issues?: { path: string; message: string }[];
    retryAfterSeconds?: number;
    requestId?: string;
  };
}

/** An answer lists at most this many problems: a body of 60,000 bad entries must not get a 3 MB answer. */
export const MAX_LISTED_ISSUES = 20;
/** A field name a client made up (a key of additionalSpecs) is cut to this many characters in the answer. */
const MAX_PATH_SEGMENT = 40;

function fieldPath(path: readonly PropertyKey[]): string {
  return path
    .map((segment) => {
      const name = String(segment);
      return name.length > MAX_PATH_SEGMENT ? `${name.slice(0, MAX_PATH_SEGMENT)}…` : name;
    })
    .join('.');
}

/** "email: Please enter a valid email address" — the first problem, naming the field. */
export function describeZodError(error: ZodError): { message: string; issues: { path: string; message: string }[] } {
  const issues = error.issues.slice(0, MAX_LISTED_ISSUES).map((i) => ({ path: fieldPath(i.path), message: i.message }));
  const first = issues[0];
  const message = !first ? 'Invalid input' : first.path ? `${first.path}: ${first.message}` : first.message;
  return { message, issues };
}

const domainToTrpcCode = {
  BAD_REQUEST: 'BAD_REQUEST',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  TOO_MANY_REQUESTS: 'TOO_MANY_REQUESTS',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  MAINTENANCE_MODE: 'SERVICE_UNAVAILABLE',
  COMING_SOON_MODE: 'SERVICE_UNAVAILABLE',
} as const satisfies Record<DomainError['code'], TRPCError['code']>;

export function domainToTrpcError(error: DomainError): TRPCError {
  return new TRPCError({ code: domainToTrpcCode[error.code], message: error.message, cause: error });
}

/** Finds the DomainError or ZodError behind tRPC's wrapping, if any. */
function rootCause(error: unknown): unknown {
  let current = error;
  for (let depth = 0; depth < 5 && current instanceof TRPCError && current.cause; depth++) current = current.cause;
  return current;
}

/** The domain code behind an error (a service's DomainError), if any: the `code` both transports answer with. */
export function domainCodeOf(error: unknown): DomainError['code'] | undefined {
  const cause = rootCause(error);
  return cause instanceof DomainError ? cause.code : undefined;
}

/** Maps any error (tRPC, domain, zod, Fastify's own) to the answer. `isServerError` tells the caller to log it. */
export function toErrorAnswer(error: unknown): ErrorAnswer & { isServerError: boolean } {
  const cause = rootCause(error);
  if (cause instanceof ZodError) {
    const { message, issues } = describeZodError(cause);
    return { status: 400, body: { message, code: 'BAD_REQUEST', issues }, isServerError: false };
  }
  if (cause instanceof DomainError) {
    const status = getHTTPStatusCodeFromError(domainToTrpcError(cause));
    const body: ErrorAnswer['body'] = { message: cause.message, code: cause.code };
    if (typeof cause.details?.retryAfterSeconds === 'number') body.retryAfterSeconds = cause.details.retryAfterSeconds;
    return { status, body, isServerError: false };
  }
  // Before tRPC's 500: a procedure whose query found the database gone fails as INTERNAL_SERVER_ERROR.
  if (isDatabaseUnavailable(error)) {
    return {
      status: 503,
      body: { message: MESSAGES.server.serviceUnavailable, code: 'SERVICE_UNAVAILABLE' },
      isServerError: true,
    };
  }
  if (error instanceof TRPCError) {
    const status = getHTTPStatusCodeFromError(error);
    if (status >= 500) return masked(status);
    return { status, body: { message: error.message, code: error.code }, isServerError: false };
  }
  // Fastify's own errors (bad JSON, body too large, wrong content type) carry a 4xx statusCode and a fine message.
  const statusCode = (error as { statusCode?: unknown })?.statusCode;
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    const code = (error as { code?: string }).code ?? 'BAD_REQUEST';
    return {
      status: statusCode,
      body: { message: friendlyFastifyMessage(error as Error, statusCode), code },
      isServerError: false,
    };
  }
  return masked(500);
}

function masked(status: number): ErrorAnswer & { isServerError: boolean } {
  return { status, body: { message: INTERNAL_ERROR_MESSAGE, code: 'INTERNAL_SERVER_ERROR' }, isServerError: true };
}

function friendlyFastifyMessage(error: Error, status: number): string {
  if (status === 413) return 'The request is too large.';
  if (status === 415)
    return error.message.includes('Unsupported Media Type') ? 'Unsupported content type: send JSON.' : error.message;
  return error.message;
}
