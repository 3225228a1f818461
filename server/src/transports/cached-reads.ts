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
     * How `viewer` is answered: 'computed' (a response computed for them: while shared responses are held back, or
     * as a recent voter of a policy that cannot personalize), 'marked' (the shared response, made theirs where it
     * holds their own tags) or 'shared'. Known at once while the site mode is (nearly always), so a cache hit waits
     * for no promise.
     */
    type Answer = 'computed' | 'marked' | 'shared';
    const answerFor = (viewer: string): Answer | Promise<Answer> => {
      const answer = (shares: boolean): Answer => {
        if (!shares) return 'computed';
        if (policy.variesBy !== 'viewer' || !deps.viewers.seesOwnResponses(viewer)) return 'shared';
        return policy.personalize ? 'marked' : 'computed';
      };
      const shares = deps.sharesResponses();
      return typeof shares === 'boolean' ? answer(shares) : shares.then(answer);
    };

    /** The viewer's own response, computed by the procedure with its checks, never kept. */
    const own = async (ctx: Context, rawInput: unknown) => {
      const http = { headers: {} };
      const value = await callProcedure(deps.router, procedure, { ...ctx, http }, rawInput);
      return new CacheEntry(value, [], 0, 0, http.headers);
    };

    /**
     * The shared response: cached, or computed for the shared viewer and kept (concurrent misses share one call),
     * with the headers the procedure set; right after a write that dropped it, from the primary database.
     */
    const shared = (key: string, ctx: Context, rawInput: unknown) =>
      deps.cache.get(key, async (readAfterWrite) => {
        const http = { headers: {} };
        const sharedCtx = { ...ctx, ipHash: SHARED_VIEWER, http, readAfterWrite };
        const value = await callProcedure(deps.router, procedure, sharedCtx, rawInput);
        return { value, tags: policy.reads(value as never, rawInput), headers: http.headers };
      });

    /**
     * The shared entry as `viewer` sees it: itself when none of its tags is theirs, else it marked for them, kept
     * beside it (for every viewer with the same own tags in it) while the shared entry is the cached one.
     */
    const marked = (key: string, entry: CacheEntry, viewer: string): CacheEntry | Promise<CacheEntry> => {
      const mine = deps.viewers.ownTags(viewer).filter((tag) => entry.tags.includes(tag));
      if (mine.length === 0 || !policy.personalize) return entry;
      const personalize = policy.personalize;
      const markedKey = `${key}#${[...mine].sort().join(',')}`;
      return (
        deps.cache.peek(markedKey) ??
        deps.cache.get(markedKey, async () => ({
          value: personalize(entry.value as never, mine),
          tags: entry.tags,
          expiresAt: entry.expiresAt,
          keep: deps.cache.peek(key) === entry,
        }))
      );
    };

    reads.set(procedurePath, {
      procedurePath,
      async respond(req, reply, rawInput) {
        const key = readCacheKey(procedurePath, rawInput);
        const viewer = deps.viewerOf(req);
        const decided = answerFor(viewer);
        const answer = typeof decided === 'string' ? decided : await decided;
        // A hit needs no parsing and no context.
        const hit = answer === 'computed' ? undefined : deps.cache.peek(key);
        if (hit) return answer === 'marked' ? marked(key, hit, viewer) : hit;
        if (!procedure.acceptsInput(rawInput)) return undefined;
        const ctx = await deps.createContext(req, reply);
        if (answer === 'computed') return own(ctx, rawInput);
        const entry = await shared(key, ctx, rawInput);
        return answer === 'marked' ? marked(key, entry, viewer) : entry;
      },
      async call(ctx, rawInput) {
        const answer = await answerFor(ctx.ipHash);
        if (answer === 'computed') return { entry: await own(ctx, rawInput), shared: false };
        const key = readCacheKey(procedurePath, rawInput);
        const entry = await shared(key, ctx, rawInput);
        if (answer === 'shared') return { entry, shared: true };
        const mine = await marked(key, entry, ctx.ipHash);
        return { entry: mine, shared: mine === entry };
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
 *
 * Why a route beside tRPC's handler, and what it costs: tRPC's Fastify adapter turns each request into a fetch
 * Request and its response back, and runs in the session scope (a cookie parsed per request), which costs more than
 * a cache hit itself. Measured with the bench (docs/performance.md, "What makes it fast"), one cached car over /trpc is 59% of a
 * bare Fastify route sending the same bytes through this route and 30% through tRPC's handler — the floor of the
 * /trpc target. What it costs: tRPC's success format written here (`trpcBody`, two lines; errors are never written
 * here, they go to tRPC's handler), and a second place a /trpc GET can be answered, which the tests in
 * cached-reads.integration.test.ts hold to what the procedure computes.
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
