import { initTRPC, TRPCError } from '@trpc/server';
import { middlewareMarker } from '@trpc/server/unstable-core-do-not-import';
import type { OpenApiMeta } from 'trpc-to-openapi';
import type { Context } from './context';
import { DomainError } from './errors';
import { domainCodeOf, domainToTrpcError, toErrorAnswer } from './http-errors';
import { type CachedReadPolicy, NON_VOTER, readCacheKey } from './read-cache/cached-reads';

/**
 * Procedure meta: the REST path (trpc-to-openapi's shape); for REST, a success status other than 200 and, when the
 * procedure sets `ctx.http.status` to 200 in some cases (an idempotent create that finds the row already there), that
 * case's description as `alsoOk`, so the OpenAPI document lists both statuses; for queries
 * many visitors read alike, how the read cache keeps them; for mutations that drop exactly the cached answers they
 * change, `invalidatesPrecisely` (any other write clears the read cache).
 */
export type Meta = OpenApiMeta<{
  successStatus?: 201 | 204;
  alsoOk?: string;
  cache?: CachedReadPolicy;
  invalidatesPrecisely?: true;
}>;

// Access levels are defined here once. Handlers never check roles themselves.

const t = initTRPC
  .context<Context>()
  .meta<Meta>()
  .create({
    errorFormatter({ shape, error }) {
      const answer = toErrorAnswer(error);
      return {
        message: answer.body.message,
        code: shape.code,
        data: {
          // A service's own code where it has one beyond tRPC's (MAINTENANCE_MODE), as the REST answer gives it.
          code: domainCodeOf(error) ?? shape.data.code,
          httpStatus: answer.status,
          path: shape.data.path,
          issues: answer.body.issues,
          retryAfterSeconds: answer.body.retryAfterSeconds,
        },
      };
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/** Services throw DomainError; give tRPC the matching code so both /trpc and /api answer the right status. */
const domainErrors = t.middleware(async ({ next, ctx, path }) => {
  const result = await next();
  if (!result.ok) {
    const cause = result.error.cause;
    if (cause instanceof DomainError) throw domainToTrpcError(cause);
    if (toErrorAnswer(result.error).isServerError) {
      ctx.req.log.error({ err: cause ?? result.error, procedure: path }, 'procedure failed');
    }
  }
  return result;
});

/**
 * Queries with `meta.cache` are answered from the read cache (read-cache/), on every transport and inside batches:
 * computed once — as for a viewer who has not voted, checked by the output schema — and shared; viewers with a recent
 * vote get an answer of their own. Errors are never cached. Each answer spends the request's answer budget, so one
 * batch of the largest pages cannot make the server build a huge answer.
 */
const cachedRead = t.middleware(({ meta, ctx, path, type, getRawInput, next }) => {
  const policy = meta?.cache;
  if (type !== 'query' || !policy) return next();
  return ctx.answerBudget.inTurn(async () => {
    if (policy.votesOfViewer && ctx.services.recentVoters.includes(ctx.ipHash)) {
      const own = await next();
      return { result: own, chars: own.ok ? (JSON.stringify(own.data)?.length ?? 0) : 0 };
    }
    let failed: Awaited<ReturnType<typeof next>> | undefined;
    try {
      const entry = await ctx.services.readCache.get(readCacheKey(path, await getRawInput()), async () => {
        const result = await next({ ctx: { ...ctx, ipHash: NON_VOTER } });
        if (!result.ok) {
          failed = result;
          throw result.error;
        }
        return { value: result.data, tags: policy.tags(result.data as never) };
      });
      return { result: { ok: true as const, data: entry.value, marker: middlewareMarker }, chars: entry.jsonLength };
    } catch (error) {
      if (failed) return { result: failed, chars: 0 };
      throw error;
    }
  });
});

/**
 * What stays open to everyone while the site is in maintenance or coming-soon mode: what the /auth page offers and an
 * admin needs to sign in and turn the mode off (the site settings, signing in and out, registering, password reset).
 */
const openDuringSiteModes = (path: string) => path === 'settings.get' || path.startsWith('accounts.');

/**
 * While a site mode is on, the site is for admins only: everyone else's calls — writes, and the reads the mode hides
 * — answer 503 with the mode's message and code. Before the read cache, so a cached answer is no way around it (the
 * cached routes send no shared answer while a mode is on: read-cache/cached-reads.ts).
 */
const siteModes = t.middleware(async ({ ctx, path, next }) => {
  if (!openDuringSiteModes(path)) {
    const refusal = await ctx.services.settings.refusalFor(ctx.user);
    if (refusal) throw refusal;
  }
  return next();
});

export const publicProcedure = t.procedure.use(domainErrors).use(siteModes).use(cachedRead);

export const authedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Authentication required' });
  return next({ ctx: { ...ctx, user: ctx.user } });
});

export const adminProcedure = authedProcedure.use(({ ctx, next }) => {
  if (ctx.user.role !== 'admin') throw new TRPCError({ code: 'FORBIDDEN', message: 'Admin access required' });
  return next({ ctx });
});
