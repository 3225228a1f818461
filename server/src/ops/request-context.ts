import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';

// Every log line written while a request is handled carries its id (`reqId`), also the lines of code that logs
// through the app's logger rather than `req.log` (services, the mailer): the request is kept in an
// AsyncLocalStorage, and the logger's mixin (logMixin) adds its id. The same id goes back in `x-request-id`.

const currentRequest = new AsyncLocalStorage<FastifyRequest>();
const scope = Symbol('request async scope');
type ScopedRequest = FastifyRequest & { [scope]?: AsyncResource };

/** An id given by our own proxy (nginx's $request_id, a load balancer's trace id): letters, digits, `.`, `_`, `-`. */
const FORWARDED_ID = /^[\w.-]{8,128}$/;

/**
 * Fastify's genReqId. Behind TRUST_PROXY the proxy's `x-request-id` is kept, so its access log and ours share one id;
 * otherwise (a client could write anything there) every request gets a new UUID.
 */
export function requestIdGenerator(trustForwardedId: boolean) {
  return (req: { headers: Record<string, string | string[] | undefined> }): string => {
    const given = req.headers['x-request-id'];
    return trustForwardedId && typeof given === 'string' && FORWARDED_ID.test(given) ? given : randomUUID();
  };
}

/**
 * pino's mixin: adds the current request's id to lines not already written through that request's own logger
 * (whose lines carry it as a binding; adding it twice would repeat the key).
 */
export function logMixin(_object: object, _level: number, logger?: unknown): Record<string, string> {
  const req = currentRequest.getStore();
  if (!req || logger === req.log) return {};
  return { reqId: String(req.id) };
}

/** Register right after the graceful-close hook, before anything that may log. */
export function registerRequestContext(app: FastifyInstance): void {
  app.addHook('onRequest', (req: ScopedRequest, reply, done) => {
    reply.header('x-request-id', String(req.id));
    currentRequest.run(req, () => {
      const resource = new AsyncResource('curbside-request');
      req[scope] = resource;
      resource.runInAsyncScope(done, req.raw);
    });
  });
  // The body arrives through stream events that run outside the request's async context: re-enter it after parsing,
  // so validation, handlers and their hooks see the request again.
  app.addHook('preValidation', (req: ScopedRequest, _reply, done) => {
    const resource = req[scope];
    if (resource) resource.runInAsyncScope(done, req.raw);
    else done();
  });
}
