import { initTRPC, TRPCError } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import type { Context } from './context';
import { DomainError } from './errors';
import { domainToTrpcError, toErrorAnswer } from './http-errors';
import type { CachedReadPolicy } from './read-cache/cached-reads';

/**
 * Procedure meta: the REST path (trpc-to-openapi's shape); for REST, a success status other than 200; for queries
 * many visitors read alike, how the read cache keeps them; for mutations that drop exactly the cached answers they
 * change, `invalidatesPrecisely` (any other write clears the read cache).
 */
export type Meta = OpenApiMeta<{
  successStatus?: 201 | 204;
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
          code: shape.data.code,
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

export const publicProcedure = t.procedure.use(domainErrors);

export const authedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Authentication required' });
  return next({ ctx: { ...ctx, user: ctx.user } });
});

export const adminProcedure = authedProcedure.use(({ ctx, next }) => {
  if (ctx.user.role !== 'admin') throw new TRPCError({ code: 'FORBIDDEN', message: 'Admin access required' });
  return next({ ctx });
});
