import { MESSAGES } from '@curbside/shared';
import type { FastifyInstance } from 'fastify';

/**
 * Closing (SIGTERM, app.close()): requests already being handled finish and get their responses, and then their
 * connections are closed, so close() ends as soon as the last response is sent. Node closes only the connections that
 * are idle when close() begins: a keep-alive connection whose response went out a moment later would otherwise hold the
 * close open for the whole keep-alive timeout (72 s), past the shutdown's deadline. A request arriving on an open
 * connection meanwhile gets a 503 with the usual message (Fastify's own 503 says only "Service Unavailable").
 *
 * Register first, so its onRequest hook runs before any other; build Fastify with return503OnClosing: false.
 */
export function registerGracefulClose(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // Callback hooks, not async ones: they run on every request, and while the server is open they pass without a promise.
  app.addHook('onRequest', (_req, reply, done) => {
    if (!closing) return done();
    reply.header('connection', 'close');
    reply.code(503).send({ message: MESSAGES.server.serviceUnavailable, code: 'SERVICE_UNAVAILABLE' });
  });
  app.addHook('onSend', (_req, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  // A response whose headers went out before close() began (a streamed tRPC response) is still being sent then: once it
  // is, its connection is idle, and closed.
  app.addHook('onResponse', (_req, _reply, done) => {
    if (closing) setImmediate(() => app.server.closeIdleConnections());
    done();
  });
}
