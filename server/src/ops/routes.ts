import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { DataSource } from 'typeorm';
import type { Storage } from '../lib/storage';
import type { AppMetrics } from './metrics';

// What a load balancer and a monitoring system ask of each app server:
//   GET /healthz  the process is up and serving (liveness: restart it when this fails);
//   GET /readyz   it can do its work: the database and the photo storage respond (readiness: send it traffic);
//   GET /metrics  Prometheus metrics, only with `Authorization: Bearer <METRICS_TOKEN>`.

/** How long readiness waits for each dependency before calling it unreachable. */
export const READY_CHECK_TIMEOUT_MS = 2_000;

export interface OpsRoutesOptions {
  ds: DataSource;
  storage: Storage;
  metrics: AppMetrics;
  /** null: /metrics is not served (404). */
  metricsToken: string | null;
}

type CheckResult = 'ok' | 'unreachable';

export function registerOpsRoutes(app: FastifyInstance, options: OpsRoutesOptions): void {
  const { ds, storage, metrics, metricsToken } = options;

  app.get('/healthz', async (_req, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));

  app.get('/readyz', async (req, reply) => {
    const [database, photoStorage] = await Promise.all([
      check(() => ds.query('SELECT 1')),
      check(() => storage.check()),
    ]);
    const checks = { database: database.result, storage: photoStorage.result };
    reply.header('cache-control', 'no-store');
    if (database.result === 'ok' && photoStorage.result === 'ok') return reply.send({ status: 'ready', checks });
    req.log.warn({ checks, database: database.error, storage: photoStorage.error }, 'not ready');
    const down = Object.entries(checks)
      .filter(([, result]) => result !== 'ok')
      .map(([name]) => name);
    return reply
      .code(503)
      .send({ message: `Not ready: the ${down.join(' and the ')} cannot be reached.`, status: 'not ready', checks });
  });

  app.get('/metrics', async (req, reply) => {
    if (!metricsToken) return reply.code(404).send({ message: 'Not found', code: 'NOT_FOUND' });
    if (!bearerMatches(req.headers.authorization, metricsToken)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({ message: 'The metrics need the token of METRICS_TOKEN as a Bearer token.', code: 'UNAUTHORIZED' });
    }
    const { contentType, body } = await metrics.render();
    return reply.header('cache-control', 'no-store').type(contentType).send(body);
  });

  // Every response, by route pattern: unmatched addresses share one series, so scanners cannot blow up the labels.
  app.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions.url ?? 'unmatched';
    metrics.observeRequest(req.method, route, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}

async function check(probe: () => Promise<unknown>): Promise<{ result: CheckResult; error?: string }> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no response within ${READY_CHECK_TIMEOUT_MS} ms`)),
      READY_CHECK_TIMEOUT_MS,
    );
  });
  try {
    await Promise.race([probe(), timeout]);
    return { result: 'ok' };
  } catch (error) {
    return { result: 'unreachable', error: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
}

function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.startsWith('Bearer ') ? header.slice(7).trim() : '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
