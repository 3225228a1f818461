import type { AnyTRPCProcedure } from '@trpc/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Context } from '../context';
import type { RecentVoters } from '../modules/votes/recent-voters';
import { JSON_ANSWERS } from '../plugins/security';
import { callProcedure, restRouteUrl } from '../rest/adapter';
import type { AppRouter } from '../router';
import type { Meta } from '../trpc';
import { CacheEntry, type Encoding, type ReadCache } from './read-cache';

// Queries many visitors read alike declare `cache` in their meta. Both transports (the /api route and /trpc) then
// answer them from the shared read cache: the key is the procedure and its parsed input, the value is the
// procedure's own checked output, computed through the normal caller on a miss. Errors are never cached: the caller
// falls back to its usual path, which reports them.

/** How a query's answer is cached; set as `meta.cache` on the procedure. */
export interface CachedReadPolicy {
  /** The answer's tags: a write that changes one of them drops it (see tags.ts). */
  tags(output: never): string[];
  /**
   * The answer holds the viewer's own vote state (hasVoted). Cached answers are then computed as for a viewer who has
   * not voted, and viewers with a vote inside the cooldown get an answer computed for them instead.
   */
  votesOfViewer?: boolean;
}

/** An IP hash no vote is ever stored under (a real one is 64 hex digits): "a viewer who has not voted". */
export const NON_VOTER = 'non-voter';

/** A cached answer's key: the procedure and its input as sent (only inputs that parse are ever stored). */
export const readCacheKey = (procedurePath: string, rawInput: unknown) =>
  `${procedurePath}:${JSON.stringify(rawInput) ?? ''}`;

export interface CachedReadDeps {
  router: AppRouter;
  cache: ReadCache;
  recentVoters: RecentVoters;
  /**
   * The context of a cached read: no session (createPublicContext), as the answers are the same for every user —
   * except while `sharesAnswers` says no, when it names the viewer.
   */
  createContext: (req: FastifyRequest, reply: FastifyReply) => Context | Promise<Context>;
  /**
   * Whether the shared answers may be sent as they are. While not (a site mode: only admins may read), every answer
   * is the procedure's own for its viewer, with its checks.
   */
  sharesAnswers: () => Promise<boolean>;
  /** The viewer's IP hash (what vote limits store), without reading the session. */
  ipHashOf: (req: FastifyRequest) => string;
}

interface ProcedureDef {
  type: 'query' | 'mutation' | 'subscription';
  meta?: Meta;
  inputs: { safeParse(value: unknown): { success: boolean; data?: unknown } }[];
}

export interface CachedRead {
  procedurePath: string;
  /**
   * The answer for this request: the shared cached one, or for a viewer with a recent vote one computed for them (not
   * kept). Undefined when the input does not parse (the caller's usual path reports it); the procedure's errors are
   * thrown.
   */
  answer(req: FastifyRequest, reply: FastifyReply, rawInput: unknown): Promise<CacheEntry | undefined>;
}

/** Every query of the router with a `cache` policy, by procedure path. */
export function cachedReads(deps: CachedReadDeps): Map<string, CachedRead> {
  const procedures = deps.router._def.procedures as unknown as Record<string, AnyTRPCProcedure>;
  const reads = new Map<string, CachedRead>();
  for (const [procedurePath, procedure] of Object.entries(procedures)) {
    const def = procedure._def as unknown as ProcedureDef;
    const policy = def.meta?.cache;
    if (!policy || def.type !== 'query') continue;
    const [inputSchema] = def.inputs;
    reads.set(procedurePath, {
      procedurePath,
      async answer(req, reply, rawInput) {
        // A viewer with a vote inside the cooldown gets an answer of their own: the procedure's cache middleware
        // (trpc.ts) lets their call through, and the shared entry is never theirs. So does everyone while shared
        // answers are held back: the procedure's middlewares then decide who may read.
        const ownAnswer =
          !(await deps.sharesAnswers()) ||
          (policy.votesOfViewer === true && deps.recentVoters.includes(deps.ipHashOf(req)));
        const key = readCacheKey(procedurePath, rawInput);
        // A hit needs no parsing and no context.
        const hit = ownAnswer ? undefined : deps.cache.peek(key);
        if (hit) return hit;
        if (inputSchema && !inputSchema.safeParse(rawInput).success) return undefined;
        // On a miss the middleware computes and stores the shared answer (or, when a write overlapped the build,
        // answers without keeping it).
        const value = await callProcedure(procedure, procedurePath, await deps.createContext(req, reply), rawInput);
        return (ownAnswer ? undefined : deps.cache.peek(key)) ?? new CacheEntry(value, [], 0, 0);
      },
    });
  }
  return reads;
}

/**
 * Sends a cached answer in one serialized form, with its ETag: 304 when the client already holds it, and the
 * pre-compressed bytes when the client accepts Brotli or gzip. `private`: hasVoted makes answers per viewer.
 */
export function sendCached(
  req: FastifyRequest,
  reply: FastifyReply,
  entry: CacheEntry,
  form: string,
  serialize: (value: unknown) => string,
  contentType = 'application/json; charset=utf-8',
): FastifyReply {
  const body = entry.body(form, serialize);
  reply.header('etag', body.etag).header('cache-control', 'private, no-cache').header('vary', 'accept-encoding');
  if (matchesEtag(req.headers['if-none-match'], body.etag)) return reply.code(304).send();
  reply.type(contentType);
  const encoding = body.bytes.length >= 1024 ? preferredEncoding(req.headers['accept-encoding']) : undefined;
  if (!encoding) return reply.send(body.bytes);
  return reply.header('content-encoding', encoding).send(entry.encoded(form, serialize, encoding));
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag || tag.trim() === '*');
}

/** Brotli when the client takes it, else gzip, else none (q=0 refuses an encoding). */
export function preferredEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  const accepted = new Set<string>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const refused = params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param));
    if (!refused) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return undefined;
}

/** The body of a tRPC GET answer: one result, or a batch of one. */
export const trpcBody = (value: unknown) => `{"result":{"data":${JSON.stringify(value)}}}`;
export const trpcBatchBody = (value: unknown) => `[${trpcBody(value)}]`;

/**
 * Options of every route answered by `sendCached`: it compresses the cached bytes once itself, so the compression
 * plugin's hooks stay off these routes (register them outside the session scope too: they read no session).
 */
export const CACHED_ROUTE_OPTIONS = { compress: false, decompress: false, config: JSON_ANSWERS } as const;

/**
 * GET /trpc/<path> for each cached query, answered from the cache in tRPC's own format (plain or as a batch of
 * one, as httpBatchLink sends it). Anything else — an input that does not parse, an error — goes to tRPC's handler,
 * which answers exactly as it would without this route. Batches of several calls use another URL.
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
        entry = await read.answer(req, reply, batch ? input?.['0'] : input);
      } catch {
        entry = undefined;
      }
      if (!entry) return fallback(req, reply, read.procedurePath);
      return sendCached(req, reply, entry, batch ? 'trpc-batch' : 'trpc', batch ? trpcBatchBody : trpcBody);
    });
  }
}

/**
 * Writes keep the cache honest: a write request that succeeded drops every cached answer before its own answer is
 * sent, except the mutations marked `invalidatesPrecisely`, which drop just what they changed themselves (a vote: its
 * car's answers; a cart line or a session: nothing).
 */
export function registerCacheInvalidation(app: FastifyInstance, router: AppRouter, cache: ReadCache): void {
  const procedures = router._def.procedures as unknown as Record<string, AnyTRPCProcedure>;
  const preciseMetas = Object.entries(procedures)
    .map(([path, procedure]) => ({ path, meta: (procedure._def as unknown as ProcedureDef).meta }))
    .filter(({ meta }) => meta?.invalidatesPrecisely);
  const precise = new Set(preciseMetas.map(({ path }) => path));
  // Their REST routes as Fastify names them (method and route pattern: /api/cart/:id).
  const preciseRestRoutes = new Set(
    preciseMetas
      .filter(({ meta }) => meta?.openapi)
      .map(({ meta }) => `${meta?.openapi?.method} ${restRouteUrl('/api', meta?.openapi?.path ?? '')}`),
  );
  app.addHook('onSend', (req, reply, payload, done) => {
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS' || reply.statusCode >= 400) {
      return done(null, payload);
    }
    const path = req.url.split('?')[0] ?? '';
    const trpcPaths = path.startsWith('/trpc/') ? path.slice('/trpc/'.length).split(',') : undefined;
    const isPrecise = trpcPaths
      ? trpcPaths.every((p) => precise.has(p))
      : preciseRestRoutes.has(`${req.method} ${req.routeOptions.url}`);
    if (!isPrecise) cache.clear();
    done(null, payload);
  });
}
