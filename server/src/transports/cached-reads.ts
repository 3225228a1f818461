import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Context } from '../context';
import { JSON_RESPONSES } from '../plugins/security';
import { sendCached } from '../read-cache/http';
import { readCacheKey, type ViewerVariance } from '../read-cache/policy';
import { CacheEntry, type ReadCache } from '../read-cache/read-cache';
import type { AppRouter } from '../router';
import { callProcedure, listProcedures } from './trpc-internals';

// Queries many visitors read alike declare `cache` in their meta (read-cache/policy.ts). Both transports (the /api
// route and /trpc) then serve them from the shared read cache: the key is the procedure and its input, the value is
// the procedure's own checked output, computed through the procedure (its middlewares: trpc.ts) on a miss. Errors
// are never cached: the caller falls back to its usual path, which reports them.

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
   * computed for them (not kept). Undefined when the input does not parse (the caller's usual path reports it); the procedure's errors are
   * thrown.
   */
  respond(req: FastifyRequest, reply: FastifyReply, rawInput: unknown): Promise<CacheEntry | undefined>;
}

/** Every query of the router with a `cache` policy, by procedure path. */
export function cachedReads(deps: CachedReadDeps): Map<string, CachedRead> {
  const reads = new Map<string, CachedRead>();
  for (const procedure of listProcedures(deps.router)) {
    const policy = procedure.meta?.cache;
    if (!policy || procedure.type !== 'query') continue;
    const procedurePath = procedure.path;
    reads.set(procedurePath, {
      procedurePath,
      async respond(req, reply, rawInput) {
        // A viewer who sees responses of their own gets one: the procedure's cache middleware (trpc.ts) lets their
        // call through, and the shared entry is never theirs. So does everyone while shared responses are held back:
        // the procedure's middlewares then decide who may read.
        const shares = deps.sharesResponses();
        const ownResponse =
          !(typeof shares === 'boolean' ? shares : await shares) ||
          (policy.variesBy === 'viewer' && deps.viewers.seesOwnResponses(deps.viewerOf(req)));
        const key = readCacheKey(procedurePath, rawInput);
        // A hit needs no parsing and no context.
        const hit = ownResponse ? undefined : deps.cache.peek(key);
        if (hit) return hit;
        if (!procedure.acceptsInput(rawInput)) return undefined;
        // On a miss the middleware computes and stores the shared response (or, when a write overlapped the build,
        // returns it without keeping it).
        const value = await callProcedure(deps.router, procedure, await deps.createContext(req, reply), rawInput);
        return (ownResponse ? undefined : deps.cache.peek(key)) ?? new CacheEntry(value, [], 0, 0);
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
