import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { COLOR_SCHEME_SCRIPT, EARLY_CLICKS_SCRIPT, SPECULATION_RULES } from '@curbside/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config';
import { bearerTokenOf } from './bearer-token';

// Security headers and cross-site request refusal, from day one.

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route responds only with JSON: it gets the short API set of security headers (see the hook below). */
    jsonResponses?: boolean;
    /** A public read any site's scripts may make without credentials (CORS, see `CROSS_ORIGIN_READ`). */
    crossOriginReads?: boolean;
  }
}

/** Route config of the routes that respond only with JSON (the documented /api paths, /trpc's cached reads). */
export const JSON_RESPONSES = { jsonResponses: true } as const;

/**
 * Cross-origin reads (docs/decisions.md): the documented GET paths that need no credentials (cars, leaderboard,
 * events, merch, settings…) send CORS headers for any origin, without credentials: a third-party web app can show them,
 * but the browser neither sends the visitor's cookie with them nor lets the app read a response made with it. No
 * other method or request header is allowed, so every write stays same-origin (or a script's, with an API token).
 */
// A paged list's next cursor is in headers (rest/next-page.ts): another site's script may read them too.
const CROSS_ORIGIN_READ = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'X-Next-Cursor, Link',
} as const;

/** The preflight of a public read: GET and HEAD from any origin, no credentials, no extra request headers. */
export function respondToCrossOriginPreflight(_req: FastifyRequest, reply: FastifyReply): void {
  reply
    .code(204)
    .headers({ ...CROSS_ORIGIN_READ, 'access-control-allow-methods': 'GET, HEAD', 'access-control-max-age': '86400' })
    .send();
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Calls made by other servers, not browsers (the payment provider's webhook); they carry their own signature. */
const CROSS_SITE_EXEMPT = [/^\/api\/webhooks\//];

export const securityPlugin = fp(async (app: FastifyInstance, { config }: { config: Config }) => {
  // Helmet's headers are the same for every response, so they are worked out once here and set as they are on each
  // request (@fastify/helmet builds helmet's middleware again for every request).
  const headers = securityHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        // The inline scripts, by their hashes: the one that sets the light or dark scheme before the page is drawn,
        // and an islands page's two (shared/src/islands.ts): its early clicks' keeper and its speculation rules.
        scriptSrc: [
          "'self'",
          scriptHash(COLOR_SCHEME_SCRIPT),
          scriptHash(EARLY_CLICKS_SCRIPT),
          scriptHash(SPECULATION_RULES),
          'https://js.stripe.com',
        ],
        // Mantine sets inline style attributes and injects <style> for CSS variables.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
        // The brand faces are served from /assets (client/src/styles/fonts.css).
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'https://api.stripe.com'],
        frameSrc: ['https://js.stripe.com', 'https://hooks.stripe.com'],
        // canvas-confetti draws in a worker it starts from a blob: URL of its own code.
        workerSrc: ["'self'", 'blob:'],
        upgradeInsecureRequests: config.secureCookies ? [] : null,
      },
    },
    // Car photos are shown by link-preview crawlers and other sites' embeds.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    crossOriginEmbedderPolicy: false,
    hsts: config.secureCookies ? { maxAge: 15552000, includeSubDomains: true } : false,
  });
  // A JSON response is never rendered as a page: no policy for scripts, styles or frames to relax, nothing to embed.
  // It gets the API set (OWASP's REST cheat sheet) rather than the page's dozen headers, which cost time on the
  // hottest reads; `same-origin` also keeps other sites from loading it into their process.
  const jsonHeaders: Record<string, string> = {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'cross-origin-resource-policy': 'same-origin',
    ...(headers['strict-transport-security']
      ? { 'strict-transport-security': headers['strict-transport-security'] }
      : {}),
  };
  app.addHook('onRequest', (req, reply, done) => {
    const route = req.routeOptions.config;
    reply.headers(route.jsonResponses ? jsonHeaders : headers);
    if (route.crossOriginReads && (req.method === 'GET' || req.method === 'HEAD')) reply.headers(CROSS_ORIGIN_READ);
    done();
  });

  // A callback hook: the reads (nearly every request) pass without a promise.
  app.addHook('onRequest', (req, reply, done) => {
    if (SAFE_METHODS.has(req.method)) return done();
    // The route that matched, not the raw URL: the router decodes %-escapes, so /%61pi/logout reaches /api/logout.
    const [urlPath = ''] = req.url.split('?'); // split gives at least one element
    const route = req.routeOptions.url ?? urlPath;
    if (CROSS_SITE_EXEMPT.some((re) => re.test(route))) return done();
    // An API token is sent by a script, never attached by a browser on its own (bearer-token.ts): not ambient.
    if (isCrossSite(req, config) && bearerTokenOf(req) === null) {
      reply.code(403).send({ message: 'Cross-site requests are not allowed.', code: 'FORBIDDEN' });
      return;
    }
    // tRPC would also run a mutation sent as multipart/form-data, which any site's HTML form can send.
    if (route.startsWith('/trpc/') && !isJson(req)) {
      reply.code(415).send({ message: 'Unsupported content type: send JSON.', code: 'UNSUPPORTED_MEDIA_TYPE' });
      return;
    }
    done();
  });
});

/** A script's source for the Content-Security-Policy's script-src: the SHA-256 of its exact text. */
export function scriptHash(script: string): string {
  return `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;
}

function isJson(req: FastifyRequest): boolean {
  const type = req.headers['content-type'];
  return type === undefined || type.toLowerCase().startsWith('application/json');
}

/**
 * Browsers send Sec-Fetch-Site and Origin on state-changing requests; other clients (curl, SDKs) send neither and
 * carry no ambient cookies of a victim, so they pass.
 */
export function isCrossSite(req: FastifyRequest, config: Config): boolean {
  const fetchSite = req.headers['sec-fetch-site'];
  if (typeof fetchSite === 'string') return fetchSite !== 'same-origin' && fetchSite !== 'none';
  const origin = req.headers.origin;
  if (typeof origin !== 'string') return false;
  if (origin === 'null') return true;
  return !allowedOrigins(req, config).has(origin);
}

function allowedOrigins(req: FastifyRequest, config: Config): Set<string> {
  const own = new Set([new URL(config.publicUrl).origin]);
  const host = req.headers.host;
  if (host) {
    own.add(`http://${host}`);
    own.add(`https://${host}`);
  }
  return own;
}

/** The headers helmet sets with these options, read by running its middleware once against a recording response. */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => undefined);
  return headers;
}
