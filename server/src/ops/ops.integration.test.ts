import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app';
import { payForCart, signedIn } from '../../test/hardening/fixtures';
import { HttpClient } from '../../test/http';
import { CALIFORNIA, makeCarWithImages, makeProduct } from '../modules/checkout/shop-test-fixtures';

// What the load balancer and monitoring see: /healthz, /readyz, /metrics behind its token, and the request id on
// every log line of a request.

const METRICS_TOKEN = 'metrics-token-for-tests-0123456789';
const logLines: Record<string, unknown>[] = [];
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp(
    { METRICS_TOKEN, LOG_LEVEL: 'info' },
    { logStream: { write: (line) => logLines.push(JSON.parse(line)) } },
  );
});
afterAll(() => t?.close());

/** The value of one series in Prometheus's text format (0 when the series is not there yet). */
async function metric(series: string): Promise<number> {
  const res = await fetch(`${t.baseUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const line = (await res.text()).split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

/** A signed-in buyer with a product in the cart and a payment started for it. */
async function buyerAtPayment() {
  const product = await makeProduct(t.app.services.ds, { isMerch: true });
  const buyer = await signedIn(t);
  expect((await buyer.client.post('/api/cart', { productId: product.id, quantity: 1 })).status).toBe(201);
  const intent = await buyer.client.post('/api/create-payment-intent', {
    email: buyer.row.email,
    shippingAddress: CALIFORNIA,
  });
  expect(intent.status).toBe(200);
  return { buyer, intent };
}

describe('health', () => {
  it('/healthz responds while the process is up, /readyz when the database and the storage respond', async () => {
    const live = await fetch(`${t.baseUrl}/healthz`);
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: 'ok' });

    const ready = await fetch(`${t.baseUrl}/readyz`);
    expect(ready.status).toBe(200);
    expect(ready.headers.get('cache-control')).toBe('no-store');
    expect(await ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', storage: 'ok' } });
  });

  it('/readyz is 503 with a message naming what is down when the photo storage cannot be reached', async () => {
    // An S3 endpoint where nothing listens: the database is fine, the storage is not.
    const broken = await startTestApp({
      S3_BUCKET: 'photos',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_ENDPOINT: 'http://127.0.0.1:9',
      S3_FORCE_PATH_STYLE: 'true',
    });
    try {
      const res = await fetch(`${broken.baseUrl}/readyz`);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({
        message: 'Not ready: the storage cannot be reached.',
        status: 'not ready',
        checks: { database: 'ok', storage: 'unreachable' },
      });
      expect((await fetch(`${broken.baseUrl}/healthz`)).status).toBe(200);
    } finally {
      await broken.close();
    }
  });
});

describe('metrics', () => {
  it('are refused without the token, and not served at all when no token is configured', async () => {
    expect((await fetch(`${t.baseUrl}/metrics`)).status).toBe(401);
    const wrong = await fetch(`${t.baseUrl}/metrics`, { headers: { authorization: `Bearer ${'x'.repeat(34)}` } });
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { message: string }).message).toBe(
      'The metrics need the token of METRICS_TOKEN as a Bearer token.',
    );

    const untokened = await startTestApp();
    try {
      expect((await fetch(`${untokened.baseUrl}/metrics`)).status).toBe(404);
    } finally {
      await untokened.close();
    }
  });

  it('count requests per route pattern with their latency, and the database pool', async () => {
    const series = 'curbside_http_requests_total{method="GET",route="/api/cars/:slug",status="404"}';
    const before = await metric(series);
    for (const slug of ['no-such-car-1', 'no-such-car-2']) {
      expect((await fetch(`${t.baseUrl}/api/cars/${slug}`)).status).toBe(404);
    }
    expect(await metric(series)).toBe(before + 2);
    expect(
      await metric('curbside_http_request_duration_seconds_count{method="GET",route="/api/cars/:slug"}'),
    ).toBeGreaterThanOrEqual(2);
    expect(await metric('curbside_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
    expect(await metric('curbside_process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('count votes, orders and payment failures as they happen', async () => {
    const votes = await metric('curbside_votes_counted_total');
    const { car } = await makeCarWithImages(t.app.services.ds, 1);
    const voter = new HttpClient(t.baseUrl);
    expect((await voter.post('/api/votes', { carId: car.id })).status).toBe(201);
    expect((await voter.post('/api/votes', { carId: car.id })).status).toBe(429); // refused: not counted
    expect(await metric('curbside_votes_counted_total')).toBe(votes + 1);

    const orders = await metric('curbside_orders_created_total');
    const declines = await metric('curbside_payment_failures_total{reason="declined"}');
    const { buyer, intent } = await buyerAtPayment();
    const declined = await buyer.client.trpc('mutation', 'checkout.payWithTestCard', {
      paymentId: intent.body.paymentId,
      clientSecret: intent.body.clientSecret,
      cardNumber: '4000 0000 0000 0002',
    });
    expect(declined.status).toBe(400);
    expect(await metric('curbside_payment_failures_total{reason="declined"}')).toBe(declines + 1);
    await payForCart(buyer);
    expect(await metric('curbside_orders_created_total')).toBe(orders + 1);
  });
});

describe('request ids in the logs', () => {
  it('every line written while a request is handled carries its id, which the response names in x-request-id', async () => {
    const { buyer, intent } = await buyerAtPayment();
    // The confirmation e-mail fails: the order stands, and the failure is logged through the app's logger (not the
    // request's), which must name the request all the same.
    const send = t.mailer.send;
    t.mailer.send = async () => {
      throw new Error('smtp is down');
    };
    logLines.length = 0;
    try {
      const paid = await buyer.client.trpc('mutation', 'checkout.payWithTestCard', {
        paymentId: intent.body.paymentId,
        clientSecret: intent.body.clientSecret,
        cardNumber: '4242 4242 4242 4242',
      });
      expect(paid.status).toBe(200);
      const id = paid.headers.get('x-request-id');
      expect(id).toMatch(/^[0-9a-f-]{36}$/);

      expect(logLines.filter((line) => line.reqId === id).map((line) => line.msg)).toEqual(
        expect.arrayContaining(['incoming request', 'order confirmation e-mail failed', 'request completed']),
      );
      expect(logLines.every((line) => line.reqId === id)).toBe(true);
      // Written once per line, not twice (the request's own lines carry it as a binding already).
      expect(logLines.every((line) => Object.keys(line).filter((key) => key === 'reqId').length === 1)).toBe(true);
    } finally {
      t.mailer.send = send;
    }
  });

  it("a client's own x-request-id is not trusted without TRUST_PROXY", async () => {
    const res = await fetch(`${t.baseUrl}/healthz`, { headers: { 'x-request-id': 'forged-by-the-client' } });
    expect(res.headers.get('x-request-id')).not.toBe('forged-by-the-client');
  });

  it("behind TRUST_PROXY the proxy's x-request-id is kept, so the proxy's log and ours share it", async () => {
    const proxied = await startTestApp({ TRUST_PROXY: 'true' });
    try {
      const res = await fetch(`${proxied.baseUrl}/healthz`, { headers: { 'x-request-id': 'nginx-5f2b9c0e1d' } });
      expect(res.headers.get('x-request-id')).toBe('nginx-5f2b9c0e1d');
      const odd = await fetch(`${proxied.baseUrl}/healthz`, { headers: { 'x-request-id': 'has spaces <b>' } });
      expect(odd.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await proxied.close();
    }
  });
});
