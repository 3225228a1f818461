import type { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALIFORNIA, makeProduct, shopper } from '../../src/modules/checkout/shop-test-fixtures';
import { OrderEntity } from '../../src/modules/orders/order.entity';
import { OrderItemEntity } from '../../src/modules/orders/order-item.entity';
import { PaymentEntity } from '../../src/modules/payments/payment.entity';
import { ProductEntity } from '../../src/modules/products/product.entity';
import { startTestApp, type TestApp } from '../app';
import type { HttpClient } from '../http';
import { signedEvent, startStripeShop, stubStripeClient } from '../stripe-stub';

// Races at checkout that the shop's own tests do not cover: many buyers for the last units on the Stripe path (each
// payment's webhook delivered twice at once, a second event for it, and the browser's call, all together), the
// test card's Pay button clicked twice, and carts of two products where the second runs out after the first was
// decremented. Counted in the database: one order per payment, stock never below zero, every unit accounted for.

type Buyer = Awaited<ReturnType<typeof shopper>>;

async function buyersWith(t: TestApp, count: number, lines: { productId: number; quantity: number }[]) {
  const buyers = await Promise.all(Array.from({ length: count }, () => shopper(t.baseUrl)));
  for (const b of buyers) for (const line of lines) expect((await b.client.post('/api/cart', line)).status).toBe(201);
  return buyers;
}

async function startPayment(client: HttpClient): Promise<{ paymentId: string; clientSecret: string }> {
  const res = await client.post('/api/create-payment-intent', {
    email: 'race@example.com',
    shippingAddress: CALIFORNIA,
  });
  expect(res.status).toBe(200);
  return res.body;
}

/** Every buyer starts a payment, all at once; each with the client that pays it. */
async function startPayments(buyers: Buyer[]) {
  return Promise.all(buyers.map(async (b) => ({ client: b.client, payment: await startPayment(b.client) })));
}

/** Units sold of a product (order items) plus what is left equals what there was. */
async function expectStockAccounted(ds: DataSource, productId: number, initial: number, sold: number) {
  const product = await ds.getRepository(ProductEntity).findOneByOrFail({ id: productId });
  const items = await ds.getRepository(OrderItemEntity).findBy({ productId });
  const units = items.reduce((sum, item) => sum + item.quantity, 0);
  expect(units).toBe(sold);
  expect(product.stock).toBe(initial - sold);
}

async function ordersPerPayment(ds: DataSource, paymentIds: string[]): Promise<number[]> {
  return Promise.all(paymentIds.map((paymentId) => ds.getRepository(OrderEntity).countBy({ paymentId })));
}

describe('Stripe: 20 buyers at once for the last 3', () => {
  let shop: Awaited<ReturnType<typeof startStripeShop>>;
  beforeAll(async () => {
    shop = await startStripeShop();
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('makes 3 orders; every other payment is refunded once; duplicate webhooks all get 200', async () => {
    const { stub, t } = shop;
    const ds = t.app.services.ds;
    const product = await makeProduct(ds, { isMerch: true, price: 3000, stock: 3, name: 'Last-call jacket' });
    const buyers = await buyersWith(t, 20, [{ productId: product.id, quantity: 1 }]);
    const started = await startPayments(buyers);
    const stripe = stubStripeClient(stub);
    const deliver = ({ payload, header }: { payload: string; header: string }) =>
      fetch(`${t.baseUrl}/api/webhooks/stripe`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': header },
        body: payload,
      });

    // Per payment: the same event twice, a second event for the same intent, and the browser's call — all at once.
    const rounds = started.map(({ client, payment }) => {
      const intent = stub.succeed(payment.paymentId);
      const event = signedEvent(stripe, intent);
      const twin = signedEvent(stripe, intent);
      return Promise.all([
        deliver(event),
        deliver(event),
        deliver(twin),
        client.post('/api/payment-orders', { paymentId: payment.paymentId }),
      ]);
    });
    const responses = await Promise.all(rounds);

    for (const [a, b, c] of responses) expect([a.status, b.status, c.status]).toEqual([200, 200, 200]);
    const browser = responses.map(([, , , res]) => res);
    const won = browser.filter((r) => r.status === 201 || r.status === 200);
    const lost = browser.filter((r) => r.status === 409);
    expect(won.length + lost.length).toBe(20);
    for (const r of lost) expect(r.body.message).toMatch(/Your payment has been refunded\./);

    const paymentIds = started.map((s) => s.payment.paymentId);
    const perPayment = await ordersPerPayment(ds, paymentIds);
    expect(perPayment.filter((n) => n === 1)).toHaveLength(3);
    expect(perPayment.every((n) => n <= 1)).toBe(true);
    await expectStockAccounted(ds, product.id, 3, 3);

    // Each payment without an order was refunded exactly once; no paid order was refunded.
    for (const [i, id] of paymentIds.entries()) {
      const refunds = stub.refunds.filter((r) => r.payment_intent === id).length;
      expect(refunds, id).toBe(perPayment[i] === 1 ? 0 : 1);
    }
    const rows = await ds.getRepository(PaymentEntity).findBy({ userId: buyers[0]?.id });
    expect(rows).toHaveLength(1);
    const statuses = await Promise.all(
      paymentIds.map(
        async (id) => (await ds.getRepository(PaymentEntity).findOneByOrFail({ providerPaymentId: id })).status,
      ),
    );
    expect(statuses.filter((s) => s === 'succeeded')).toHaveLength(3);
    expect(statuses.filter((s) => s === 'refunded')).toHaveLength(17);
    // One confirmation e-mail per order.
    expect(t.mailer.sent.filter((m) => m.subject.includes('confirmed'))).toHaveLength(3);

    // A refunded buyer reloading the order page is told the payment was refunded, not that it never completed.
    const loser = buyers[perPayment.indexOf(0)] as Buyer;
    const reload = await loser.client.post('/api/payment-orders', { paymentId: paymentIds[perPayment.indexOf(0)] });
    expect(reload.status).toBe(409);
    expect(reload.body.message).toBe('An item in your order ran out of stock. Your payment has been refunded.');
  });
});

describe('test mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const payTwice = (client: HttpClient, p: { paymentId: string; clientSecret: string }) => {
    const click = () =>
      client.trpc('mutation', 'checkout.payWithTestCard', { ...p, cardNumber: '4242 4242 4242 4242' });
    return Promise.all([click(), click(), client.post('/api/payment-orders', { paymentId: p.paymentId })]);
  };

  it('Pay clicked twice with the order call racing: one order, the same one in every response', async () => {
    const ds = t.app.services.ds;
    const product = await makeProduct(ds, { isMerch: true, price: 1800, stock: 10 });
    const [buyer] = await buyersWith(t, 1, [{ productId: product.id, quantity: 2 }]);
    const { client } = buyer as Buyer;
    const payment = await startPayment(client);
    const [first, second, recorded] = await payTwice(client, payment);

    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body.result.data.id).toBe(first.body.result.data.id);
    // The browser's call may arrive before the card is confirmed (409) or after (the same order).
    if (recorded.status !== 409) expect(recorded.body.id).toBe(first.body.result.data.id);
    expect(await ordersPerPayment(ds, [payment.paymentId])).toEqual([1]);
    await expectStockAccounted(ds, product.id, 10, 2);
    expect((await client.get('/api/user/orders')).body).toHaveLength(1);
    expect(
      t.mailer.sent.filter((m) => m.to === 'race@example.com' && m.text.includes(`#${first.body.result.data.id}`)),
    ).toHaveLength(1);
  });

  it('20 buyers double-clicking Pay for 3 left: 3 orders, the rest refunded, no 5xx', async () => {
    const ds = t.app.services.ds;
    const product = await makeProduct(ds, { isMerch: true, price: 900, stock: 3, name: 'Numbered decal' });
    const buyers = await buyersWith(t, 20, [{ productId: product.id, quantity: 1 }]);
    const started = await startPayments(buyers);
    const responses = await Promise.all(started.map((s) => payTwice(s.client, s.payment)));

    // Whichever click lost, the buyer reads that the payment was refunded (never a 5xx, never "canceled").
    const clicks = responses.flatMap((a) => a.slice(0, 2));
    const refused = clicks.filter((a) => a.status !== 200);
    expect(refused).toHaveLength(17 * 2);
    for (const r of refused) {
      expect(r.status).toBe(409);
      expect(r.body.error.message).toMatch(/Your payment has been refunded\./);
    }
    // The order call may also have come before the card was confirmed ("not completed"); it is never a 5xx.
    for (const [, , recorded] of responses) expect([200, 201, 409]).toContain(recorded.status);
    const perPayment = await ordersPerPayment(
      ds,
      started.map((s) => s.payment.paymentId),
    );
    expect(perPayment.filter((n) => n === 1)).toHaveLength(3);
    expect(perPayment.every((n) => n <= 1)).toBe(true);
    await expectStockAccounted(ds, product.id, 3, 3);
    const refunded = await ds.getRepository(PaymentEntity).countBy({ status: 'refunded', userId: buyers[0]?.id });
    expect(refunded).toBeLessThanOrEqual(1);
  });

  it('a cart of two products, the second running out: the first is not decremented for the refused', async () => {
    const ds = t.app.services.ds;
    // Decremented in id order: the plentiful product first, then the scarce one that runs out.
    const plenty = await makeProduct(ds, { isMerch: true, price: 500, stock: 50, name: 'Sticker' });
    const scarce = await makeProduct(ds, { isMerch: true, price: 4000, stock: 5, name: 'Signed print' });
    const buyers = await buyersWith(t, 8, [
      { productId: plenty.id, quantity: 1 },
      { productId: scarce.id, quantity: 2 },
    ]);
    const started = await startPayments(buyers);
    await Promise.all(started.map((s) => payTwice(s.client, s.payment)));

    const perPayment = await ordersPerPayment(
      ds,
      started.map((s) => s.payment.paymentId),
    );
    expect(perPayment.filter((n) => n === 1)).toHaveLength(2);
    await expectStockAccounted(ds, scarce.id, 5, 4);
    await expectStockAccounted(ds, plenty.id, 50, 2);
    // The refused buyers keep their carts; the two who got an order have empty ones.
    const carts = await Promise.all(buyers.map(async (b) => (await b.client.get('/api/cart')).body.length));
    expect(carts.filter((n) => n === 0)).toHaveLength(2);
    expect(carts.filter((n) => n === 2)).toHaveLength(6);
  });
});
