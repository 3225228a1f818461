import 'reflect-metadata';
import path from 'node:path';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { DataSource } from 'typeorm';
import type { Config } from './config';
import { createContext, createPublicContext } from './context';
import { createDataSource, startStatementTimeouts } from './db/data-source';
import { runMigrations } from './db/migrate';
import { errorHeaders, INTERNAL_ERROR_MESSAGE, toErrorResponse } from './http-errors';
import { type Mailer, OutboxMailer, SmtpMailer } from './lib/mailer';
import { registerFileRoutes } from './modules/files/routes';
import { registerUploadRoutes } from './modules/images/upload-routes';
import { registerMeetCardRoutes } from './modules/meet-cards/routes';
import { registerOrderAdminDownloads } from './modules/orders/admin-downloads';
import type { StripeClientOptions } from './modules/payments/stripe-provider';
import { stripeWebhookPlugin } from './modules/payments/webhook-route';
import { registerShareImageRoute } from './modules/share/share-image';
import { registerCrawlerRoutes } from './modules/share/sitemap';
import { registerRequestIds, requestIdGenerator } from './ops/request-ids';
import { registerOpsRoutes } from './ops/routes';
import { markStartup } from './ops/startup';
import { registerAllowedMethods } from './plugins/allowed-methods';
import { registerBearerTokens } from './plugins/bearer-token';
import { registerClient, type ServerPages } from './plugins/client';
import { registerCompression } from './plugins/compression';
import { registerGracefulClose } from './plugins/graceful-close';
import { registerRequestBounds } from './plugins/request-bounds';
import { registerRouteAccess } from './plugins/route-access';
import { securityPlugin } from './plugins/security';
import { cookieUserReader, sessionPlugin } from './plugins/session';
import { registerWriteInvalidation } from './read-cache/policy';
import { ensureSiteSettings, seedDemoData } from './seed/demo';
import { createServices, type Services } from './services';
import { registerCachedReadTransports, registerSessionTransports, type TransportDeps } from './transports';

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
    frameworkErrors: respondToFrameworkError,
    return503OnClosing: false, // sent by registerGracefulClose, with the usual message
    // Fastify gives each plugin 10 s to load; on a busy 2-core host the session-scoped plugin (the routes, the client's
    // files and the server render's module) took longer, and the server refused to start (docs/performance.md,
    // "Start-up"). A plugin that never finishes is still reported, after a minute.
    pluginTimeout: 60_000,
  });
  registerGracefulClose(app);
  registerRequestIds(app);
  // text/plain is what a cross-site HTML form can send without a preflight; no JSON endpoint accepts it.
  app.removeContentTypeParser('text/plain');
  registerRequestBounds(app);
  registerAllowedMethods(app);

  const ds = await openDatabase(config, app);
  markStartup('databaseMigrated');
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
  markStartup('dataReady');

  app.setErrorHandler((error, req, reply) => {
    const response = toErrorResponse(error);
    if (response.isServerError) req.log.error({ err: error }, 'request failed');
    else if (response.status >= 400) req.log.debug({ err: error }, 'request refused');
    const headers = errorHeaders(response);
    // A refused API token has already named its own challenge (Bearer, plugins/bearer-token.ts).
    if (reply.hasHeader('www-authenticate')) delete headers['www-authenticate'];
    reply.headers(headers);
    const body = response.isServerError ? { ...response.body, requestId: String(req.id) } : response.body;
    return reply.code(response.status).send(body);
  });

  registerOpsRoutes(app, {
    ds,
    storage: services.storage,
    metrics: services.metrics,
    metricsToken: config.metricsToken,
  });
  await services.recentVoters.start((err) => app.log.error({ err }, 'reading recent voters failed'));
  app.addHook('onClose', async () => services.recentVoters.stop());
  startPhotoHashBackfill(app, services);
  registerWriteInvalidation(app, services.readCache);

  await app.register(securityPlugin, { config });
  registerBearerTokens(app, { config, tokens: services.tokens });
  await registerCompression(app);

  const makeContext = (req: FastifyRequest, reply: FastifyReply) => createContext(req, reply, config, services);
  // The hot reads respond alike for every user, signed in or not: their context reads no session — except while a
  // site mode is on, when only admins may read them and the response depends on who asks.
  const userOfCookie = await cookieUserReader(app, config, services.accounts);
  const transports: TransportDeps = {
    config,
    services,
    createContext: makeContext,
    createCachedReadContext: async (req, reply) => {
      const ctx = createPublicContext(req, reply, config, services);
      if (await services.settings.modeIsOn()) {
        ctx.user = req.apiToken ? req.apiToken.user : await userOfCookie(req);
        ctx.tokenScope = req.apiToken?.scope ?? null;
      }
      return ctx;
    },
  };
  const reads = registerCachedReadTransports(app, transports);
  registerCrawlerRoutes(app, { sitemap: services.sitemap, publicUrl: config.publicUrl, cache: services.readCache });

  await app.register(async (withSessions) => {
    await withSessions.register(sessionPlugin, { config });
    registerRouteAccess(withSessions);
    const { pageViewerOf } = await registerSessionTransports(withSessions, transports, reads);
    await withSessions.register(stripeWebhookPlugin, { payments: services.payments, checkout: services.checkout });
    registerFileRoutes(withSessions, {
      storage: services.storage,
      isPrintOnly: (key) => services.images.isPrintOnly(key),
    });
    registerOrderAdminDownloads(withSessions, { orderAdmin: services.orderAdmin, storage: services.storage });
    registerMeetCardRoutes(withSessions, {
      meetCards: services.meetCards,
      siteName: config.siteName,
      publicUrl: config.publicUrl,
    });
    await registerUploadRoutes(withSessions, config);
    registerShareImageRoute(withSessions, {
      share: services.share,
      storage: services.storage,
      imageQueue: services.imageQueue,
      renders: services.renders,
    });
    // The landing pages rendered on the server (SERVER_RENDER) read their data from the procedures, as this
    // request's viewer; only for a signed-out viewer (the rest get the page rendered in the browser, as before).
    const serverPages: ServerPages = { viewerOf: pageViewerOf, cache: services.readCache };
    await registerClient(withSessions, config.clientDist, config, config.serverRender ? serverPages : undefined);
  });
  markStartup('routesRegistered');
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
  if (config.unsafeInProduction.httpPublicUrl) {
    app.log.warn('ALLOW_HTTP_PUBLIC_URL: this production site is served over plain http; its cookies are not Secure');
  }
  if (config.unsafeInProduction.outboxMail) {
    app.log.warn(
      'ALLOW_OUTBOX_MAIL_IN_PRODUCTION: mail, password reset links included, is written to the outbox folder, not sent',
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
 * Hashes, in the background, the car photos stored before copied-photo detection (photo-matches/): start-up does
 * not wait for it, and closing the app stops it between two photos. It begins a little after the server listens:
 * it loads sharp and reads and hashes every unhashed photo (all of them on a fresh demo database), work the first
 * requests should not queue behind on a busy host.
 */
function startPhotoHashBackfill(app: FastifyInstance, services: Services): void {
  const stop = new AbortController();
  let done: Promise<unknown> = Promise.resolve();
  const begin = () => {
    done = services.photoMatches
      .backfill(stop.signal)
      .catch((err) => app.log.error({ err }, 'hashing the stored car photos failed'));
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onListen', async () => {
    timer = setTimeout(begin, BACKFILL_DELAY_MS);
  });
  app.addHook('onClose', async () => {
    clearTimeout(timer);
    stop.abort();
    await done;
  });
}

/** How long after the server starts listening the photo-hash backfill begins. */
const BACKFILL_DELAY_MS = 5_000;

/**
 * Errors the router raises before any route or hook runs (Fastify's frameworkErrors). Fastify's own responses repeat
 * the whole address in the message, up to the 16 KB header limit: send a short message of the usual shape instead.
 */
function respondToFrameworkError(error: FastifyError, _req: FastifyRequest, reply: FastifyReply) {
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
