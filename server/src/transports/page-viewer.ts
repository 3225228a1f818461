import type { FastifyReply, FastifyRequest } from 'fastify';
import { SHARED_VIEWER } from '../cache-policies';
import type { Context } from '../context';
import type { PageViewerOf, SharedResponse } from '../plugins/page-render';
import type { ViewerVariance } from '../read-cache/policy';
import type { AppRouter } from '../router';
import type { CachedRead } from './cached-reads';
import { callProcedure, listProcedures, type Procedure } from './trpc-internals';

// Who a landing page is rendered for on the server (plugins/page-render.ts), and what of it other visitors may share:
// a page is kept for every signed-out visitor only when each response it was rendered from is one they would all get
// too.

/** Responses that depend on the session alone, so every signed-out viewer gets the same one (null). */
const ALIKE_WHEN_SIGNED_OUT = new Set(['accounts.me']);

export interface PageViewerDeps {
  router: AppRouter;
  /** The queries answered from the read cache, by procedure path (cached-reads.ts). */
  cachedReads: Map<string, CachedRead>;
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

  return async (req, reply) => {
    const viewerCtx = await deps.createContext(req, reply);
    if (viewerCtx.user) return null;
    // Every signed-out viewer gets the shared page, rendered from the shared responses: a recent voter's own (their
    // votes) are marked on it by their tags (client.ts), as their cached reads are marked.
    const ownTags = deps.viewers.seesOwnResponses(viewerCtx.ipHash) ? deps.viewers.ownTags(viewerCtx.ipHash) : [];
    const ctx = { ...viewerCtx, ipHash: SHARED_VIEWER };
    const seesSharedPage = true;
    return {
      seesSharedPage,
      ownTags,
      async call(procedurePath, input): Promise<{ value: unknown; shared: SharedResponse | null }> {
        const cachedRead = deps.cachedReads.get(procedurePath);
        if (cachedRead) {
          // What the response shares with other signed-out viewers: the cached entry's tags and lifetime.
          const { entry, shared } = await cachedRead.call(ctx, input);
          const alike = seesSharedPage && shared;
          return { value: entry.value, shared: alike ? { tags: entry.tags, expiresAt: entry.expiresAt } : null };
        }
        const procedure = queries.get(procedurePath);
        if (!procedure) throw new Error(`No query procedure ${procedurePath}`);
        const value = await callProcedure(deps.router, procedure, ctx, input);
        // Responses that depend on the session alone are the same for every signed-out viewer; others are theirs.
        const alike = seesSharedPage && ALIKE_WHEN_SIGNED_OUT.has(procedurePath);
        return { value, shared: alike ? { tags: [], expiresAt: Infinity } : null };
      },
    };
  };
}
