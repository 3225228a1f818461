import type { AnyTRPCProcedure } from '@trpc/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Context } from '../context';
import type { RecentVoters } from '../modules/votes/recent-voters';
import { readCacheKey } from '../read-cache/cached-reads';
import type { ReadCache } from '../read-cache/read-cache';
import { callProcedure } from '../rest/adapter';
import type { AppRouter } from '../router';
import type { Meta } from '../trpc';
import type { PageViewerOf, SharedAnswer } from './page-render';

// Who a landing page is drawn for on the server (page-render.ts), and what of it other visitors may share: a page is
// kept for every signed-out visitor only when each answer it was drawn from is one they would all get too.

/** Answers that depend on the session alone, so every signed-out viewer gets the same one (null). */
const ALIKE_WHEN_SIGNED_OUT = new Set(['accounts.me']);

export interface PageViewerDeps {
  router: AppRouter;
  cache: ReadCache;
  recentVoters: RecentVoters;
  /** The request's context, with its session read. */
  createContext: (req: FastifyRequest, reply: FastifyReply) => Promise<Context>;
}

/** The viewer of a page request: a signed-out visitor, or null (a signed-in one gets the page drawn in the browser). */
export function pageViewerOf(deps: PageViewerDeps): PageViewerOf {
  const procedures = deps.router._def.procedures as unknown as Record<string, AnyTRPCProcedure>;

  /** What the answer just given by `procedurePath` shares with other signed-out viewers without a recent vote. */
  const sharedAnswer = (procedurePath: string, input: unknown): SharedAnswer | null => {
    if (ALIKE_WHEN_SIGNED_OUT.has(procedurePath)) return { tags: [], expiresAt: Infinity };
    const meta = (procedures[procedurePath]?._def as { meta?: Meta } | undefined)?.meta;
    if (!meta?.cache) return null; // computed for this viewer alone
    // The cached answer it was served from; none when a write dropped it meanwhile (the page is then not kept).
    const entry = deps.cache.peek(readCacheKey(procedurePath, input));
    return entry ? { tags: entry.tags, expiresAt: entry.expiresAt } : null;
  };

  return async (req, reply) => {
    const ctx = await deps.createContext(req, reply);
    if (ctx.user) return null;
    // Without a vote inside the cooldown, the viewer's answers are the shared cached ones (hasVoted false).
    const seesSharedPage = !deps.recentVoters.includes(ctx.ipHash);
    return {
      seesSharedPage,
      async call(procedurePath, input) {
        const procedure = procedures[procedurePath];
        if (procedure?._def.type !== 'query') throw new Error(`No query procedure ${procedurePath}`);
        const value = await callProcedure(procedure, procedurePath, ctx, input);
        return { value, shared: seesSharedPage ? sharedAnswer(procedurePath, input) : null };
      },
    };
  };
}
