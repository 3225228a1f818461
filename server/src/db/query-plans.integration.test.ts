import type { Logger } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillShowcase } from '../../scripts/showcase-data';
import { startTestApp, type TestApp } from '../../test/app';
import { HttpClient } from '../../test/http';
import { insertOrders } from '../../test/order-rows';
import { UserEntity } from '../modules/accounts/user.entity';
import type { OrderEntity } from '../modules/orders/order.entity';
import { TEXT_DRIVE_MAX } from '../modules/orders/order-search';
import { dialectOf } from './data-source';

// The hot reads on a database of some size: every SELECT they run, as captured from the app itself, is planned by
// the database with an index, never a full scan of a table. Run on SQLite and MariaDB (each plans for itself).

/**
 * Queries that read whole tables by nature: a contains-search ('%text%') cannot use a B-tree index, and the home
 * page's site counters add up the running totals, tables whose rows do not grow with cars, votes or orders (one per
 * category, per vote slot, per month).
 */
const MAY_SCAN = [/ LIKE /i, /FROM car_totals\b.*FROM vote_totals\b.*FROM sales_months\b/s];

const ADMIN = { email: 'plans-admin@example.com', password: 'admin-password-1' };
let t: TestApp;
const captured = new Map<string, unknown[]>();

beforeAll(async () => {
  t = await startTestApp({ TRUST_PROXY: 'true', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  const ds = t.app.services.ds;
  await fillShowcase(ds, dialectOf(ds) === 'sqlite' ? 'sqlite' : 'mysql', {
    cars: 10_000,
    votes: 300_000,
    owners: 1_000,
    days: 365,
  });
  await t.app.services.recentVoters.refresh();
}, 300_000);
afterAll(async () => {
  await t?.close();
});

/** Runs `calls` with the app's query logger replaced by one that keeps every SELECT (and its parameters). */
async function captureSelects(calls: () => Promise<void>): Promise<void> {
  const ds = t.app.services.ds;
  const original = ds.logger;
  // The app's own logger for everything else (its methods live on its prototype).
  const capturing: Logger = Object.assign(Object.create(original), {
    logQuery(query: string, parameters?: unknown) {
      if (/^\s*SELECT/i.test(query)) captured.set(query, Array.isArray(parameters) ? parameters : []);
    },
  });
  Object.assign(ds, { logger: capturing });
  try {
    await calls();
  } finally {
    Object.assign(ds, { logger: original });
  }
}

/** The plan's steps that read a whole table. */
async function fullScans(query: string, parameters: unknown[]): Promise<string[]> {
  const ds = t.app.services.ds;
  if (dialectOf(ds) === 'sqlite') {
    const plan: { detail: string }[] = await ds.query(`EXPLAIN QUERY PLAN ${query}`, parameters);
    // "SCAN cars" reads every row; "SCAN cars USING INDEX …" walks an index in order; subqueries are listed apart.
    return plan.map((step) => step.detail).filter((detail) => /^SCAN \S+$/.test(detail));
  }
  const plan: { table: string; type: string | null }[] = await ds.query(`EXPLAIN ${query}`, parameters);
  return plan.filter((step) => step.type === 'ALL' && !step.table.startsWith('<')).map((step) => `${step.table}: ALL`);
}

describe('query plans of the hot reads', () => {
  it('use an index for every SELECT of the gallery, leaderboard, car page, vote and counters', async () => {
    const [car] = await t.app.services.ds.query(`SELECT id, slug FROM cars WHERE slug = 'bench-car-5000'`);
    const voter = new HttpClient(t.baseUrl, { 'x-forwarded-for': '203.0.113.9' });
    await captureSelects(async () => {
      const reads = [
        '/api/cars?limit=100',
        '/api/cars?limit=12&offset=24',
        '/api/cars?featured=true&limit=12',
        '/api/cars?category=JDM&limit=12',
        '/api/cars/top?period=month&limit=20',
        '/api/cars/top?period=all&limit=20',
        `/api/cars/${car.slug}`,
        `/api/cars/by-id/${car.id}`,
        '/api/cars/search?q=nissan',
        // Short words alone, in pairs and beside a longer one (on MySQL/MariaDB from car_search_prefixes).
        '/api/cars/search?q=n',
        '/api/cars/search?q=ni%20sk',
        '/api/cars/search?q=nissan%20s',
        '/api/stats',
      ];
      expect((await voter.post('/api/votes', { carId: Number(car.id) })).status).toBe(201);
      // The voter's own responses (hasVoted read from vote_limits), then everyone's from a cold cache.
      for (const read of reads) expect((await voter.get(read)).status).toBe(200);
      t.app.services.readCache.clear();
      for (const read of reads) expect((await new HttpClient(t.baseUrl).get(read)).status).toBe(200);
      await t.app.services.recentVoters.refresh();
    });
    expect(captured.size).toBeGreaterThan(10);

    const scanning: string[] = [];
    for (const [query, parameters] of captured) {
      if (MAY_SCAN.some((pattern) => pattern.test(query))) continue;
      const scans = await fullScans(query, parameters);
      if (scans.length > 0) scanning.push(`${scans.join(', ')} in ${query.replace(/\s+/g, ' ')}`);
    }
    expect(scanning).toEqual([]);
  }, 120_000);

  it('read the rankings from a covering index in order: no table row, no sort, whatever the number of cars', async () => {
    const ranking = [
      /FROM car_monthly_votes WHERE month = \? AND listed = 1/,
      /FROM cars WHERE published = 1 AND totalVotes/,
    ];
    const queries = [...captured].filter(([query]) => ranking.some((pattern) => pattern.test(query)));
    expect(queries.length).toBeGreaterThanOrEqual(2);
    const ds = t.app.services.ds;
    for (const [query, parameters] of queries) {
      if (dialectOf(ds) === 'sqlite') {
        const plan: { detail: string }[] = await ds.query(`EXPLAIN QUERY PLAN ${query}`, parameters);
        const steps = plan.map((step) => step.detail);
        expect(steps, query).toEqual([expect.stringMatching(/^SEARCH \S+ USING COVERING INDEX IDX_\w+_ranking/)]);
      } else {
        const plan: { key: string | null; Extra: string | null }[] = await ds.query(`EXPLAIN ${query}`, parameters);
        expect(
          plan.map((step) => step.key),
          query,
        ).toEqual([expect.stringMatching(/^IDX_\w+_ranking$/)]);
        expect(plan[0]?.Extra ?? '', query).toContain('Using index');
        expect(plan[0]?.Extra ?? '', query).not.toContain('filesort');
      }
    }
  });

  it('read the newest matches of a short prefix in key order (MySQL/MariaDB): no sort of all its matches', async () => {
    const ds = t.app.services.ds;
    const short = [...captured].filter(([query]) => /FROM car_search_prefixes p0/.test(query));
    if (dialectOf(ds) === 'sqlite') {
      expect(short).toEqual([]);
      return;
    }
    expect(short.length).toBeGreaterThanOrEqual(2);
    for (const [query, parameters] of short) {
      const plan: { table: string; key: string | null; Extra: string | null }[] = await ds.query(
        `EXPLAIN ${query}`,
        parameters,
      );
      const first = plan.find((step) => step.table === 'p0');
      expect(first?.key, query).toBe('PRIMARY');
      expect(first?.Extra ?? '', query).not.toMatch(/filesort|temporary/);
      for (const step of plan.filter((s) => /^p[1-9]$/.test(s.table))) expect(step.key, query).toBe('PRIMARY');
    }
  });

  it("count the earlier ranking's recent votes per car read, by index", async () => {
    const recent = [...captured].filter(([query]) => /FROM votes WHERE carId IN/.test(query));
    expect(recent.length).toBeGreaterThan(0);
    for (const [query, parameters] of recent) expect(await fullScans(query, parameters)).toEqual([]);
  });

  it('start a page by cursor with an index range from the cursor (keyset pagination), for every filter', async () => {
    const ds = t.app.services.ds;
    const visitor = new HttpClient(t.baseUrl);
    const keyset = new Map<string, unknown[]>();
    const lists = ['limit=12', 'limit=12&featured=true', 'limit=12&category=JDM'];
    const cursors = await Promise.all(
      lists.map(async (list) => (await visitor.get(`/api/cars?${list}`)).headers.get('x-next-cursor')),
    );
    t.app.services.readCache.clear();
    const original = ds.logger;
    const capturing: Logger = Object.assign(Object.create(original), {
      logQuery(query: string, parameters?: unknown) {
        if (/keyset_at/.test(query) && /<= \?/.test(query)) keyset.set(query, parameters as unknown[]);
      },
    });
    Object.assign(ds, { logger: capturing });
    try {
      for (const [i, list] of lists.entries()) {
        expect(cursors[i]).toBeTruthy();
        expect((await visitor.get(`/api/cars?${list}&cursor=${cursors[i]}`)).status).toBe(200);
      }
    } finally {
      Object.assign(ds, { logger: original });
    }
    expect(keyset.size).toBe(lists.length);
    for (const [query, parameters] of keyset) {
      if (dialectOf(ds) === 'sqlite') {
        const plan: { detail: string }[] = await ds.query(`EXPLAIN QUERY PLAN ${query}`, parameters);
        // "SEARCH car USING COVERING INDEX … (published=? AND featured=? AND createdAt<?)": the page's keys are read
        // from the index alone, starting at the cursor, not at the top.
        expect(plan.map((step) => step.detail)).toEqual([
          expect.stringMatching(/^SEARCH car USING COVERING INDEX \S+ \((\w+=\? AND )+createdAt<\?\)$/),
        ]);
      } else {
        const plan: { type: string; key: string; Extra: string }[] = await ds.query(`EXPLAIN ${query}`, parameters);
        expect(plan).toHaveLength(1);
        expect(plan[0]?.type).toBe('range');
        expect(plan[0]?.key).toMatch(/^IDX_/);
        expect(plan[0]?.Extra ?? '').toMatch(/Using index/);
        expect(plan[0]?.Extra ?? '').not.toMatch(/filesort/);
      }
    }
  });

  it('read each admin order list and search shape from an index, in order, and count no more than needed', async () => {
    const ds = t.app.services.ds;
    // Customers and more orders than TEXT_DRIVE_MAX carrying the word "example", so a search for it walks the list.
    const customers = await ds.getRepository(UserEntity).save(
      Array.from({ length: 200 }, (_, i) => ({
        email: `plan-user-${i}@example.com`,
        username: `planuser${i}`,
        usernameKey: `planuser${i}`,
        name: `Plan User ${i}`,
        passwordHash: 'x',
      })),
    );
    const statuses = ['pending', 'processing', 'shipped', 'delivered', 'canceled'] as const;
    const orders = Array.from({ length: TEXT_DRIVE_MAX + 500 }, (_, i) => {
      const customer = customers[i % customers.length] as UserEntity;
      return {
        userId: customer.id,
        status: statuses[i % statuses.length] as OrderEntity['status'],
        email: customer.email,
        shipName: customer.name ?? '',
        paymentId: `plan-${i}`,
        createdAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000),
      };
    });
    await insertOrders(ds, orders);
    await ds.query(dialectOf(ds) === 'sqlite' ? 'ANALYZE' : 'ANALYZE TABLE orders, order_words');

    const admin = new HttpClient(t.baseUrl);
    expect((await admin.post('/api/login', ADMIN)).status).toBe(200);
    const middle = (await admin.get('/api/orders?limit=50&offset=3000')).headers.get('x-next-cursor');
    expect(middle).toBeTruthy();
    const selects = new Map<string, unknown[]>();
    const original = ds.logger;
    const capturing: Logger = Object.assign(Object.create(original), {
      logQuery(query: string, parameters?: unknown) {
        if (/^\s*SELECT/i.test(query)) selects.set(query, Array.isArray(parameters) ? parameters : []);
      },
    });
    Object.assign(ds, { logger: capturing });
    try {
      for (const read of [
        '/api/orders?limit=50',
        `/api/orders?limit=50&cursor=${middle}`,
        '/api/orders?status=pending&limit=50',
        '/api/orders/search?status=shipped&page=3',
        '/api/orders/search?from=2026-01-02&to=2026-01-03',
        '/api/orders/search?status=canceled&from=2026-01-02&to=2026-01-03',
        '/api/orders/search',
        '/api/orders/search?q=plan-user-17%40example.com',
        '/api/orders/search?q=plan%20user%2017&status=shipped',
        '/api/orders/search?q=example',
        '/api/orders/search?q=example%20com&status=delivered',
        `/api/orders/search?q=%23${orders.length}`,
      ]) {
        expect((await admin.get(read)).status, read).toBe(200);
      }
    } finally {
      Object.assign(ds, { logger: original });
    }
    const orderReads = [...selects].filter(([query]) => /\border(s|_words)\b/.test(query));
    expect(orderReads.length).toBeGreaterThan(10);
    const problems: string[] = [];
    for (const [query, parameters] of orderReads) {
      const text = query.replace(/\s+/g, ' ');
      // The count reads its bounded derived table, or the running totals' row per status, whole; every other table by
      // index.
      const scans = (await fullScans(query, parameters)).filter(
        (scan) => !/^(SCAN (counted|order_status_totals)|order_status_totals: ALL)$/.test(scan),
      );
      if (scans.length > 0) problems.push(`${scans.join(', ')} in ${text}`);
      // Each word of an order is probed by (orderId, word), never gathered for every order that has it.
      if (dialectOf(ds) === 'sqlite') {
        const plan: { detail: string }[] = await ds.query(`EXPLAIN QUERY PLAN ${query}`, parameters);
        const probes = plan.filter((step) => /^SEARCH [ot]w\d/.test(step.detail));
        if (probes.some((step) => !/USING COVERING INDEX IDX_order_words_order \(orderId=\?/.test(step.detail))) {
          problems.push(`probe: ${text}`);
        }
      } else {
        const plan: { select_type: string; key: string | null }[] = await ds.query(`EXPLAIN ${query}`, parameters);
        if (plan.some((step) => step.select_type === 'MATERIALIZED')) problems.push(`materialized: ${text}`);
        if (plan.some((step) => step.select_type === 'DEPENDENT SUBQUERY' && step.key !== 'IDX_order_words_order')) {
          problems.push(`probe: ${text}`);
        }
      }
      // A page's keys come in the list's index order, not sorted afterwards, except the few ids a rare word matched.
      if (/keyset_at/.test(query) && !/\.["`]?id["`]? IN \(/.test(query)) {
        if (dialectOf(ds) === 'sqlite') {
          const plan: { detail: string }[] = await ds.query(`EXPLAIN QUERY PLAN ${query}`, parameters);
          if (plan.some((step) => /TEMP B-TREE/.test(step.detail))) problems.push(`sorted: ${text}`);
        } else {
          const plan: { Extra: string | null }[] = await ds.query(`EXPLAIN ${query}`, parameters);
          if (plan.some((step) => /filesort/.test(step.Extra ?? ''))) problems.push(`sorted: ${text}`);
        }
      }
    }
    expect(problems).toEqual([]);
  }, 300_000);
});
