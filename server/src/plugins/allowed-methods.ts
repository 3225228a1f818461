import { MESSAGES } from '@curbside/shared';
import type { FastifyInstance } from 'fastify';

// 405 with `Allow` for a known /api path called with a method it does not take (PATCH /api/cars), instead of the
// 404 of an unknown path. Fastify's router only reports "no route for this method and path", so the methods of each
// /api route are recorded as they are registered, and a request that found no route is answered here, at its very
// start: before its body is read, so its Content-Type or body never turns the 405 into a 415 or a 400.

declare module 'fastify' {
  interface FastifyInstance {
    /** The methods the /api routes take at `path` (a concrete path, no query), sorted; [] when none. */
    allowedMethods(path: string): string[];
  }
}

/** Registers the recorder; call it on the root instance before any route. */
export function registerAllowedMethods(app: FastifyInstance): void {
  const routes: { pattern: RegExp; methods: string[] }[] = [];
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    routes.push({ pattern: routePattern(route.url), methods });
  });
  app.decorate('allowedMethods', (path: string) => {
    const allowed = new Set<string>();
    for (const route of routes) {
      if (route.pattern.test(path)) for (const method of route.methods) allowed.add(method);
    }
    return [...allowed].sort();
  });
  // A callback hook: it runs on every request and decides synchronously; only requests without a route look further.
  app.addHook('onRequest', (req, reply, done) => {
    if (!req.is404) return done();
    const [urlPath = ''] = req.url.split('?'); // split gives at least one element
    const allowed = urlPath.startsWith('/api/') ? app.allowedMethods(urlPath) : [];
    if (allowed.length === 0) return done(); // the not-found handler's 404 (plugins/client.ts)
    const list = allowed.join(', ');
    reply
      .code(405)
      .header('allow', list)
      .send({ message: MESSAGES.server.methodNotAllowed(req.method, list), code: 'METHOD_NOT_SUPPORTED' });
  });
}

/**
 * /api/cars/:slug as a RegExp over concrete paths: a parameter is one segment, or what its own pattern takes
 * (`:id(^\\d+$)`, rest-routes.ts), and `*` the rest.
 */
function routePattern(url: string): RegExp {
  const source = url
    .split(/(:\w+(?:\([^)]*\))?|\*)/)
    .map((part) => {
      if (part === '*') return '.*';
      const param = /^:\w+(?:\(\^?(.*?)\$?\))?$/.exec(part);
      if (param) return param[1] ? `(?:${param[1]})` : '[^/]+';
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return new RegExp(`^${source}$`);
}
