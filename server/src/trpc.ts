import { type ApiTokenScope, MESSAGES } from '@curbside/shared';
import { initTRPC, TRPCError } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { SHARED_VIEWER, viewersOf } from './cache-policies';
import type { Context } from './context';
import { DomainError } from './errors';
import { domainCodeOf, domainToTrpcError, toErrorResponse } from './http-errors';
import { type CachedReadPolicy, type Invalidates, invalidateAfterWrite, readCacheKey } from './read-cache/policy';
import { middlewareResult, runRules } from './transports/trpc-internals';

/**
 * Procedure meta: the REST path (trpc-to-openapi's shape); for REST, a success status other than 200 and, when the
 * procedure sets `ctx.http.status` to 200 in some cases (an idempotent create that finds the row already there), that
 * case's description as `alsoOk`, so the OpenAPI document lists both statuses; and the read cache's policy
 * (read-cache/policy.ts): for a query many visitors read alike, `cache` (what its response is made of, whether it
 * varies by viewer); for a mutation, `invalidates` (which cached responses its success drops; 'everything' unless
 * said otherwise).
 */
export type Meta = OpenApiMeta<{
  successStatus?: 201 | 204;
  alsoOk?: string;
  cache?: CachedReadPolicy;
  invalidates?: Invalidates;
}>;

// Access levels are defined here once. Handlers never check roles themselves.

const t = initTRPC
  .context<Context>()
  .meta<Meta>()
  .create({
    errorFormatter({ shape, error }) {
      const response = toErrorResponse(error);
      return {
        message: response.body.message,
        code: shape.code,
        data: {
          // A service's own code where it has one beyond tRPC's (MAINTENANCE_MODE), as the REST response gives it.
          code: domainCodeOf(error) ?? shape.data.code,
          httpStatus: response.status,
          path: shape.data.path,
          issues: response.body.issues,
          retryAfterSeconds: response.body.retryAfterSeconds,
        },
      };
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/** What a rule of every call gets (tRPC's middleware options) and resolves to (the call's result). */
type RuleOptions = Parameters<Parameters<typeof t.middleware>[0]>[0];
type Rule = (options: RuleOptions) => Promise<Awaited<ReturnType<RuleOptions['next']>>>;

/** Services throw DomainError; give tRPC the matching code so both /trpc and /api respond with the right status. */
const domainErrors: Rule = async ({ next, ctx, path }) => {
  const result = await next();
  if (!result.ok) {
    const cause = result.error.cause;
    if (cause instanceof DomainError) throw domainToTrpcError(cause);
    if (toErrorResponse(result.error).isServerError) {
      ctx.req.log.error({ err: cause ?? result.error, procedure: path }, 'procedure failed');
    }
  }
  return result;
};

/**
 * Queries with `meta.cache` are served from the read cache (read-cache/), on every transport and inside batches:
 * computed once — for the shared viewer when the response varies by viewer, checked by the output schema — and
 * shared; a viewer who sees responses of their own (cache-policies.ts) gets one computed for them. Errors are never
 * cached. Each response spends the request's response budget, so one batch of the largest pages cannot make the server
 * build a huge response.
 */
const cachedRead: Rule = async ({ meta, ctx, path, type, getRawInput, next }) => {
  const policy = meta?.cache;
  if (type !== 'query' || !policy) return next();
  return ctx.responseBudget.inTurn(async () => {
    if (policy.variesBy === 'viewer' && viewersOf(ctx.services).seesOwnResponses(ctx.ipHash)) {
      const own = await next();
      return { result: own, chars: own.ok ? (JSON.stringify(own.data)?.length ?? 0) : 0 };
    }
    let failed: Awaited<ReturnType<typeof next>> | undefined;
    try {
      const entry = await ctx.services.readCache.get(readCacheKey(path, await getRawInput()), async () => {
        // A shared response is computed for the shared viewer (a context's viewer key is its IP hash).
        const result = await next({ ctx: { ...ctx, ipHash: SHARED_VIEWER } });
        if (!result.ok) {
          failed = result;
          throw result.error;
        }
        return { value: result.data, tags: policy.reads(result.data as never) };
      });
      return { result: middlewareResult(entry.value), chars: entry.jsonLength };
    } catch (error) {
      if (failed) return { result: failed, chars: 0 };
      throw error;
    }
  });
};

/**
 * What stays open to everyone while the site is in maintenance or coming-soon mode: what the /auth page offers and an
 * admin needs to sign in and turn the mode off (the site settings, signing in and out, registering, password reset).
 */
const openDuringSiteModes = (path: string) => path === 'settings.get' || path.startsWith('accounts.');

/**
 * While a site mode is on, the site is for admins only: everyone else's calls — writes, and the reads the mode hides
 * — get a 503 with the mode's message and code. Before the read cache, so a cached response is no way around it (the
 * cached routes send no shared response while a mode is on: transports/cached-reads.ts).
 */
const siteModes: Rule = async ({ ctx, path, next }) => {
  if (!openDuringSiteModes(path)) {
    const refusal = await siteModeRefusal(ctx);
    if (refusal) throw refusal;
  }
  return next();
};

/**
 * A mutation that succeeded drops the cached responses it changed, as its `meta.invalidates` says; the write
 * request's response then clears the rest of the read cache unless every procedure it ran said what it changes
 * (read-cache/policy.ts).
 */
const writeInvalidation: Rule = async ({ meta, ctx, type, getRawInput, next }) => {
  if (type !== 'mutation') return next();
  const result = await next();
  if (result.ok) {
    invalidateAfterWrite(ctx.services.readCache, ctx.req, meta?.invalidates, result.data, await getRawInput());
  }
  return result;
};

/** An API token's scope bounds what a call may do, within its user's own rights: a read token only reads. */
const tokenScopes: Rule = async ({ ctx, type, next }) => {
  if (type === 'mutation') mayWrite(ctx);
  return next();
};

/** Every procedure's rules, outermost first, run in one tRPC middleware (runRules says why). */
const everyCall: readonly Rule[] = [domainErrors, tokenScopes, siteModes, cachedRead, writeInvalidation];

export const publicProcedure = t.procedure.use(t.middleware((options) => runRules(everyCall, options)));

/**
 * Who sends a request: the user (of the session cookie, or of the API token sent as `Authorization: Bearer`) and,
 * for a token, its scope (null for the browser's session, which has every right of its user).
 */
export interface Caller<U> {
  user: U | null;
  tokenScope: ApiTokenScope | null;
}

/**
 * Who acts, as the services see it: the signed-in user's id and whether they act as an admin (actsAsAdmin). Services
 * decide owner-or-admin questions from this, never from the user's role.
 */
export interface Actor {
  id: number;
  admin: boolean;
}

/**
 * Whether the caller acts as an admin: an admin signed in with the browser's session or with an admin-scope API
 * token. The one rule behind every admin power — the admin procedures, owner-or-admin checks, site modes, the plain
 * routes — so a token without the admin scope is an ordinary user everywhere.
 */
export function actsAsAdmin(caller: Caller<{ role: string }>): boolean {
  return caller.user?.role === 'admin' && (caller.tokenScope === null || caller.tokenScope === 'admin');
}

/** The signed-in caller as an Actor (the refusal of signedIn when nobody is signed in). */
export function actorOf(caller: Caller<{ id: number; role: string }>): Actor {
  return { id: signedIn(caller.user).id, admin: actsAsAdmin(caller) };
}

/**
 * The access levels as checks, used by the procedures below and by the plain routes' hook (plugins/route-access.ts):
 * the signed-in user, or the refusal the procedures of that level respond with.
 */
export function signedIn<U extends { role: string }>(user: U | null | undefined): U {
  if (!user) throw new TRPCError({ code: 'UNAUTHORIZED', message: MESSAGES.server.authenticationRequired });
  return user;
}

/** A change: refused to a read-only API token. */
export function mayWrite(caller: Caller<unknown>): void {
  if (caller.tokenScope === 'read') {
    throw new TRPCError({ code: 'FORBIDDEN', message: MESSAGES.server.apiTokenReadOnly });
  }
}

/** An admin's call (actsAsAdmin): refused to a non-admin, and to an admin's API token without the admin scope. */
export function admin<U extends { role: string }>(caller: Caller<U>): U {
  const signedInUser = signedIn(caller.user);
  if (signedInUser.role !== 'admin') throw new TRPCError({ code: 'FORBIDDEN', message: MESSAGES.server.adminOnly });
  if (!actsAsAdmin(caller)) throw new TRPCError({ code: 'FORBIDDEN', message: MESSAGES.server.apiTokenNotAdmin });
  return signedInUser;
}

/** The 503 of a site mode for anyone who does not act as an admin, or null (settings.service.ts refusalFor). */
export function siteModeRefusal(ctx: Pick<Context, 'services' | 'user' | 'tokenScope'>) {
  return ctx.services.settings.refusalFor(actsAsAdmin(ctx));
}

export const authedProcedure = publicProcedure.use(({ ctx, next }) =>
  next({ ctx: { ...ctx, user: signedIn(ctx.user), actor: actorOf(ctx) } }),
);

export const adminProcedure = authedProcedure.use(({ ctx, next }) => {
  admin(ctx);
  return next({ ctx });
});

/** Signed in with the browser's session, not an API token: making tokens (a token cannot make more of itself). */
export const sessionProcedure = authedProcedure.use(({ ctx, next }) => {
  if (ctx.tokenScope !== null) {
    throw new TRPCError({ code: 'FORBIDDEN', message: MESSAGES.server.apiTokenNeedsSession });
  }
  return next({ ctx });
});
