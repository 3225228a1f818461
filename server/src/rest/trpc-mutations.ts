import { MESSAGES, SERVER_LIMITS } from '@curbside/shared';
import { type AnyTRPCProcedure, TRPCError } from '@trpc/server';
// tRPC's own answer-building functions (exported for adapters; pinned with @trpc/server's version).
import { getErrorShape, getHTTPStatusCode, getTRPCErrorFromUnknown } from '@trpc/server/unstable-core-do-not-import';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Context } from '../context';
import { jsonDepthExceeds } from '../plugins/request-bounds';
import type { AppRouter } from '../router';
import { callProcedure } from './adapter';

// POST /trpc/<path> for every mutation, as a native Fastify route: one call, sent plain or as a batch of one (what
// the browser's httpBatchLink sends for a single mutation). tRPC's own handler turns each request into a fetch
// Request and back, which cost more than the vote itself; this route runs the same procedure (middlewares, input and
// output checks) and answers in tRPC's format — the body, the status and the error shape come from tRPC's own
// functions and the app's error formatter. Batches of several calls have a URL of their own and still go to tRPC.

export interface TrpcMutationOptions {
  router: AppRouter;
  createContext: (req: FastifyRequest, reply: FastifyReply) => Promise<Context>;
  /** The headers tRPC's handler would add (the app's responseMeta). */
  headersFor: (ctx: Context | undefined, errors: TRPCError[]) => Record<string, string>;
}

interface ProcedureDef {
  type: 'query' | 'mutation' | 'subscription';
}

export async function registerTrpcMutationRoutes(app: FastifyInstance, opts: TrpcMutationOptions): Promise<void> {
  const procedures = opts.router._def.procedures as unknown as Record<string, AnyTRPCProcedure>;
  const mutations = Object.entries(procedures).filter(
    ([, procedure]) => (procedure._def as unknown as ProcedureDef).type === 'mutation',
  );
  // Bodies are read as text and parsed here, as tRPC does, so a malformed body is tRPC's PARSE_ERROR, not Fastify's.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    for (const [path, procedure] of mutations) {
      scope.post(`/trpc/${path}`, (req, reply) => answer(opts, path, procedure, req, reply));
    }
  });
}

async function answer(
  opts: TrpcMutationOptions,
  path: string,
  procedure: AnyTRPCProcedure,
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const batch = (req.query as { batch?: string }).batch === '1';
  let ctx: Context | undefined;
  let input: unknown;
  let outcome: { result: { data: unknown } } | { error: ReturnType<typeof getErrorShape> };
  let error: TRPCError | undefined;
  try {
    const body = typeof req.body === 'string' && req.body !== '' ? parseBody(req.body) : undefined;
    input = batch ? (body as Record<string, unknown> | undefined)?.['0'] : body;
    ctx = await opts.createContext(req, reply);
    outcome = { result: { data: await callProcedure(procedure, path, ctx, input) } };
  } catch (cause) {
    error = getTRPCErrorFromUnknown(cause);
    const config = opts.router._def._config;
    outcome = { error: getErrorShape({ config, error, type: 'mutation', path, input, ctx }) };
  }
  const headers = opts.headersFor(ctx, error ? [error] : []);
  return reply
    .code(getHTTPStatusCode(outcome as Parameters<typeof getHTTPStatusCode>[0]))
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
