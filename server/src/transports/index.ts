import { LIMITS } from '@curbside/shared';
import { type FastifyTRPCPluginOptions, fastifyRequestHandler, fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { viewersOf } from '../cache-policies';
import type { Config } from '../config';
import { type Context, viewerIpHash } from '../context';
import { errorHeaders, toErrorResponse } from '../http-errors';
import type { PageViewerOf } from '../plugins/page-render';
import { type AppRouter, appRouter } from '../router';
import type { Services } from '../services';
import { type CachedRead, cachedReads, registerTrpcCachedRoutes } from './cached-reads';
import { registerApiDocs } from './openapi';
import { pageViewerOf } from './page-viewer';
import { registerRestRoutes } from './rest-routes';
import { registerTrpcMutationRoutes } from './trpc-mutations';

// Every way a request reaches a procedure. Each calls the procedure through tRPC (callTRPCProcedure or tRPC's own
// handler), so its middlewares (trpc.ts: errors, token scopes, site modes, the response budget, write invalidation)
// and its input and output schemas run alike; only trpc-internals.ts reads tRPC's internals (the procedure listing).
// Registered here, called from app.ts:
//
// 1. /trpc: tRPC's own Fastify plugin, in the session scope (registerSessionTransports). The browser's typed client
//    sends one call per request; batches of several calls (other clients) are answered here, every call computed.
// 2. GET /trpc/<query> of each query with a read-cache policy, one call: cached-reads.ts, outside the session scope
//    (registerCachedReadTransports). Sends the read cache's bytes, serialized and compressed once, with an ETag, and
//    parses no cookie; a miss calls the procedure. Why a route of its own: tRPC's handler turns each request into a
//    fetch Request and back and runs the session hooks, which cost more than the cache hit itself (one cached car:
//    30% of a bare Fastify route through tRPC's handler, 59% through this route; docs/performance.md).
// 3. POST /trpc/<mutation>, one call: trpc-mutations.ts, in the session scope. Why: tRPC's handler turns each request
//    into a fetch Request and back, which cost more than the vote; the native route responds with tRPC's own status
//    and error shape (docs/performance.md).
// 4. /api/…, the documented REST paths: rest-routes.ts, native Fastify routes generated from each procedure's
//    OpenAPI meta (found by Fastify's radix router, no scan of the procedures per request). Registered twice: the
//    cached queries outside the session scope (as 2), every other route in it. /api/openapi.json and /api/docs are
//    generated from the same meta (openapi.ts).
// 5. Server-rendered landing pages: page-viewer.ts calls the queries in-process as the request's viewer (the cached
//    ones through cached-reads.ts) for the client's server entry (plugins/page-render.ts renders, plugins/client.ts
//    sends and keeps the page).
//
// Routes that are not procedures (multipart uploads, files, the Stripe webhook, the share image) are in app.ts.

export interface TransportDeps {
  config: Config;
  services: Services;
  /** The request's context, with its session read. */
  createContext: (req: FastifyRequest, reply: FastifyReply) => Promise<Context>;
  /** The context of a cached read: no session, except while a site mode is on (only admins may read then). */
  createCachedReadContext: (req: FastifyRequest, reply: FastifyReply) => Promise<Context>;
}

/** Headers of a tRPC response: what the procedure set, and those of its errors (Retry-After, WWW-Authenticate). */
function trpcHeaders(ctx: Context | undefined, errors: unknown[]): Record<string, string> {
  const fromErrors = errors.map((e) => errorHeaders(toErrorResponse(e)));
  return Object.assign({ ...(ctx?.http.headers ?? {}) }, ...fromErrors);
}

function trpcOptions(
  createContext: TransportDeps['createContext'],
): FastifyTRPCPluginOptions<AppRouter>['trpcOptions'] {
  return {
    router: appRouter,
    createContext: ({ req, res }) => createContext(req, res),
    responseMeta: ({ ctx, errors }) => ({ headers: trpcHeaders(ctx, errors) }),
    // One request computes at most this many responses (plugins/request-bounds.ts refuses batches of mutations).
    maxBatchSize: LIMITS.trpcBatchMax,
  };
}

/**
 * Paths 2 and 4 (cached queries): the hot reads respond alike for every user, signed in or not, so they are
 * registered outside the session scope and no cookie is parsed for them. Returns the cached reads by procedure path.
 */
export function registerCachedReadTransports(app: FastifyInstance, deps: TransportDeps): Map<string, CachedRead> {
  const reads = cachedReads({
    router: appRouter,
    cache: deps.services.readCache,
    viewers: viewersOf(deps.services),
    createContext: deps.createCachedReadContext,
    sharesResponses: () => {
      const modeIsOn = deps.services.settings.modeIsOnIfKnown();
      return modeIsOn === undefined ? deps.services.settings.modeIsOn().then((on) => !on) : !modeIsOn;
    },
    viewerOf: (req) => viewerIpHash(req, deps.config),
  });
  const fallbackOptions = trpcOptions(deps.createCachedReadContext);
  registerTrpcCachedRoutes(app, reads, (req, reply, path) =>
    fastifyRequestHandler({ ...fallbackOptions, req, res: reply, path }),
  );
  registerRestRoutes(app, {
    router: appRouter,
    basePath: '/api',
    which: 'cached',
    createContext: deps.createCachedReadContext,
    cachedReads: reads,
  });
  return reads;
}

/** Paths 1, 3 and 4 (all but the cached queries), the API documents, and the viewer of server-rendered pages (5). */
export async function registerSessionTransports(
  withSessions: FastifyInstance,
  deps: TransportDeps,
  reads: Map<string, CachedRead>,
): Promise<{ pageViewerOf: PageViewerOf }> {
  await withSessions.register(fastifyTRPCPlugin, { prefix: '/trpc', trpcOptions: trpcOptions(deps.createContext) });
  await registerTrpcMutationRoutes(withSessions, {
    router: appRouter,
    createContext: deps.createContext,
    headersFor: trpcHeaders,
  });
  registerRestRoutes(withSessions, {
    router: appRouter,
    basePath: '/api',
    which: 'uncached',
    createContext: deps.createContext,
    cachedReads: reads,
  });
  await registerApiDocs(withSessions, appRouter, deps.config);
  return {
    pageViewerOf: pageViewerOf({
      router: appRouter,
      cachedReads: reads,
      viewers: viewersOf(deps.services),
      createContext: deps.createContext,
    }),
  };
}
