// A stand-in for the server's /trpc endpoint, at the fetch level: the real tRPC client, links and React Query run
// unchanged, and each procedure responds from a handler. Speaks tRPC's wire format (no transformer): one call per
// request (httpLink, what the app's client sends), and batches (`?batch=1`) as tRPC's handler answers them.
import type { AppRouter } from '@curbside/server/router';
import type { AnyTRPCProcedure, inferRouterInputs, inferRouterOutputs } from '@trpc/server';

/** 'accounts.me', 'admin.orders.list', …: every procedure path of a router record, as a type. */
type PathsOf<R, Prefix extends string = ''> = {
  [K in keyof R & string]: R[K] extends AnyTRPCProcedure ? `${Prefix}${K}` : PathsOf<R[K], `${Prefix}${K}.`>;
}[keyof R & string];

export type ProcedurePath = PathsOf<AppRouter['_def']['record']>;

/** The type at a dotted path of a nested object: At<{ a: { b: X } }, 'a.b'> is X. */
type At<T, Path extends string> = Path extends `${infer Head}.${infer Rest}`
  ? Head extends keyof T
    ? At<T[Head], Rest>
    : never
  : Path extends keyof T
    ? T[Path]
    : never;

/** What the client sends to a procedure (its input schema's input side). */
export type ProcedureInput<P extends ProcedurePath> = At<inferRouterInputs<AppRouter>, P>;
/**
 * What the procedure responds with, as JSON carries it: a fake that drifts from the real output fails to compile.
 * A procedure with no output (`z.void()`, which tRPC serializes as `never`) takes a handler that returns nothing.
 */
export type ProcedureOutput<P extends ProcedurePath> = NothingAsVoid<At<inferRouterOutputs<AppRouter>, P>>;

// biome-ignore lint/suspicious/noConfusingVoidType: a handler for a void procedure is written `() => {}`, which returns void
type NothingAsVoid<T> = [T] extends [never] ? void : T;

/** Fakes a procedure: responds with its output, or throws a ProcedureError. */
export type Handler<P extends ProcedurePath> = (
  input: ProcedureInput<P>,
) => ProcedureOutput<P> | Promise<ProcedureOutput<P>>;

export type Handlers = { [P in ProcedurePath]?: Handler<P> };

const HTTP_STATUS: Record<string, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_SERVER_ERROR: 500,
  MAINTENANCE_MODE: 503,
  COMING_SOON_MODE: 503,
};

const JSON_RPC_CODE: Record<string, number> = {
  BAD_REQUEST: -32600,
  UNAUTHORIZED: -32001,
  FORBIDDEN: -32003,
  NOT_FOUND: -32004,
  CONFLICT: -32009,
  TOO_MANY_REQUESTS: -32029,
  INTERNAL_SERVER_ERROR: -32603,
  MAINTENANCE_MODE: -32603,
  COMING_SOON_MODE: -32603,
};

/** Throw from a handler to respond with a tRPC error (the code and the human message the server would send). */
export class ProcedureError extends Error {
  constructor(
    readonly code: keyof typeof HTTP_STATUS,
    message: string,
  ) {
    super(message);
  }
}

export interface Call {
  path: string;
  input: unknown;
  /** Which HTTP request carried the call (1 for the first): calls made together share a number. */
  request: number;
  /** How many responses had reached the client when the call was sent (0: it went out before any came back). */
  sentAfterResponses: number;
}

export function createFakeTrpcFetch(handlers: Handlers) {
  const calls: Call[] = [];
  let requests = 0;
  let responses = 0;
  const fetch = async (url: URL | RequestInfo, init?: RequestInit): Promise<Response> => {
    const request = ++requests;
    const sentAfterResponses = responses;
    const address = new URL(String(url), 'http://localhost');
    const paths = decodeURIComponent(address.pathname.replace(/^\/trpc\//, '')).split(',');
    // httpLink sends the bare input and reads one response back; a batch (`?batch=1`) has inputs keyed by index and
    // reads an array back.
    const batch = address.searchParams.get('batch') === '1';
    const rawInput = init?.method === 'POST' ? init.body : address.searchParams.get('input');
    const parsed =
      rawInput === undefined || rawInput === null || rawInput === '' ? undefined : JSON.parse(String(rawInput));
    const inputs = (batch ? (parsed ?? {}) : { 0: parsed }) as Record<string, unknown>;
    const results = await Promise.all(
      paths.map(async (path, index) => {
        const input = inputs[String(index)];
        calls.push({ path, input, request, sentAfterResponses });
        const handler = (handlers as Record<string, ((input: unknown) => unknown) | undefined>)[path];
        try {
          if (!handler) throw new ProcedureError('NOT_FOUND', `No procedure on path "${path}"`);
          return { result: { data: await handler(input) } };
        } catch (error) {
          if (!(error instanceof ProcedureError)) throw error;
          return {
            error: {
              message: error.message,
              code: JSON_RPC_CODE[error.code],
              data: { code: error.code, httpStatus: HTTP_STATUS[error.code], path },
            },
          };
        }
      }),
    );
    responses++;
    if (!batch) {
      const [only] = results;
      const status = only?.error?.data.httpStatus ?? 200;
      return new Response(JSON.stringify(only), { status, headers: { 'content-type': 'application/json' } });
    }
    return new Response(JSON.stringify(results), { status: 207, headers: { 'content-type': 'application/json' } });
  };
  return { fetch, calls };
}
