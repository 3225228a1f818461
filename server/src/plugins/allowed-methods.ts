import type { FastifyInstance } from 'fastify';

// 405 with `Allow` for a known /api path called with a method it does not take (PATCH /api/cars), instead of the
// 404 of an unknown path. Fastify's router only reports "no route for this method and path", so the methods of each
// /api route are recorded as they are registered, and the not-found handler (plugins/client.ts) asks them.

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
}

/** /api/cars/:slug as a RegExp over concrete paths: a parameter is one segment, `*` the rest. */
function routePattern(url: string): RegExp {
  const source = url
    .split(/(:\w+|\*)/)
    .map((part) => {
      if (part === '*') return '.*';
      if (part.startsWith(':')) return '[^/]+';
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return new RegExp(`^${source}$`);
}
