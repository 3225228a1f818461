import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { DataSource } from 'typeorm';
import { mysqlPoolStats } from '../db/driver-internals';
import type { PaymentFailureReason } from '../modules/checkout/checkout.service';

// The app's Prometheus metrics, served at /metrics (ops/routes.ts). One registry per app, so several apps in one
// process (tests) never share counters. Counters are per app server: Prometheus sums them across servers.

export class AppMetrics {
  readonly registry = new Registry();

  private readonly httpRequests = new Counter({
    name: 'curbside_http_requests_total',
    help: 'HTTP responses sent, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });

  private readonly httpDuration = new Histogram({
    name: 'curbside_http_request_duration_seconds',
    help: 'Time from the request arriving to its response being sent, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  private readonly votes = new Counter({
    name: 'curbside_votes_counted_total',
    help: 'Votes counted (refused votes are not counted)',
    registers: [this.registry],
  });

  private readonly orders = new Counter({
    name: 'curbside_orders_created_total',
    help: 'Orders made from a successful payment',
    registers: [this.registry],
  });

  private readonly paymentFailures = new Counter({
    name: 'curbside_payment_failures_total',
    help: 'Payments that did not become an order, by reason',
    labelNames: ['reason'] as const,
    registers: [this.registry],
  });

  private readonly renders = new Counter({
    name: 'curbside_renders_total',
    help: 'Expensive answers made (PDFs, QR codes, pictures), by kind; those sent as kept or joined are not counted',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });

  constructor(ds?: DataSource) {
    collectDefaultMetrics({ register: this.registry, prefix: 'curbside_' });
    if (ds) {
      new Gauge({
        name: 'curbside_db_pool_connections',
        help: 'Database connections of this server by state: open (total), idle, and requests waiting for one',
        labelNames: ['state'] as const,
        registers: [this.registry],
        collect() {
          const pool = poolStats(ds);
          this.set({ state: 'total' }, pool.total);
          this.set({ state: 'idle' }, pool.idle);
          this.set({ state: 'waiting' }, pool.waiting);
        },
      });
    }
  }

  /** The series of each (method, route, status) seen, resolved once: labelling on every request costs more. */
  private readonly requestSeries = new Map<string, { count: () => void; duration: (seconds: number) => void }>();

  /** `route` is the route's pattern (`/api/cars/:slug`), never the raw address: one series per route, not per car. */
  observeRequest(method: string, route: string, status: number, seconds: number): void {
    const key = `${method} ${status} ${route}`;
    let series = this.requestSeries.get(key);
    if (!series) {
      const count = this.httpRequests.labels({ method, route, status: String(status) });
      const duration = this.httpDuration.labels({ method, route });
      series = { count: () => count.inc(), duration: (value) => duration.observe(value) };
      this.requestSeries.set(key, series);
    }
    series.count();
    series.duration(seconds);
  }

  voteCounted(): void {
    this.votes.inc();
  }

  renderMade(kind: string): void {
    this.renders.inc({ kind });
  }

  orderCreated(): void {
    this.orders.inc();
  }

  paymentFailed(reason: PaymentFailureReason): void {
    this.paymentFailures.inc({ reason });
  }

  /** The text exposition format Prometheus scrapes. */
  async render(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}

/** MySQL/MariaDB: mysql2's pool; SQLite: its one connection. */
export function poolStats(ds: DataSource): { total: number; idle: number; waiting: number } {
  if (ds.options.type === 'better-sqlite3') return { total: ds.isInitialized ? 1 : 0, idle: 0, waiting: 0 };
  return mysqlPoolStats(ds);
}
