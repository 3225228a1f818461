import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callerOf } from '../context';
import type { UserEntity } from '../modules/accounts/user.entity';
import { type Actor, actorOf, admin, type Caller, mayWrite, signedIn, siteModeRefusal } from '../trpc';

/**
 * Who may call a plain Fastify route (multipart uploads, downloads, PDFs): the access levels of the procedures
 * (trpc.ts). `public` is anyone; `signedIn` a signed-in user; `admin` whoever acts as an admin (actsAsAdmin). A
 * route's writes (any method but GET and HEAD) are refused to a read-only API token, as a mutation is; and while a
 * site mode is on, the route answers its 503 to anyone who does not act as an admin, unless `siteModes` is false.
 */
export interface RouteAccess {
  level: 'public' | 'signedIn' | 'admin';
  /** Default true. False for what stays open while a site mode is on (the stored files the pages show). */
  siteModes?: boolean;
}

/** A plain route's options declaring who may call it: `app.get(url, withAccess({ level: 'admin' }), handler)`. */
export function withAccess(access: RouteAccess): { config: { access: RouteAccess } } {
  return { config: { access } };
}

/** What the hook found: the request's caller and, when someone is signed in, the Actor services act for. */
export interface CheckedCaller extends Caller<UserEntity> {
  actor: Actor | null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (plugins/route-access.ts); a route without it is checked by nobody. */
    access?: RouteAccess;
  }
  interface FastifyRequest {
    /** The caller of a route with `config.access`, once checked; null on other routes. */
    caller: CheckedCaller | null;
  }
}

/**
 * The one hook that checks every plain route declaring `config: { access }`: access level, token scope and site
 * mode, with the same functions the procedures' middlewares use (trpc.ts). Registered in the session scope before
 * the routes; added (onRoute) as the first preHandler of the routes that declare access only, so the other routes
 * pay nothing for it. The handler reads the checked caller with `callerAt` / `actorAt`.
 */
export function registerRouteAccess(app: FastifyInstance): void {
  app.decorateRequest('caller', null);
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    // Open to everyone at every time: nothing to check.
    if (!access || (access.level === 'public' && access.siteModes === false)) return;
    const check = async (req: FastifyRequest) => {
      req.caller = await checkedCaller(app, req, access);
    };
    const existing = route.preHandler ?? [];
    route.preHandler = [check, ...(Array.isArray(existing) ? existing : [existing])];
  });
}

async function checkedCaller(app: FastifyInstance, req: FastifyRequest, access: RouteAccess): Promise<CheckedCaller> {
  const caller = await callerOf(req, app.services.accounts);
  if (access.level === 'signedIn') signedIn(caller.user);
  if (access.level === 'admin') admin(caller);
  if (req.method !== 'GET' && req.method !== 'HEAD') mayWrite(caller);
  if (access.siteModes !== false) {
    const refusal = await siteModeRefusal({ ...caller, services: app.services });
    if (refusal) throw refusal;
  }
  return { ...caller, actor: caller.user ? actorOf(caller) : null };
}

/** The checked caller of a route with `config.access` (a programming error on a route without it). */
export function callerAt(req: FastifyRequest): CheckedCaller {
  if (!req.caller) throw new Error(`${req.routeOptions.url} declares no config.access`);
  return req.caller;
}

/** The signed-in user and their Actor, on a route whose access level is `signedIn` or `admin`. */
export function actorAt(req: FastifyRequest): { user: UserEntity; actor: Actor } {
  const { user, actor } = callerAt(req);
  if (!user || !actor) throw new Error(`${req.routeOptions.url} is not for signed-in callers only`);
  return { user, actor };
}
