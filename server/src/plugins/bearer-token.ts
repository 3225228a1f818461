import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { viewerIpHash } from '../context';
import { toErrorResponse } from '../http-errors';
import type { TokensService } from '../modules/tokens/tokens.service';

// Personal API tokens on the wire: `Authorization: Bearer cbs_…` on any /api or /trpc route. The token is checked
// before the route runs (tokens.service.ts: a right token always passes; a wrong one gets 401, or 429 past its
// address's sign-in throttle unless the request is a read, GET or HEAD, which always gets 401), and
// the request then speaks for the token's user within its scope (context.ts callerOf, trpc.ts access levels); the
// session cookie is not read. A browser never attaches the header by itself, so a request carrying it is not
// ambient and skips the cross-site check (security.ts). /metrics has a Bearer token of its own (ops/routes.ts).

/** The token of an `Authorization: Bearer …` header ('' when the scheme has no token); null for any other. */
export function bearerTokenOf(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (typeof header !== 'string' || !/^bearer(\s|$)/i.test(header)) return null;
  return header.slice('bearer'.length).trim();
}

const ROUTES_WITH_TOKENS = /^\/(api|trpc)\//;

export function registerBearerTokens(app: FastifyInstance, deps: { config: Config; tokens: TokensService }): void {
  app.decorateRequest('apiToken', null);
  // A callback hook, not an async one: the requests without a token (nearly all) pass without a promise.
  app.addHook('onRequest', (req, reply, done) => {
    const token = bearerTokenOf(req);
    if (token === null || !ROUTES_WITH_TOKENS.test(req.routeOptions.url ?? '')) return done();
    const read = req.method === 'GET' || req.method === 'HEAD';
    deps.tokens.authenticate(token, viewerIpHash(req, deps.config), { read }).then(
      (use) => {
        req.apiToken = use;
        done();
      },
      (error: unknown) => {
        if (toErrorResponse(error).status === 401) reply.header('www-authenticate', 'Bearer error="invalid_token"');
        done(error as Error);
      },
    );
  });
}
