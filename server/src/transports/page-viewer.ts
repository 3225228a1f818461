import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Context } from '../context';
import type { PageViewerOf, SharedResponse } from '../plugins/page-render';
import { readCacheKey, type ViewerVariance } from '../read-cache/policy';
import type { ReadCache } from '../read-cache/read-cache';
import type { AppRouter } from '../router';
import { callProcedure, listProcedures, type Procedure } from './trpc-internals';

// Who a landing page is rendered for on the server (plugins/page-render.ts), and what of it other visitors may share:
// a page is kept for every signed-out visitor only when each response it was rendered from is one they would all get
// too.

/** Responses that depend on the session alone, so every signed-out viewer gets the same one (null). */
const ALIKE_WHEN_SIGNED_OUT = new Set(['accounts.me']);

export interface PageViewerDeps {
  router: AppRouter;
  cache: ReadCache;
  /** Who sees responses of their own from the queries that vary by viewer. */
  viewers: ViewerVariance;
  /** The request's context, with its session read. */
  createContext: (req: FastifyRequest, reply: FastifyReply) => Promise<Context>;
}

/** The viewer of a page request: a signed-out visitor, or null (a signed-in one gets the page rendered in the browser). */
export function pageViewerOf(deps: PageViewerDeps): PageViewerOf {
  const queries = new Map<string, Procedure>(
    listProcedures(deps.router)
      .filter((procedure) => procedure.type === 'query')
      .map((procedure) => [procedure.path, procedure]),
  );

  /** What the response just given by `procedure` shares with other signed-out viewers who see shared responses. */
  const sharedResponse = (procedure: Procedure, input: unknown): SharedResponse | null => {
    if (ALIKE_WHEN_SIGNED_OUT.has(procedure.path)) return { tags: [], expiresAt: Infinity };
    if (!procedure.meta?.cache) return null; // computed for this viewer alone
    // The cached response it was served from; none when a write dropped it meanwhile (the page is then not kept).
    const entry = deps.cache.peek(readCacheKey(procedure.path, input));
    return entry ? { tags: entry.tags, expiresAt: entry.expiresAt } : null;
  };

  return async (req, reply) => {
    const ctx = await deps.createContext(req, reply);
    if (ctx.user) return null;
    // A viewer who sees no responses of their own gets the shared cached ones.
    const seesSharedPage = !deps.viewers.seesOwnResponses(ctx.ipHash);
    return {
      seesSharedPage,
      async call(procedurePath, input) {
        const procedure = queries.get(procedurePath);
        if (!procedure) throw new Error(`No query procedure ${procedurePath}`);
        const value = await callProcedure(deps.router, procedure, ctx, input);
        return { value, shared: seesSharedPage ? sharedResponse(procedure, input) : null };
      },
    };
  };
}
