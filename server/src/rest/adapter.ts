import type { AnyTRPCProcedure } from '@trpc/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Context } from '../context';
import { DomainError } from '../errors';
import { JSON_ANSWERS } from '../plugins/security';
import { CACHED_ROUTE_OPTIONS, type CachedRead, sendCached } from '../read-cache/cached-reads';
import type { AppRouter } from '../router';
import type { Meta } from '../trpc';

// The documented /api paths, served as native Fastify routes generated from the procedures' OpenAPI meta.
// Fastify's radix router finds the route (no scan over every procedure per request), the procedure runs through the
// same caller and middlewares as /trpc, and errors go through the app's one error handler, which names the invalid
// field in `message`. trpc-to-openapi still generates the OpenAPI document from the same meta (see openapi.ts).

export interface RestRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Fastify form, e.g. /api/cars/:slug */
  url: string;
  procedurePath: string;
  type: 'query' | 'mutation';
  successStatus: number;
  takesInput: boolean;
}

interface ProcedureDef {
  type: 'query' | 'mutation' | 'subscription';
  meta?: Meta;
  inputs: unknown[];
}

/** Every procedure that has REST meta, as a route description. */
export function listRestRoutes(router: AppRouter, basePath: string): RestRoute[] {
  const procedures = router._def.procedures as unknown as Record<string, AnyTRPCProcedure>;
  const routes: RestRoute[] = [];
  for (const [procedurePath, procedure] of Object.entries(procedures)) {
    const def = procedure._def as unknown as ProcedureDef;
    const openapi = def.meta?.openapi;
    if (!openapi || openapi.enabled === false || def.type === 'subscription') continue;
    routes.push({
      method: openapi.method,
      url: restRouteUrl(basePath, openapi.path),
      procedurePath,
      type: def.type,
      successStatus: def.meta?.successStatus ?? 200,
      takesInput: def.inputs.some((schema) => !isVoidSchema(schema)),
    });
  }
  return routes;
}

/** A documented path as Fastify routes it: /cart/{id} under /api is /api/cart/:id. */
export const restRouteUrl = (basePath: string, openapiPath: string) =>
  basePath + openapiPath.replace(/\{(\w+)\}/g, ':$1');

function isVoidSchema(schema: unknown): boolean {
  const type = (schema as { def?: { type?: string } })?.def?.type;
  return type === 'void' || type === 'undefined';
}

/**
 * Registers the REST routes of `which` kind: the queries answered from the read cache (`cached`: give the public
 * context and register them outside the session scope) or all the others (`uncached`: the session's context).
 */
export function registerRestRoutes(
  app: FastifyInstance,
  opts: {
    router: AppRouter;
    basePath: string;
    which: 'cached' | 'uncached';
    createContext: (req: FastifyRequest, reply: FastifyReply) => Context | Promise<Context>;
    /** Queries answered from the read cache when they can be, by procedure path. */
    cachedReads: Map<string, CachedRead>;
  },
): RestRoute[] {
  const procedures = opts.router._def.procedures as unknown as Record<string, AnyTRPCProcedure>;
  const routes = listRestRoutes(opts.router, opts.basePath).filter(
    (route) => opts.cachedReads.has(route.procedurePath) === (opts.which === 'cached'),
  );
  for (const route of routes) {
    const procedure = procedures[route.procedurePath] as AnyTRPCProcedure;
    const cachedRead = opts.cachedReads.get(route.procedurePath);
    app.route({
      method: route.method,
      url: route.url,
      ...(cachedRead ? CACHED_ROUTE_OPTIONS : { config: JSON_ANSWERS }),
      handler: async (req, reply) => {
        const input = route.takesInput ? restInput(req) : undefined;
        const cached = await cachedRead?.answer(req, reply, input);
        if (cached) return sendCached(req, reply, cached, 'rest', JSON.stringify);
        // Not cached, or an input that does not parse: the procedure answers (or names the invalid field).
        const ctx = await opts.createContext(req, reply);
        const data = await callProcedure(procedure, route.procedurePath, ctx, input);
        for (const [name, value] of Object.entries(ctx.http.headers)) reply.header(name, value);
        const status = ctx.http.status ?? route.successStatus;
        if (status === 204) return reply.code(204).send();
        return reply.code(status).send(data);
      },
    });
  }
  return routes;
}

/**
 * Runs one procedure — its middlewares, input and output checks — as tRPC's caller does, without building a caller
 * for every request.
 */
export function callProcedure(
  procedure: AnyTRPCProcedure,
  path: string,
  ctx: Context,
  input: unknown,
): Promise<unknown> {
  const run = procedure as unknown as (opts: {
    ctx: Context;
    path: string;
    type: 'query' | 'mutation';
    getRawInput: () => Promise<unknown>;
    signal: undefined;
  }) => Promise<unknown>;
  const type = (procedure._def as unknown as ProcedureDef).type === 'mutation' ? 'mutation' : 'query';
  return run({ ctx, path, type, getRawInput: async () => input, signal: undefined });
}

/** Query string (GET, DELETE) or JSON body (POST, PUT, PATCH), plus the path parameters, which win. */
function restInput(req: FastifyRequest): Record<string, unknown> {
  const params = (req.params ?? {}) as Record<string, unknown>;
  const usesBody = req.method === 'POST' || req.method === 'PUT' || req.method === 'PATCH';
  if (!usesBody) return { ...(req.query as Record<string, unknown>), ...params };
  const body = req.body;
  if (body === undefined || body === null) return { ...params };
  if (typeof body !== 'object' || Array.isArray(body)) {
    throw new DomainError('BAD_REQUEST', 'The request body must be a JSON object.');
  }
  return { ...(body as Record<string, unknown>), ...params };
}
