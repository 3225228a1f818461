import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Context } from '../context';
import { DomainError } from '../errors';
import { JSON_RESPONSES, respondToCrossOriginPreflight } from '../plugins/security';
import { sendCached } from '../read-cache/http';
import { pathIdSchema } from '../rest/inputs';
import type { AppRouter } from '../router';
import { CACHED_ROUTE_OPTIONS, type CachedRead } from './cached-reads';
import { callProcedure, listProcedures, type Procedure } from './trpc-internals';

// The documented /api paths, served as native Fastify routes generated from the procedures' OpenAPI meta.
// Fastify's radix router finds the route (no scan over every procedure per request), the procedure runs through the
// same caller and middlewares as /trpc, and errors go through the app's one error handler, which names the invalid
// field in `message`. trpc-to-openapi still generates the OpenAPI document from the same meta (see openapi.ts).

export interface RestRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Fastify form, e.g. /api/cars/:slug */
  url: string;
  /**
   * `url` as registered with Fastify's router: an id parameter takes digits only (`/api/orders/:id(^\\d+$)`), so it
   * never swallows a fixed path beside it (/api/orders/bulk-status is not order "bulk-status").
   */
  routerUrl: string;
  procedurePath: string;
  procedure: Procedure;
  type: 'query' | 'mutation';
  successStatus: number;
  takesInput: boolean;
}

/** Every procedure that has REST meta, as a route description. */
export function listRestRoutes(router: AppRouter, basePath: string): RestRoute[] {
  const routes: RestRoute[] = [];
  for (const procedure of listProcedures(router)) {
    const openapi = procedure.meta?.openapi;
    if (!openapi || openapi.enabled === false) continue;
    routes.push({
      method: openapi.method,
      url: restRouteUrl(basePath, openapi.path),
      routerUrl: restRouteUrl(basePath, openapi.path, (name) => procedure.inputField(name) === pathIdSchema),
      procedurePath: procedure.path,
      procedure,
      type: procedure.type,
      successStatus: procedure.meta?.successStatus ?? 200,
      takesInput: procedure.takesInput,
    });
  }
  return routes;
}

/** A documented path as Fastify routes it: /cart/{id} under /api is /api/cart/:id, or :id(^\\d+$) for an id. */
const restRouteUrl = (basePath: string, openapiPath: string, isId: (name: string) => boolean = () => false) =>
  basePath + openapiPath.replace(/\{(\w+)\}/g, (_, name: string) => (isId(name) ? `:${name}(^\\d+$)` : `:${name}`));

/**
 * Registers the REST routes of `which` kind: the queries served from the read cache (`cached`: give the public
 * context and register them outside the session scope) or all the others (`uncached`: the session's context).
 */
export function registerRestRoutes(
  app: FastifyInstance,
  opts: {
    router: AppRouter;
    basePath: string;
    which: 'cached' | 'uncached';
    createContext: (req: FastifyRequest, reply: FastifyReply) => Context | Promise<Context>;
    /** Queries served from the read cache when they can be, by procedure path. */
    cachedReads: Map<string, CachedRead>;
  },
): RestRoute[] {
  const routes = listRestRoutes(opts.router, opts.basePath).filter(
    (route) => opts.cachedReads.has(route.procedurePath) === (opts.which === 'cached'),
  );
  for (const route of routes) {
    const cachedRead = opts.cachedReads.get(route.procedurePath);
    const crossOriginReads = isPublicRead(route);
    if (crossOriginReads) app.options(route.routerUrl, { config: JSON_RESPONSES }, respondToCrossOriginPreflight);
    const personal = isPersonal(route);
    app.route({
      method: route.method,
      url: route.routerUrl,
      ...(cachedRead ? CACHED_ROUTE_OPTIONS : {}),
      config: { ...JSON_RESPONSES, crossOriginReads },
      handler: async (req, reply) => {
        // Set first, so an error response (a 401 of GET /api/user) carries it too.
        if (personal) reply.header('cache-control', 'no-store');
        const input = route.takesInput ? restInput(req, route.procedure) : undefined;
        const cached = await cachedRead?.respond(req, reply, input);
        if (cached) {
          for (const [name, value] of Object.entries(cached.headers)) reply.header(name, value);
          return sendCached(req, reply, cached, 'rest', JSON.stringify);
        }
        // Not cached, or an input that does not parse: the procedure responds (or names the invalid field).
        const ctx = await opts.createContext(req, reply);
        const data = await callProcedure(opts.router, route.procedure, ctx, input);
        for (const [name, value] of Object.entries(ctx.http.headers)) reply.header(name, value);
        const status = ctx.http.status ?? route.successStatus;
        if (status === 204) return reply.code(204).send();
        return reply.code(status).send(data);
      },
    });
  }
  return routes;
}

/** A GET the OpenAPI document lists without security: any site may read it without credentials (security.ts). */
function isPublicRead(route: RestRoute): boolean {
  return route.method === 'GET' && route.procedure.meta?.openapi?.protect === false;
}

/**
 * Whether the route's responses belong to the caller (the signed-in user, their cart and orders, an admin's lists)
 * or change something: those are sent with `Cache-Control: no-store`, so no browser or proxy keeps them. The public
 * reads (`protect: false` in the meta) stay cacheable.
 */
export function isPersonal(route: RestRoute): boolean {
  return route.method !== 'GET' || route.procedure.meta?.openapi?.protect !== false;
}

/**
 * Query string (GET, DELETE) or JSON body (POST, PUT, PATCH), plus the path parameters, which win. Whole numbers
 * sent as text are read as numbers where the field wants a number (`numbersFromText`).
 */
function restInput(req: FastifyRequest, procedure: Procedure): Record<string, unknown> {
  const params = (req.params ?? {}) as Record<string, unknown>;
  const usesBody = req.method === 'POST' || req.method === 'PUT' || req.method === 'PATCH';
  if (!usesBody) return numbersFromText({ ...(req.query as Record<string, unknown>), ...params }, procedure);
  const body = req.body;
  if (body === undefined) {
    // No body at all: fine where the document calls the body optional; where it calls it required, the procedure
    // names the fields it misses, and a body whose fields are all optional (an edit) is refused as a whole.
    const input = numbersFromText({ ...params }, procedure);
    if (procedure.acceptsInput(undefined) || !procedure.acceptsInput(input)) return input;
    throw new DomainError('BAD_REQUEST', 'The request body must be a JSON object.');
  }
  // A JSON `null` is a body, and not the object the document asks for.
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new DomainError('BAD_REQUEST', 'The request body must be a JSON object.');
  }
  return numbersFromText({ ...(body as Record<string, unknown>), ...params }, procedure);
}

const WHOLE_NUMBER_TEXT = /^\s*-?\d{1,15}\s*$/;

/**
 * The one rule for numbers sent as text over REST (`{"carId": "11"}`, `{"quantity": "3"}`, `?limit=3`, path ids):
 * a top-level field holding a whole number as text is read as that number when its schema refuses the text but
 * takes a number (its own checks then judge it: "0" is still "Quantity must be at least 1"). Text a field takes as
 * text (a ZIP code, a year typed in a form) is left alone. /trpc sends JSON numbers and needs none of this.
 */
function numbersFromText(input: Record<string, unknown>, procedure: Procedure): Record<string, unknown> {
  for (const [name, value] of Object.entries(input)) {
    if (typeof value !== 'string' || !WHOLE_NUMBER_TEXT.test(value)) continue;
    const field = procedure.inputField(name);
    if (!field || field.safeParse(value).success) continue;
    const asNumber = field.safeParse(Number(value));
    const wantsNumber =
      asNumber.success ||
      !asNumber.error.issues.some((issue) => issue.code === 'invalid_type' && issue.path.length === 0);
    if (wantsNumber) input[name] = Number(value);
  }
  return input;
}
