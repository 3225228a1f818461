import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { MESSAGES } from '@curbside/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CarImageEntity } from '../../src/modules/cars/car-image.entity';
import { CALIFORNIA, makeProduct, shopper } from '../../src/modules/checkout/shop-test-fixtures';
import { jpegBytes, uploadCarImage } from '../../src/modules/images/upload-test-helpers';
import { OrderEntity } from '../../src/modules/orders/order.entity';
import { PaymentEntity } from '../../src/modules/payments/payment.entity';
import { ProductEntity } from '../../src/modules/products/product.entity';
import { startTestApp, type TestApp } from '../app';
import { ownerWithCar } from '../fuzz/owner-with-car';
import { HttpClient } from '../http';
import { startTcpProxy, type TcpProxy } from './tcp-proxy';

// The database going away mid-request. MySQL/MariaDB: the app reaches its database through a TCP proxy this file
// cuts (connections reset, new ones refused: the server crashed or restarted) or stalls (bytes go in, nothing comes
// back: a network black hole); the shared MariaDB server itself is never touched. SQLite: another connection holds
// the write lock (a maintenance script, a second process), shorter and longer than the busy timeout.
// Either way the visitor gets a 503 with a readable message in bounded time, nothing is half-written, and the app
// serves again by itself once the database is back.

const UNAVAILABLE = MESSAGES.server.serviceUnavailable;
/** The waits the apps below run with (DATABASE_TIMEOUT_MS, DATABASE_QUERY_TIMEOUT_MS), short to keep this fast. */
const WAIT_MS = 600;
const QUERY_MS = 1000;

async function timed<T>(work: Promise<T>): Promise<{ value: T; ms: number }> {
  const started = Date.now();
  const value = await work;
  return { value, ms: Date.now() - started };
}

function expectUnavailable(res: { status: number; body: { message?: string; error?: { message?: string } } }) {
  expect(res.status).toBe(503);
  expect(res.body.message ?? res.body.error?.message).toBe(UNAVAILABLE);
}

/** A print-shop buyer with one product in the cart and a started test-mode payment. */
async function buyerAtPayment(t: TestApp, stock = 5) {
  const product = await makeProduct(t.app.services.ds, { isMerch: true, price: 2500, stock });
  const buyer = await shopper(t.baseUrl);
  expect((await buyer.client.post('/api/cart', { productId: product.id, quantity: 1 })).status).toBe(201);
  const intent = await buyer.client.post('/api/create-payment-intent', {
    email: buyer.email,
    shippingAddress: CALIFORNIA,
  });
  expect(intent.status).toBe(200);
  const pay = () =>
    buyer.client.trpc('mutation', 'checkout.payWithTestCard', {
      paymentId: intent.body.paymentId,
      clientSecret: intent.body.clientSecret,
      cardNumber: '4242424242424242',
    });
  return { ...buyer, product, paymentId: intent.body.paymentId as string, pay };
}

/** Nothing of the order was kept: no order row, the stock and the cart as they were, the payment still open. */
async function expectNoOrder(t: TestApp, b: Awaited<ReturnType<typeof buyerAtPayment>>, stock: number) {
  const ds = t.app.services.ds;
  expect(await ds.getRepository(OrderEntity).countBy({ paymentId: b.paymentId })).toBe(0);
  expect(await ds.getRepository(OrderEntity).countBy({ userId: b.id })).toBe(0);
  expect((await ds.getRepository(ProductEntity).findOneByOrFail({ id: b.product.id })).stock).toBe(stock);
  expect((await ds.getRepository(PaymentEntity).findOneByOrFail({ providerPaymentId: b.paymentId })).status).toBe(
    'requires_payment',
  );
  expect((await b.client.get('/api/cart')).body).toHaveLength(1);
}

function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.join(e.parentPath, e.name));
  } catch {
    return [];
  }
}

describe.runIf(process.env.TEST_DB === 'mysql')('MySQL/MariaDB behind a proxy that is cut or stalled', () => {
  let t: TestApp;
  let proxy: TcpProxy;
  beforeAll(async () => {
    const server = new URL(process.env.TEST_MYSQL_URL as string);
    proxy = await startTcpProxy(server.hostname, Number(server.port || 3306));
    t = await startTestApp(
      { DATABASE_TIMEOUT_MS: String(WAIT_MS), DATABASE_QUERY_TIMEOUT_MS: String(QUERY_MS) },
      {},
      {
        reach: (database) => {
          const url = new URL(database.kind === 'mysql' ? database.url : '');
          url.host = `127.0.0.1:${proxy.port}`;
          return { kind: 'mysql', url: url.toString(), replicaUrls: [] };
        },
      },
    );
  });
  afterAll(async () => {
    proxy?.restore();
    await t?.close();
    await proxy?.close();
  });

  it('cut: reads, writes and signed-in calls get 503 at once; the app serves again when it is back', async () => {
    const visitor = new HttpClient(t.baseUrl);
    const { client } = await shopper(t.baseUrl);
    const product = await makeProduct(t.app.services.ds, { isMerch: true, stock: 10 });
    const calls = () =>
      [
        visitor.get('/api/products'),
        visitor.trpc('query', 'products.list', {}),
        client.get('/api/cart'),
        client.post('/api/cart', { productId: product.id, quantity: 1 }),
      ] as const;
    proxy.cut();
    const { value: down, ms } = await timed(Promise.all(calls()));
    for (const res of down) expectUnavailable(res);
    expect(ms).toBeLessThan(WAIT_MS + 2000);
    expect(t.app.services.ds.isInitialized).toBe(true);
    // The load balancer's readiness check says so too, while the process itself stays live.
    const notReady = await visitor.get('/readyz');
    expect(notReady.status).toBe(503);
    expect(notReady.body).toMatchObject({
      message: 'Not ready: the database cannot be reached.',
      checks: { database: 'unreachable', storage: 'ok' },
    });
    expect((await visitor.get('/healthz')).status).toBe(200);

    proxy.restore();
    expect((await visitor.get('/readyz')).status).toBe(200);
    const [products, trpcProducts, cart, added] = await Promise.all(calls());
    expect(products.status).toBe(200);
    expect(trpcProducts.status).toBe(200);
    expect(cart.status).toBe(200);
    expect(added.status).toBe(201);
    expect((await client.get('/api/cart')).body).toHaveLength(1); // the write refused during the cut was not kept
  });

  it('stalled: 15 requests at once (more than the pool holds) each get a 503 within the timeouts, none hangs', async () => {
    const visitor = new HttpClient(t.baseUrl);
    const { client } = await shopper(t.baseUrl);
    // Some pooled connections are open and idle, so the stall catches both kinds: queries on open connections
    // (query timeout) and new connections (connect timeout), and requests queued for a connection (acquire timeout).
    await Promise.all(Array.from({ length: 6 }, () => visitor.get('/api/products')));
    proxy.stall();
    const { value: responses, ms } = await timed(
      Promise.all([
        ...Array.from({ length: 12 }, () => visitor.get('/api/products')),
        client.get('/api/user/orders'),
        visitor.post('/api/login', { email: 'nobody@example.com', password: 'hunter22' }),
        visitor.trpc('query', 'products.list', {}),
      ]),
    );
    for (const res of responses) expectUnavailable(res);
    expect(ms).toBeLessThan(2 * (WAIT_MS + QUERY_MS) + 2000);

    proxy.restore();
    expect((await visitor.get('/api/products')).status).toBe(200);
    expect((await client.get('/api/user/orders')).status).toBe(200);
  });

  it('cut in the middle of writing an order: nothing of it is kept, and paying again makes exactly one', async () => {
    const b = await buyerAtPayment(t);
    // The order row and the stock decrement are written; the connection drops as the order items are sent.
    const cut = proxy.cutOn('INSERT INTO `order_items`');
    const paid = await b.pay();
    await cut;
    expectUnavailable(paid);

    proxy.restore();
    await expectNoOrder(t, b, 5);
    const again = await b.pay();
    expect(again.status).toBe(200);
    expect(await t.app.services.ds.getRepository(OrderEntity).countBy({ paymentId: b.paymentId })).toBe(1);
    expect((await t.app.services.ds.getRepository(ProductEntity).findOneByOrFail({ id: b.product.id })).stock).toBe(4);
    expect((await b.client.get('/api/cart')).body).toEqual([]);
  });

  it('cut while a photo row is written: no image row and no stored file are left; uploading again works', async () => {
    const { client, car } = await ownerWithCar(t, 'hunter22');
    const uploads = path.join(t.config.dataDir, 'uploads');
    const before = filesUnder(uploads);
    const cut = proxy.cutOn('INSERT INTO `car_images`');
    const res = await uploadCarImage(client, car.id, await jpegBytes());
    await cut;
    expectUnavailable(res);

    proxy.restore();
    expect(await t.app.services.ds.getRepository(CarImageEntity).countBy({ carId: car.id })).toBe(0);
    expect(filesUnder(uploads)).toEqual(before);
    const again = await uploadCarImage(client, car.id, await jpegBytes());
    expect(again.status).toBe(201);
    expect(await t.app.services.ds.getRepository(CarImageEntity).countBy({ carId: car.id })).toBe(1);
  });
});

/**
 * Another connection to the SQLite file (in a thread of its own, as a second process would be) takes the write lock
 * and keeps it for `holdMs`. Resolves once the lock is held; `released` resolves when it has let go.
 */
async function holdSqliteWriteLock(file: string, holdMs: number): Promise<{ released: Promise<void> }> {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(
    `const { workerData, parentPort } = require('node:worker_threads');
     const db = new (require(workerData.driver))(workerData.file);
     db.exec('BEGIN IMMEDIATE');
     parentPort.postMessage('locked');
     setTimeout(() => { db.exec('COMMIT'); db.close(); parentPort.postMessage('released'); }, workerData.holdMs);`,
    { eval: true, workerData: { driver, file, holdMs } },
  );
  const released = new Promise<void>((resolve, reject) => {
    worker.on('message', (m) => m === 'released' && resolve());
    worker.once('error', reject);
  });
  await new Promise<void>((resolve, reject) => {
    worker.on('message', (m) => m === 'locked' && resolve());
    worker.once('error', reject);
  });
  return { released: released.finally(() => worker.terminate()) };
}

describe.runIf(process.env.TEST_DB !== 'mysql')('SQLite with another connection holding the write lock', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ DATABASE_TIMEOUT_MS: '1500' });
  });
  afterAll(async () => {
    await t?.close();
  });
  const file = () => (t.config.database.kind === 'sqlite' ? t.config.database.file : '');

  it('held briefly: concurrent writes wait for it and all succeed (busy is retried, not surfaced)', async () => {
    const b = await buyerAtPayment(t, 10);
    const others = await Promise.all(Array.from({ length: 6 }, () => shopper(t.baseUrl)));
    const lock = await holdSqliteWriteLock(file(), 300);
    const {
      value: [paid, ...added],
      ms,
    } = await timed(
      Promise.all([
        b.pay(),
        ...others.map((o) => o.client.post('/api/cart', { productId: b.product.id, quantity: 1 })),
        shopper(t.baseUrl).then(() => ({ status: 201 })),
      ]),
    );
    await lock.released;
    expect(ms).toBeGreaterThanOrEqual(250); // they did wait for the lock
    expect(paid.status).toBe(200);
    for (const res of added) expect(res.status).toBe(201);
    expect(await t.app.services.ds.getRepository(OrderEntity).countBy({ paymentId: b.paymentId })).toBe(1);
  });

  it('held past the busy timeout: 503 with the message, nothing half-written, and it recovers by itself', async () => {
    const b = await buyerAtPayment(t, 5);
    const lock = await holdSqliteWriteLock(file(), 2500);
    const { value: paid, ms } = await timed(b.pay());
    const read = await new HttpClient(t.baseUrl).get('/api/products');
    expectUnavailable(paid);
    expect(ms).toBeLessThan(1500 + 1000);
    expect(read.status).toBe(200); // readers are not blocked by a writer (WAL)
    await expectNoOrder(t, b, 5);

    await lock.released;
    const again = await b.pay();
    expect(again.status).toBe(200);
    expect(await t.app.services.ds.getRepository(OrderEntity).countBy({ paymentId: b.paymentId })).toBe(1);
  });
});
