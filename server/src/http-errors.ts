import { MESSAGES, zodIssueMessage } from '@curbside/shared';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { ZodError, z } from 'zod';
import { isDatabaseUnavailable } from './db/errors';
import { DomainError } from './errors';
import { SESSION_COOKIE } from './plugins/session';

// Turns anything thrown into the response a client sees: a status and a human message.
// 5xx messages are masked: the real one goes to the log with the request id.

// A field whose schema gives no message of its own gets a human one from the catalogue, not zod's default
// ("Invalid input: expected string, received undefined").
z.config({ customError: zodIssueMessage });

export const INTERNAL_ERROR_MESSAGE = 'Something went wrong on our side. Please try again.';

/**
 * The `code` of every error response, on /api and /trpc: tRPC's codes, the services' own (MAINTENANCE_MODE,
 * COMING_SOON_MODE) and URI_TOO_LONG (414, which tRPC has no word for).
 */
export type ErrorCode = TRPCError['code'] | DomainError['code'] | 'URI_TOO_LONG';

export interface ErrorResponse {
  status: number;
  body: {
    message: string;
    code: ErrorCode;
    issues?: { path: string; message: string }[];
    retryAfterSeconds?: number;
    requestId?: string;
  };
}

/** A response lists at most this many problems: a body of 60,000 bad entries must not get a 3 MB response. */
export const MAX_LISTED_ISSUES = 20;
/** A field name a client made up (a key of additionalSpecs) is cut to this many characters in the response. */
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

/**
 * A response that failed its procedure's own output schema (tRPC throws INTERNAL_SERVER_ERROR "Output validation
 * failed" with the ZodError as its cause): the server's fault, never the caller's, though its cause is a ZodError.
 */
export function isOutputValidationFailure(error: unknown): boolean {
  for (let current = error, depth = 0; depth < 5 && current instanceof TRPCError; depth++, current = current.cause) {
    if (current.cause instanceof ZodError) return current.code === 'INTERNAL_SERVER_ERROR';
  }
  return false;
}

/**
 * A change was made but its response failed the output schema: 500 with a message that says the change was saved,
 * so nobody makes it again (thrown by trpc.ts's domainErrors rule after a mutation).
 */
export class ChangeSavedResponseFailed extends Error {}

/** Finds the DomainError or ZodError behind tRPC's wrapping, if any. */
function rootCause(error: unknown): unknown {
  let current = error;
  for (let depth = 0; depth < 5 && current instanceof TRPCError && current.cause; depth++) current = current.cause;
  return current;
}

/** The domain code behind an error (a service's DomainError), if any: the `code` both transports respond with. */
export function domainCodeOf(error: unknown): DomainError['code'] | undefined {
  const cause = rootCause(error);
  return cause instanceof DomainError ? cause.code : undefined;
}

/** Maps any error (tRPC, domain, zod, Fastify's own) to the response. `isServerError` tells the caller to log it. */
export function toErrorResponse(error: unknown): ErrorResponse & { isServerError: boolean } {
  const cause = rootCause(error);
  if (cause instanceof ChangeSavedResponseFailed) {
    return {
      status: 500,
      body: { message: MESSAGES.server.changeSavedResponseFailed, code: 'INTERNAL_SERVER_ERROR' },
      isServerError: true,
    };
  }
  if (isOutputValidationFailure(error)) return masked(500);
  if (cause instanceof ZodError) {
    const { message, issues } = describeZodError(cause);
    return { status: 400, body: { message, code: 'BAD_REQUEST', issues }, isServerError: false };
  }
  if (cause instanceof DomainError) {
    const status = getHTTPStatusCodeFromError(domainToTrpcError(cause));
    const body: ErrorResponse['body'] = { message: cause.message, code: cause.code };
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
  // Fastify's and its plugins' own errors (bad JSON, body too large, wrong content type) carry a 4xx statusCode and
  // an FST_… code: refused with the same code vocabulary and a human message.
  const statusCode = (error as { statusCode?: unknown })?.statusCode;
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    const { code, message } = error as { code?: string; message?: string };
    return { ...frameworkErrorResponse(code, statusCode, message), isServerError: false };
  }
  return masked(500);
}

/**
 * How to authenticate, sent with every 401 (RFC 9110 asks for it): the session cookie that POST /api/login sets
 * (the scheme of draft-broyer-http-cookie-auth).
 */
export const WWW_AUTHENTICATE = `Cookie realm="api", form-action="/api/login", cookie-name="${SESSION_COOKIE}"`;

/** The headers an error response carries besides its body: Retry-After on a throttle, WWW-Authenticate on a 401. */
export function errorHeaders(response: ErrorResponse): Record<string, string> {
  const headers: Record<string, string> = {};
  if (response.body.retryAfterSeconds) headers['retry-after'] = String(response.body.retryAfterSeconds);
  if (response.status === 401) headers['www-authenticate'] = WWW_AUTHENTICATE;
  return headers;
}

function masked(status: number): ErrorResponse & { isServerError: boolean } {
  return { status, body: { message: INTERNAL_ERROR_MESSAGE, code: 'INTERNAL_SERVER_ERROR' }, isServerError: true };
}

const S = MESSAGES.server;

/** Fastify's and @fastify/multipart's codes that need more than their status to be told apart. */
const FRAMEWORK_ERRORS: Record<string, { status: number; code: ErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'PARSE_ERROR', message: S.invalidJson },
  // @fastify/multipart responds with 406 to a body that is not multipart; the HTTP word for it is 415.
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: S.sendMultipart },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: S.sendJson },
  // @fastify/multipart answers too many parts with 413 like a body too large; 413 is kept for size.
  FST_FILES_LIMIT: { status: 400, code: 'BAD_REQUEST', message: S.tooManyParts },
  FST_PARTS_LIMIT: { status: 400, code: 'BAD_REQUEST', message: S.tooManyParts },
  FST_FIELDS_LIMIT: { status: 400, code: 'BAD_REQUEST', message: S.tooManyParts },
};

/** The code of each 4xx status, in tRPC's words (the code every other refusal carries). */
const CODE_OF_STATUS: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_SUPPORTED',
  408: 'TIMEOUT',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
};

const MESSAGE_OF_STATUS: Record<number, string> = {
  408: S.requestTimeout,
  413: S.requestTooLarge,
  415: S.sendJson,
};

/** The response to a framework refusal: its FST_… code never reaches the client; its own message is plain English. */
function frameworkErrorResponse(fstCode: string | undefined, status: number, message = ''): ErrorResponse {
  const known = fstCode ? FRAMEWORK_ERRORS[fstCode] : undefined;
  if (known) return { status: known.status, body: { message: known.message, code: known.code } };
  const code = CODE_OF_STATUS[status] ?? 'BAD_REQUEST';
  return { status, body: { message: MESSAGE_OF_STATUS[status] ?? (message || S.requestUnreadable), code } };
}
