import 'reflect-metadata';
import path from 'node:path';
import { LIMITS } from '@curbside/shared';
import { type FastifyTRPCPluginOptions, fastifyRequestHandler, fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { DataSource } from 'typeorm';
import type { Config } from './config';
import { type Context, createContext, createPublicContext, viewerIpHash } from './context';
import { createDataSource, startStatementTimeouts } from './db/data-source';
import { runMigrations } from './db/migrate';
import { INTERNAL_ERROR_MESSAGE, toErrorAnswer } from './http-errors';
import { type Mailer, OutboxMailer, SmtpMailer } from './lib/mailer';
import { registerFileRoutes } from './modules/files/routes';
import { registerUploadRoutes } from './modules/images/upload-routes';
import type { StripeClientOptions } from './modules/payments/stripe-provider';
import { stripeWebhookPlugin } from './modules/payments/webhook-route';
import { registerShareImageRoute } from './modules/share/share-image';
import { registerRequestIds, requestIdGenerator } from './ops/request-ids';
import { registerOpsRoutes } from './ops/routes';
import { registerClient, type ServerPages } from './plugins/client';
import { registerCompression } from './plugins/compression';
import { registerGracefulClose } from './plugins/graceful-close';
import { pageViewerOf } from './plugins/page-viewer';
import { registerRequestBounds } from './plugins/request-bounds';
import { securityPlugin } from './plugins/security';
import { cookieUserReader, sessionPlugin } from './plugins/session';
import { cachedReads, registerCacheInvalidation, registerTrpcCachedRoutes } from './read-cache/cached-reads';
import { registerRestRoutes } from './rest/adapter';
import { registerApiDocs } from './rest/openapi';
import { registerTrpcMutationRoutes } from './rest/trpc-mutations';
import { type AppRouter, appRouter } from './router';
import { ensureSiteSettings, seedDemoData } from './seed/demo';
import { createServices, type Services } from './services';

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

export interface BuildOptions {
  /** Where the JSON log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /** Replace the mailer (tests read what was sent). */
  mailer?: Mailer;
  /** Point the Stripe SDK elsewhere (tests: a local stand-in of Stripe's API). */
  stripeApi?: StripeClientOptions;
}

/** Builds the whole app without listening: database, plugins, /trpc, /api, docs and the client. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    // JSON lines on stdout. Work done for a request logs through req.log, whose lines carry its id (lib/log.ts).
    logger: {
      level: config.logLevel,
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    trustProxy: config.trustProxy,
    routerOptions: { maxParamLength: 5000 },
    bodyLimit: 1024 * 1024,
    // A request must arrive whole within REQUEST_TIMEOUT_MS (a trickled body is cut with 408); Node checks open
    // connections against it every few seconds.
    requestTimeout: config.requestTimeoutMs,
    http: {
      connectionsCheckingInterval: Math.min(5_000, Math.ceil(config.requestTimeoutMs / 4)),
      headersTimeout: Math.min(60_000, config.requestTimeoutMs),
    },
    genReqId: requestIdGenerator(config.trustProxy !== false),
    forceCloseConnections: 'idle',
    frameworkErrors: answerFrameworkError,
    return503OnClosing: false, // answered by registerGracefulClose, with the usual message
  });
  registerGracefulClose(app);
  registerRequestIds(app);
  // text/plain is what a cross-site HTML form can send without a preflight; no JSON endpoint accepts it.
  app.removeContentTypeParser('text/plain');
  registerRequestBounds(app);

  const ds = await openDatabase(config, app);
  const mailer =
    options.mailer ??
    (config.smtpUrl
      ? new SmtpMailer(config.smtpUrl, config.mailFrom)
      : new OutboxMailer(path.join(config.dataDir, 'outbox'), config.mailFrom, app.log));
  const services = createServices(ds, config, mailer, {
    stripeApi: options.stripeApi,
    log: app.log,
  });
  app.decorate('services', services);
  await prepareData(app, ds, config, services);

  app.setErrorHandler((error, req, reply) => {
    const answer = toErrorAnswer(error);
    if (answer.isServerError) req.log.error({ err: error }, 'request failed');
    else if (answer.status >= 400) req.log.debug({ err: error }, 'request refused');
    if (answer.body.retryAfterSeconds) reply.header('retry-after', String(answer.body.retryAfterSeconds));
    const body = answer.isServerError ? { ...answer.body, requestId: String(req.id) } : answer.body;
    return reply.code(answer.status).send(body);
  });

  registerOpsRoutes(app, {
    ds,
    storage: services.storage,
    metrics: services.metrics,
    metricsToken: config.metricsToken,
  });
  await services.recentVoters.start((err) => app.log.error({ err }, 'reading recent voters failed'));
  app.addHook('onClose', async () => services.recentVoters.stop());
  registerCacheInvalidation(app, appRouter, services.readCache);

  await app.register(securityPlugin, { config });
  await registerCompression(app);

  const makeContext = (req: Parameters<typeof createContext>[0], reply: Parameters<typeof createContext>[1]) =>
    createContext(req, reply, config, services);
  const makePublicContext = (req: FastifyRequest, reply: FastifyReply) =>
    createPublicContext(req, reply, config, services);

  /** Headers of a tRPC answer: what the procedure set, and Retry-After on a throttled call. */
  const trpcHeaders = (ctx: Context | undefined, errors: unknown[]): Record<string, string> => {
    const retry = errors.map((e) => toErrorAnswer(e).body.retryAfterSeconds).find(Boolean);
    return { ...(ctx?.http.headers ?? {}), ...(retry ? { 'retry-after': String(retry) } : {}) };
  };
  const trpcOptions: FastifyTRPCPluginOptions<AppRouter>['trpcOptions'] = {
    router: appRouter,
    createContext: ({ req, res }) => makeContext(req, res),
    responseMeta: ({ ctx, errors }) => ({ headers: trpcHeaders(ctx, errors) }),
    // One request computes at most this many answers (plugins/request-bounds.ts refuses batches of mutations).
    maxBatchSize: LIMITS.trpcBatchMax,
  };

  // The hot reads (gallery pages, the leaderboard, one car…) answer alike for every user, signed in or not: they are
  // served from the read cache on routes outside the session scope below, so no cookie is parsed for them — except
  // while a site mode is on, when only admins may read them and the answer depends on who asks.
  const userOfCookie = await cookieUserReader(app, config, services.accounts);
  const makeCachedReadContext = async (req: FastifyRequest, reply: FastifyReply) => {
    const ctx = makePublicContext(req, reply);
    if (await services.settings.modeIsOn()) ctx.user = await userOfCookie(req);
    return ctx;
  };
  const reads = cachedReads({
    router: appRouter,
    cache: services.readCache,
    recentVoters: services.recentVoters,
    createContext: makeCachedReadContext,
    sharesAnswers: async () => !(await services.settings.modeIsOn()),
    ipHashOf: (req) => viewerIpHash(req, config),
  });
  const publicTrpcOptions = {
    ...trpcOptions,
    createContext: ({ req, res }) => makeCachedReadContext(req, res),
  } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'];
  registerTrpcCachedRoutes(app, reads, (req, reply, path) =>
    fastifyRequestHandler({ ...publicTrpcOptions, req, res: reply, path }),
  );
  registerRestRoutes(app, {
    router: appRouter,
    basePath: '/api',
    which: 'cached',
    createContext: makeCachedReadContext,
    cachedReads: reads,
  });

  await app.register(async (withSessions) => {
    await withSessions.register(sessionPlugin, { config });
    await withSessions.register(fastifyTRPCPlugin, { prefix: '/trpc', trpcOptions });
    await registerTrpcMutationRoutes(withSessions, {
      router: appRouter,
      createContext: makeContext,
      headersFor: (ctx, errors) => trpcHeaders(ctx, errors),
    });
    registerRestRoutes(withSessions, {
      router: appRouter,
      basePath: '/api',
      which: 'uncached',
      createContext: makeContext,
      cachedReads: reads,
    });
    await withSessions.register(stripeWebhookPlugin, { ...services.payments, checkout: services.checkout });
    registerFileRoutes(withSessions, services.storage);
    await registerUploadRoutes(withSessions, config);
    registerShareImageRoute(withSessions, { ds, storage: services.storage, imageQueue: services.imageQueue });
    await registerApiDocs(withSessions, appRouter, config);
    // The landing pages drawn on the server (SERVER_RENDER) read their data from the procedures, as this request's
    // viewer; only for a signed-out viewer (the rest get the page drawn in the browser, as before).
    const serverPages: ServerPages = {
      viewerOf: pageViewerOf({
        router: appRouter,
        cache: services.readCache,
        recentVoters: services.recentVoters,
        createContext: makeContext,
      }),
      cache: services.readCache,
    };
    await registerClient(withSessions, config.clientDist, config, config.serverRender ? serverPages : undefined);
  });
  return app;
}

async function openDatabase(config: Config, app: FastifyInstance): Promise<DataSource> {
  const ds = await createDataSource(config.database, { timeouts: config.databaseTimeouts });
  await ds.initialize();
  app.addHook('onClose', async () => {
    if (ds.isInitialized) await ds.destroy();
  });
  await runMigrations(ds);
  startStatementTimeouts(ds);
  return ds;
}

/** Rows every install needs (site settings, the configured admin) and, on a fresh database, the demo data. */
async function prepareData(app: FastifyInstance, ds: DataSource, config: Config, services: Services): Promise<void> {
  await ensureSiteSettings(ds);
  if (config.unsafeInProduction.demoData) {
    app.log.warn(
      'ALLOW_DEMO_DATA_IN_PRODUCTION: demo data with published passwords may be loaded on this production site',
    );
  }
  if (config.unsafeInProduction.testPayments) {
    app.log.warn(
      'ALLOW_TEST_PAYMENTS_IN_PRODUCTION: the test card places orders without payment on this production site',
    );
  }
  if (config.seedDemo) {
    const seeded = await seedDemoData(ds, { storage: services.storage, log: app.log });
    if (seeded.loaded) {
      const lines = seeded.accounts.map((a) => `  ${a.role.padEnd(5)}  ${a.email}  /  ${a.password}`);
      app.log.info(`Demo data loaded. Sign in with:\n${lines.join('\n')}`);
    }
  }
  if (config.admin) {
    const outcome = await services.accounts.ensureAdmin(config.admin.email, config.admin.password);
    app.log.info({ email: config.admin.email, outcome }, 'admin account from ADMIN_EMAIL');
  }
}

/**
 * Errors the router raises before any route or hook runs (Fastify's frameworkErrors). Fastify's own answers repeat
 * the whole address in the message, up to the 16 KB header limit: answer a short message of the usual shape instead.
 */
function answerFrameworkError(error: FastifyError, _req: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_BAD_URL') {
    return reply
      .code(400)
      .send({ message: 'The address is not valid: it has a malformed %-escape.', code: 'BAD_REQUEST' });
  }
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return reply.code(414).send({ message: 'The address is too long.', code: 'URI_TOO_LONG' });
  }
  return reply.code(500).send({ message: INTERNAL_ERROR_MESSAGE, code: 'INTERNAL_SERVER_ERROR' });
}
