import { type ApiTokenScope, MESSAGES } from '@curbside/shared';
import { initTRPC, TRPCError } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import type { Context } from './context';
import { DomainError } from './errors';
import {
  ChangeSavedResponseFailed,
  domainCodeOf,
  domainToTrpcError,
  isOutputValidationFailure,
  toErrorResponse,
} from './http-errors';
import { type CachedReadPolicy, type Invalidates, invalidateAfterWrite } from './read-cache/policy';

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
  /** Who may call it: set by the access level it is built on (below), never by a procedure itself. */
  access?: AccessLevel;
  /**
   * The refusals its service gives beyond those of its access level, its input and its path: a record the input
   * refers to is not there (NOT_FOUND), the current state refuses it (CONFLICT), another user's record (FORBIDDEN).
   * The OpenAPI document lists their statuses for the operation (transports/openapi-document.ts).
   */
  refusals?: Refusal[];
}>;

/** The access levels below, as procedure meta records them. */
export type AccessLevel = 'signedIn' | 'verified' | 'session' | 'admin';
export type Refusal = 'NOT_FOUND' | 'CONFLICT' | 'FORBIDDEN';

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

// Every procedure's rules, as tRPC middlewares chained on publicProcedure, outermost first: domain errors, token
// scopes, site modes, the response budget, write invalidation. The read cache is not one of them: it answers before
// a procedure is called (transports/cached-reads.ts), so no middleware has to return a result it did not get from
// next().

/** Services throw DomainError; give tRPC the matching code so both /trpc and /api respond with the right status. */
const domainErrors = t.middleware(async ({ next, ctx, path, type }) => {
  const result = await next();
  if (!result.ok) {
    const cause = result.error.cause;
    if (cause instanceof DomainError) throw domainToTrpcError(cause);
    if (toErrorResponse(result.error).isServerError) {
      ctx.req.log.error({ err: cause ?? result.error, procedure: path }, 'procedure failed');
    }
    // A mutation's change is committed before its response is checked: the 500 says it was saved, and the cached
    // responses go, as its own invalidation (which needs the response) cannot run.
    if (type === 'mutation' && isOutputValidationFailure(result.error)) {
      ctx.services.readCache.clear();
      throw new TRPCError({
        code: 'INTERNAL_SERVER_ERROR',
        cause: new ChangeSavedResponseFailed('Output validation failed after the change was made', {
          cause: result.error,
        }),
      });
    }
  }
  return result;
});

/** An API token's scope bounds what a call may do, within its user's own rights: a read token only reads. */
const tokenScopes = t.middleware(({ ctx, type, next }) => {
  if (type === 'mutation') mayWrite(ctx);
  return next();
});

/**
 * What stays open to everyone while the site is in maintenance or coming-soon mode: what the /auth page offers and an
 * admin needs to sign in and turn the mode off (the site settings, signing in and out, registering, password reset).
 */
const openDuringSiteModes = (path: string) => path === 'settings.get' || path.startsWith('accounts.');

/**
 * While a site mode is on, the site is for admins only: everyone else's calls — writes, and the reads the mode hides
 * — get a 503 with the mode's message and code. The cached routes send no shared response while a mode is on
 * (transports/cached-reads.ts), so a cached response is no way around it.
 */
const siteModes = t.middleware(async ({ ctx, path, next }) => {
  if (!openDuringSiteModes(path)) {
    const refusal = await siteModeRefusal(ctx);
    if (refusal) throw refusal;
  }
  return next();
});

/**
 * The largest responses — the queries with `meta.cache`: lists of up to 100 cars — spend the request's response
 * budget, one call after another, so one batch of the largest pages cannot make the server build a huge response.
 */
const responseBudget = t.middleware(({ meta, ctx, type, next }) => {
  if (type !== 'query' || !meta?.cache) return next();
  return ctx.responseBudget.inTurn(async () => {
    const result = await next();
    return { result, chars: result.ok ? (JSON.stringify(result.data)?.length ?? 0) : 0 };
  });
});

/**
 * A mutation that succeeded drops the cached responses it changed, as its `meta.invalidates` says; the write
 * request's response then clears the rest of the read cache unless every procedure it ran said what it changes
 * (read-cache/policy.ts).
 */
const writeInvalidation = t.middleware(async ({ meta, ctx, type, getRawInput, next }) => {
  if (type !== 'mutation') return next();
  const result = await next();
  if (result.ok) {
    invalidateAfterWrite(ctx.services.readCache, ctx.req, meta?.invalidates, result.data, await getRawInput());
  }
  return result;
});

export const publicProcedure = t.procedure
  .use(domainErrors)
  .use(tokenScopes)
  .use(siteModes)
  .use(responseBudget)
  .use(writeInvalidation);

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

export const authedProcedure = publicProcedure
  .meta({ access: 'signedIn' })
  .use(({ ctx, next }) => next({ ctx: { ...ctx, user: signedIn(ctx.user), actor: actorOf(ctx) } }));

/**
 * What needs a verified e-mail address (docs/decisions.md): submitting a car, making API tokens. Until the user
 * follows the link mailed to them, 403 with a message that says how.
 */
export function verifiedEmail<U extends { emailVerifiedAt: Date | null }>(user: U): U {
  if (!user.emailVerifiedAt) throw new TRPCError({ code: 'FORBIDDEN', message: MESSAGES.server.emailNotVerified });
  return user;
}

export const verifiedProcedure = authedProcedure
  .meta({ access: 'verified' })
  .use(({ ctx, next }) => next({ ctx: { ...ctx, user: verifiedEmail(ctx.user) } }));

export const adminProcedure = authedProcedure.meta({ access: 'admin' }).use(({ ctx, next }) => {
  admin(ctx);
  return next({ ctx });
});

/** Signed in with the browser's session, not an API token; a token's call is refused (403) with `refusal`. */
export const sessionOnlyProcedure = (refusal: string) =>
  authedProcedure.meta({ access: 'session' }).use(({ ctx, next }) => {
    if (ctx.tokenScope !== null) throw new TRPCError({ code: 'FORBIDDEN', message: refusal });
    return next({ ctx });
  });

/** Making tokens: a token cannot make more of itself, and the address must be verified. */
export const sessionProcedure = sessionOnlyProcedure(MESSAGES.server.apiTokenNeedsSession).use(({ ctx, next }) =>
  next({ ctx: { ...ctx, user: verifiedEmail(ctx.user) } }),
);
