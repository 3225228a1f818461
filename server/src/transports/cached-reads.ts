import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SHARED_VIEWER } from '../cache-policies';
import type { Context } from '../context';
import { JSON_RESPONSES } from '../plugins/security';
import { sendCached } from '../read-cache/http';
import { readCacheKey, type ViewerVariance } from '../read-cache/policy';
import { CacheEntry, type ReadCache } from '../read-cache/read-cache';
import type { AppRouter } from '../router';
import { callProcedure, listProcedures } from './trpc-internals';

// Queries many visitors read alike declare `cache` in their meta (read-cache/policy.ts). The transports that serve
// single reads — the /api route, GET /trpc/<query> and the server render of the landing pages — answer them through
// `CachedRead`: the key is the procedure and its input, the value the procedure's own checked output, computed by
// calling the procedure (every middleware of trpc.ts runs) on a miss, for the shared viewer, once for concurrent
// misses. Errors are never cached: the caller falls back to its usual path, which reports them. tRPC's own handler
// (batches of several calls, which the browser's client does not send) computes every call.

export interface CachedReadDeps {
  router: AppRouter;
  cache: ReadCache;
  /** Who sees responses of their own from the queries that vary by viewer. */
  viewers: ViewerVariance;
  /**
   * The context of a cached read: no session (createPublicContext), as the responses are the same for every user —
   * except while `sharesResponses` says no, when it names the viewer.
   */
  createContext: (req: FastifyRequest, reply: FastifyReply) => Context | Promise<Context>;
  /**
   * Whether the shared responses may be sent as they are. While not (a site mode: only admins may read), every response
   * is the procedure's own for its viewer, with its checks. Answers at once while it knows (nearly always), so a
   * cache hit waits for no promise.
   */
  sharesResponses: () => boolean | Promise<boolean>;
  /** The viewer's key (as `ctx.ipHash` holds it), without reading the session. */
  viewerOf: (req: FastifyRequest) => string;
}

export interface CachedRead {
  procedurePath: string;
  /**
   * The response for this request: the shared cached one, or for a viewer who sees responses of their own one
   * computed for them (not kept). Undefined when the input does not parse (the caller's usual path reports it); the
   * procedure's errors are thrown.
   */
  respond(req: FastifyRequest, reply: FastifyReply, rawInput: unknown): Promise<CacheEntry | undefined>;
  /**
   * The same with the request's context already made (the server render): the entry, and whether it is the shared
   * one (`shared`: other viewers get the very same response).
   */
  call(ctx: Context, rawInput: unknown): Promise<{ entry: CacheEntry; shared: boolean }>;
}

/** Every query of the router with a `cache` policy, by procedure path. */
export function cachedReads(deps: CachedReadDeps): Map<string, CachedRead> {
  const reads = new Map<string, CachedRead>();
  for (const procedure of listProcedures(deps.router)) {
    const policy = procedure.meta?.cache;
    if (!policy || procedure.type !== 'query') continue;
    const procedurePath = procedure.path;

    /**
     * Whether `viewer` gets a response of their own: while shared responses are held back, or as a recent voter. A
     * boolean while the site mode is known (nearly always), so a cache hit waits for no promise.
     */
    const ownResponseFor = (viewer: string): boolean | Promise<boolean> => {
      const ownFor = (shares: boolean) =>
        !shares || (policy.variesBy === 'viewer' && deps.viewers.seesOwnResponses(viewer));
      const shares = deps.sharesResponses();
      return typeof shares === 'boolean' ? ownFor(shares) : shares.then(ownFor);
    };

    /** The viewer's own response, computed by the procedure with its checks, never kept. */
    const own = async (ctx: Context, rawInput: unknown) => {
      const http = { headers: {} };
      const value = await callProcedure(deps.router, procedure, { ...ctx, http }, rawInput);
      return new CacheEntry(value, [], 0, 0, http.headers);
    };

    /**
     * The shared response: cached, or computed for the shared viewer and kept (concurrent misses share one call),
     * with the headers the procedure set.
     */
    const shared = (key: string, ctx: Context, rawInput: unknown) =>
      deps.cache.get(key, async () => {
        const http = { headers: {} };
        const value = await callProcedure(deps.router, procedure, { ...ctx, ipHash: SHARED_VIEWER, http }, rawInput);
        return { value, tags: policy.reads(value as never), headers: http.headers };
      });

    reads.set(procedurePath, {
      procedurePath,
      async respond(req, reply, rawInput) {
        const key = readCacheKey(procedurePath, rawInput);
        const decided = ownResponseFor(deps.viewerOf(req));
        const ownResponse = typeof decided === 'boolean' ? decided : await decided;
        // A hit needs no parsing and no context.
        const hit = ownResponse ? undefined : deps.cache.peek(key);
        if (hit) return hit;
        if (!procedure.acceptsInput(rawInput)) return undefined;
        const ctx = await deps.createContext(req, reply);
        return ownResponse ? own(ctx, rawInput) : shared(key, ctx, rawInput);
      },
      async call(ctx, rawInput) {
        if (await ownResponseFor(ctx.ipHash)) return { entry: await own(ctx, rawInput), shared: false };
        return { entry: await shared(readCacheKey(procedurePath, rawInput), ctx, rawInput), shared: true };
      },
    });
  }
  return reads;
}

/** The body of a tRPC GET response: one result, or a batch of one. */
export const trpcBody = (value: unknown) => `{"result":{"data":${JSON.stringify(value)}}}`;
export const trpcBatchBody = (value: unknown) => `[${trpcBody(value)}]`;

/**
 * Options of every route sent by `sendCached`: it compresses the cached bytes once itself, so the compression
 * plugin's hooks stay off these routes (register them outside the session scope too: they read no session).
 */
export const CACHED_ROUTE_OPTIONS = { compress: false, decompress: false, config: JSON_RESPONSES } as const;

/**
 * GET /trpc/<path> for each cached query, served from the cache in tRPC's own format (plain or as a batch of
 * one, as httpBatchLink sends it). Anything else — an input that does not parse, an error — goes to tRPC's handler,
 * which responds exactly as it would without this route. Batches of several calls use another URL.
 */
export function registerTrpcCachedRoutes(
  app: FastifyInstance,
  reads: Map<string, CachedRead>,
  fallback: (req: FastifyRequest, reply: FastifyReply, path: string) => Promise<void>,
): void {
  for (const read of reads.values()) {
    app.get(`/trpc/${read.procedurePath}`, CACHED_ROUTE_OPTIONS, async (req, reply) => {
      const query = req.query as { input?: string; batch?: string };
      const batch = query.batch === '1';
      let entry: CacheEntry | undefined;
      try {
        const input = query.input === undefined ? undefined : JSON.parse(query.input);
        entry = await read.respond(req, reply, batch ? input?.['0'] : input);
      } catch {
        entry = undefined;
      }
      if (!entry) return fallback(req, reply, read.procedurePath);
      return sendCached(req, reply, entry, batch ? 'trpc-batch' : 'trpc', batch ? trpcBatchBody : trpcBody);
    });
  }
}
