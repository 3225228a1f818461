// A stand-in for the server's /trpc endpoint, at the fetch level: the real tRPC client, links and React Query run
// unchanged, and each procedure answers from a handler. Speaks tRPC's batch wire format (no transformer).

type Handler = (input: unknown) => unknown;

export type Handlers = Record<string, Handler>;

const HTTP_STATUS: Record<string, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_SERVER_ERROR: 500,
};

const JSON_RPC_CODE: Record<string, number> = {
  BAD_REQUEST: -32600,
  UNAUTHORIZED: -32001,
  FORBIDDEN: -32003,
  NOT_FOUND: -32004,
  CONFLICT: -32009,
  TOO_MANY_REQUESTS: -32029,
  INTERNAL_SERVER_ERROR: -32603,
};

/** Throw from a handler to answer with a tRPC error (the code and the human message the server would send). */
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
}

export function createFakeTrpcFetch(handlers: Handlers) {
  const calls: Call[] = [];
  let requests = 0;
  const fetch = async (url: URL | RequestInfo, init?: RequestInit): Promise<Response> => {
    const request = ++requests;
    const address = new URL(String(url), 'http://localhost');
    const paths = decodeURIComponent(address.pathname.replace(/^\/trpc\//, '')).split(',');
    // httpBatchLink (queries) sends `?batch=1` with inputs keyed by index and reads an array back; httpLink
    // (mutations, one per request) sends the bare input and reads one answer back.
    const batch = address.searchParams.get('batch') === '1';
    const rawInput = init?.method === 'POST' ? init.body : address.searchParams.get('input');
    const parsed =
      rawInput === undefined || rawInput === null || rawInput === '' ? undefined : JSON.parse(String(rawInput));
    const inputs = (batch ? (parsed ?? {}) : { 0: parsed }) as Record<string, unknown>;
    const results = await Promise.all(
      paths.map(async (path, index) => {
        const input = inputs[String(index)];
        calls.push({ path, input, request });
        const handler = handlers[path];
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
    if (!batch) {
      const [only] = results;
      const status = only?.error?.data.httpStatus ?? 200;
      return new Response(JSON.stringify(only), { status, headers: { 'content-type': 'application/json' } });
    }
    return new Response(JSON.stringify(results), { status: 207, headers: { 'content-type': 'application/json' } });
  };
  return { fetch, calls };
}
