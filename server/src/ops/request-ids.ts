import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

// Every request has an id: the `reqId` of the log lines written through its logger (`req.log`, which services are
// given for work done for it: lib/log.ts), and the `x-request-id` of its response.

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

/** Names the id in every response, so a user's report or the proxy's log leads to the server's lines. */
export function registerRequestIds(app: FastifyInstance): void {
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('x-request-id', String(req.id));
    done();
  });
}
