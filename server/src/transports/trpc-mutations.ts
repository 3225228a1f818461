import { MESSAGES, SERVER_LIMITS } from '@curbside/shared';
import { TRPCError } from '@trpc/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Context } from '../context';
import { jsonDepthExceeds } from '../plugins/request-bounds';
import type { AppRouter } from '../router';
import { callProcedure, listProcedures, type Procedure, trpcErrorResponse } from './trpc-internals';

// POST /trpc/<path> for every mutation, as a native Fastify route: one call, sent plain (what the browser's client
// sends) or as a batch of one. It runs the same procedure through callTRPCProcedure (middlewares, input and output
// checks) and responds in tRPC's format: the body, the status and the error shape come from tRPC's own functions and
// the app's error formatter. Batches of several calls have a URL of their own and still go to tRPC's handler.
//
// What it costs and saves: about 90 lines, and the one place besides the cached routes that writes tRPC's response
// format. tRPC's Fastify handler turns each request into a fetch Request and back, which costs more than the vote
// itself: measured on 2026-11-27 with POST /trpc/votes.cast (50 connections, a new client address per request, the
// same production bundle with and without this route, four alternating 5-second runs, the median), votes/s were
// 5,153 through this route against 2,630 through tRPC's handler on SQLite, and 3,236 against 1,778 on MariaDB — where
// tRPC's handler alone misses the 2,000 votes/s target.

export interface TrpcMutationOptions {
  router: AppRouter;
  createContext: (req: FastifyRequest, reply: FastifyReply) => Promise<Context>;
  /** The headers tRPC's handler would add (the app's responseMeta). */
  headersFor: (ctx: Context | undefined, errors: TRPCError[]) => Record<string, string>;
}

export async function registerTrpcMutationRoutes(app: FastifyInstance, opts: TrpcMutationOptions): Promise<void> {
  const mutations = listProcedures(opts.router).filter((procedure) => procedure.type === 'mutation');
  // Bodies are read as text and parsed here, as tRPC does, so a malformed body is tRPC's PARSE_ERROR, not Fastify's.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    for (const procedure of mutations) {
      scope.post(`/trpc/${procedure.path}`, (req, reply) => respond(opts, procedure, req, reply));
    }
  });
}

async function respond(
  opts: TrpcMutationOptions,
  procedure: Procedure,
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const batch = (req.query as { batch?: string }).batch === '1';
  let ctx: Context | undefined;
  let input: unknown;
  let outcome: unknown;
  let status: number;
  let error: TRPCError | undefined;
  try {
    const body = typeof req.body === 'string' && req.body !== '' ? parseBody(req.body) : undefined;
    input = batch ? (body as Record<string, unknown> | undefined)?.['0'] : body;
    ctx = await opts.createContext(req, reply);
    const data = await callProcedure(opts.router, procedure, ctx, input);
    outcome = { result: { data } };
    status = 200; // tRPC's status for a call that succeeded
  } catch (cause) {
    const failed = trpcErrorResponse(opts.router, { cause, procedure, input, ctx });
    error = failed.error;
    outcome = failed.body;
    status = failed.status;
  }
  const headers = opts.headersFor(ctx, error ? [error] : []);
  return reply
    .code(status)
    .headers(headers)
    .type('application/json')
    .send(Buffer.from(JSON.stringify(batch ? [outcome] : outcome)));
}

function parseBody(text: string): unknown {
  if (jsonDepthExceeds(text, SERVER_LIMITS.jsonDepthMax)) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: MESSAGES.server.jsonTooDeep(SERVER_LIMITS.jsonDepthMax) });
  }
  try {
    return JSON.parse(text);
  } catch (cause) {
    throw new TRPCError({ code: 'PARSE_ERROR', message: 'Unable to parse the request body as JSON.', cause });
  }
}
