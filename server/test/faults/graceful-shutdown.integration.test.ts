import { connect, type Server } from 'node:net';
import { MESSAGES } from '@curbside/shared';
import type { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDataSource } from '../../src/db/data-source';
import { CarEntity } from '../../src/modules/cars/car.entity';
import { CartItemEntity } from '../../src/modules/cart/cart-item.entity';
import { CALIFORNIA, makeProduct, shopper } from '../../src/modules/checkout/shop-test-fixtures';
import { OrderEntity } from '../../src/modules/orders/order.entity';
import { OrderItemEntity } from '../../src/modules/orders/order-item.entity';
import { PaymentEntity } from '../../src/modules/payments/payment.entity';
import { ProductEntity } from '../../src/modules/products/product.entity';
import { VoteEntity } from '../../src/modules/votes/vote.entity';
import { startTestApp, type TestApp } from '../app';
import { makeCar } from '../showcase-fixtures';

// Graceful shutdown under load, as main.ts does it on SIGTERM (app.close()): writes of three kinds (orders paid with
// the test card, cart additions, votes) are in flight when the app is closed, and more arrive while it closes.
// Afterwards, read from a fresh connection: every write that got a success response is stored whole, and every
// write that got no response is either stored whole or not at all — never half (an order without its items or
// stock, a vote without its counter).

let t: TestApp;
let second: TestApp;
beforeAll(async () => {
  [t, second] = await Promise.all([startTestApp(), startTestApp()]);
});
afterAll(async () => {
  await Promise.all([t?.close(), second?.close()]);
});

interface Outcome {
  kind: 'pay' | 'cart' | 'vote';
  key: number | string;
  status: number | 'no response';
  /** The server had read the request before close() began: its handler was running when the app was closed. */
  receivedBeforeClose: boolean;
}

describe('closing the app while writes are in flight', () => {
  it('finishes what it started, refuses what arrives after, and leaves nothing half-written', async () => {
    const ds = t.app.services.ds;
    const stock = 100;
    const product = await makeProduct(ds, { isMerch: true, price: 1500, stock });
    const extras = await Promise.all(Array.from({ length: 3 }, () => makeProduct(ds, { isMerch: true, stock })));
    const cars = await Promise.all(Array.from({ length: 24 }, () => makeCar(ds)));
    const buyers = await Promise.all(Array.from({ length: 8 }, () => shopper(t.baseUrl)));
    const payments = await Promise.all(
      buyers.map(async (b) => {
        expect((await b.client.post('/api/cart', { productId: product.id, quantity: 2 })).status).toBe(201);
        const res = await b.client.post('/api/create-payment-intent', { email: b.email, shippingAddress: CALIFORNIA });
        expect(res.status).toBe(200);
        return res.body as { paymentId: string; clientSecret: string };
      }),
    );

    // close() begins as the 12th write is read: the first ones are then being handled.
    const receivedBeforeClose = new Set<string>();
    let closing: Promise<number> | null = null;
    t.app.server.on('request', (req) => {
      if (closing) return;
      receivedBeforeClose.add(String(req.headers['x-write']));
      if (receivedBeforeClose.size === 12) {
        const began = Date.now();
        closing = t.app.close().then(() => Date.now() - began);
      }
    });
    const send = async (
      kind: Outcome['kind'],
      key: Outcome['key'],
      cookie: string | null,
      path: string,
      body: unknown,
    ) => {
      const id = `${kind}:${key}`;
      const headers: Record<string, string> = { 'content-type': 'application/json', 'x-write': id };
      if (cookie) headers.cookie = cookie;
      const response = await fetch(t.baseUrl + path, { method: 'POST', headers, body: JSON.stringify(body) }).then(
        async (res) => ({ status: res.status, message: ((await res.json()) as { message?: string }).message }),
        () => ({ status: 'no response' as const, message: undefined }),
      );
      if (response.status === 503) expect(response.message).toBe(MESSAGES.server.serviceUnavailable);
      const status = response.status;
      return { kind, key, status, receivedBeforeClose: receivedBeforeClose.has(id) };
    };
    const outcomes: Outcome[] = await Promise.all([
      ...buyers.map((b, i) =>
        send('pay', payments[i]?.paymentId ?? '', b.client.cookie, '/trpc/checkout.payWithTestCard', {
          ...payments[i],
          cardNumber: '4242424242424242',
        }),
      ),
      ...buyers.flatMap((b) =>
        extras.map((x) =>
          send('cart', `${b.id}:${x.id}`, b.client.cookie, '/api/cart', { productId: x.id, quantity: 1 }),
        ),
      ),
      ...cars.map((car) => send('vote', car.id, null, '/api/votes', { carId: car.id })),
    ]);
    const closeMs = await Promise.race([closing, new Promise<number>((resolve) => setTimeout(resolve, 6000, 6000))]);

    // close() waited for the writes it found running, then ended at once (not after the 72 s keep-alive timeout).
    expect(closeMs).not.toBeNull();
    expect(closeMs).toBeLessThan(5000);
    const inFlight = outcomes.filter((o) => o.receivedBeforeClose);
    expect(inFlight).toHaveLength(12);
    for (const o of inFlight) expect([200, 201], `${o.kind} ${o.key}`).toContain(o.status);
    // What came after was turned away whole: a 503 with the message, or the connection was refused or reset.
    for (const o of outcomes.filter((x) => !x.receivedBeforeClose)) expect([503, 'no response']).toContain(o.status);
    expect(outcomes.filter((o) => !o.receivedBeforeClose).length).toBeGreaterThan(0);

    const check = await createDataSource(t.config.database);
    await check.initialize();
    try {
      await expectWhole(check, outcomes, {
        productId: product.id,
        stock,
        cars: cars.map((c) => c.id),
      });
    } finally {
      await check.destroy();
    }
  });
});

/** How many client connections the server holds open. */
function openConnections(server: Server): Promise<number> {
  return new Promise((resolve, reject) =>
    server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
  );
}

describe('a request still arriving when the app closes', () => {
  it('gets a 503 with the message and is not run', async () => {
    const car = await makeCar(second.app.services.ds);
    const body = JSON.stringify({ carId: car.id });
    const head = `POST /api/votes HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\n`;
    const connectionsBefore = await openConnections(second.app.server);
    const socket = connect(Number(new URL(second.baseUrl).port), '127.0.0.1');
    let raw = '';
    socket.on('data', (chunk) => {
      raw += chunk.toString();
    });
    const ended = new Promise((resolve) => socket.once('close', resolve));
    // Half of the request is there when close() begins; the rest comes a moment later.
    await new Promise<void>((resolve) => socket.write(head, () => resolve()));
    await vi.waitFor(() => expect(openConnections(second.app.server)).resolves.toBe(connectionsBefore + 1), {
      timeout: 30_000,
    });
    const closing = second.app.close();
    // Any later moment will do: the rest only has to arrive after close() has begun.
    await new Promise((resolve) => setImmediate(resolve));
    socket.write(`content-length: ${body.length}\r\n\r\n${body}`);
    await Promise.all([ended, closing]);

    expect(raw).toMatch(/^HTTP\/1\.1 503 /);
    expect(raw).toMatch(/\r\nconnection: close\r\n/i);
    expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4)).message).toBe(MESSAGES.server.serviceUnavailable);
    const check = await createDataSource(second.config.database);
    await check.initialize();
    try {
      expect(await check.getRepository(VoteEntity).countBy({ carId: car.id })).toBe(0);
    } finally {
      await check.destroy();
    }
  });
});

async function expectWhole(
  ds: DataSource,
  outcomes: Outcome[],
  ids: { productId: number; stock: number; cars: number[] },
) {
  const succeeded = (o: Outcome) => typeof o.status === 'number' && o.status < 300;

  // Orders: 200 ⇒ stored; stored ⇒ with its items, its payment marked, its stock taken and its cart line gone.
  for (const o of outcomes.filter((x) => x.kind === 'pay')) {
    const paymentId = String(o.key);
    const orders = await ds.getRepository(OrderEntity).findBy({ paymentId });
    if (succeeded(o)) expect(orders, paymentId).toHaveLength(1);
    expect(orders.length).toBeLessThanOrEqual(1);
    const payment = await ds.getRepository(PaymentEntity).findOneByOrFail({ providerPaymentId: paymentId });
    const order = orders[0];
    if (order) {
      expect(await ds.getRepository(OrderItemEntity).countBy({ orderId: order.id })).toBe(1);
      expect(payment).toMatchObject({ status: 'succeeded', orderId: order.id });
    } else {
      expect(payment).toMatchObject({ status: 'requires_payment', orderId: null });
    }
    const line = await ds.getRepository(CartItemEntity).countBy({ userId: payment.userId, productId: ids.productId });
    expect(line).toBe(order ? 0 : 1);
  }
  const sold = (await ds.getRepository(OrderItemEntity).findBy({ productId: ids.productId })).reduce(
    (sum, item) => sum + item.quantity,
    0,
  );
  expect((await ds.getRepository(ProductEntity).findOneByOrFail({ id: ids.productId })).stock).toBe(ids.stock - sold);

  // Cart additions: 201 ⇒ the line is there; turned away with a 503 ⇒ it is not.
  for (const o of outcomes.filter((x) => x.kind === 'cart' && (succeeded(x) || x.status === 503))) {
    const [userId, productId] = String(o.key).split(':').map(Number);
    expect(await ds.getRepository(CartItemEntity).countBy({ userId, productId })).toBe(succeeded(o) ? 1 : 0);
  }

  // Votes: 201 ⇒ stored, 503 ⇒ not; and every car's counter equals its vote rows (none counted without its row).
  for (const o of outcomes.filter((x) => x.kind === 'vote' && (succeeded(x) || x.status === 503))) {
    expect(await ds.getRepository(VoteEntity).countBy({ carId: Number(o.key) })).toBe(succeeded(o) ? 1 : 0);
  }
  for (const carId of ids.cars) {
    const car = await ds.getRepository(CarEntity).findOneByOrFail({ id: carId });
    expect(car.totalVotes, `car ${carId}`).toBe(await ds.getRepository(VoteEntity).countBy({ carId }));
  }
}
