import type { FastifyBaseLogger } from 'fastify';

/**
 * What services log through. Work done for a request logs through that request's logger (`req.log`, whose lines
 * carry the request id), passed in by the procedure or route; the app's logger is the fallback for work outside one.
 * (An AsyncLocalStorage would find the request by itself, but on Node 20 it slows every request by 10-25%.)
 */
export type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
