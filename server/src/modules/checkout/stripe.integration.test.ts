import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app';
import { HttpClient } from '../../../test/http';
import {
  STUB_PUBLISHABLE_KEY,
  type StripeStub,
  signedEvent,
  startStripeStub,
  startStripeTestApp,
  stubStripeClient,
} from '../../../test/stripe-stub';
import { OrderEntity } from '../orders/order.entity';
import { PaymentWebhookEventEntity } from '../payments/payment-webhook-event.entity';
import { ProductEntity } from '../products/product.entity';
import { CALIFORNIA, makeProduct, shopper } from './shop-test-fixtures';

// The Stripe path with the real `stripe` SDK against a local stand-in of Stripe's API: PaymentIntents created with
// the server's amount, orders only for succeeded intents of this user and amount, and signed webhooks.

let stub: StripeStub;
let t: TestApp;
beforeAll(async () => {
  stub = await startStripeStub();
  t = await startStripeTestApp(stub);
});
afterAll(async () => {
  await t?.close();
  await stub?.close();
});

const ds = () => t.app.services.ds;

async function checkout(stock = 10, price = 1200) {
  const buyer = await shopper(t.baseUrl);
  const product = await makeProduct(ds(), { isMerch: true, price, shippingFee: 800, stock, name: `Tee ${stock}` });
  await buyer.client.post('/api/cart', { productId: product.id, quantity: 1 });
  const intent = await buyer.client.post('/api/create-payment-intent', {
    email: buyer.email,
    shippingAddress: CALIFORNIA,
    orderInfo: { total: 1 },
  });
  expect(intent.status).toBe(200);
  return { ...buyer, product, intent: intent.body as { paymentId: string; clientSecret: string; total: number } };
}

function deliver(payload: string, header: string) {
  return fetch(`${t.baseUrl}/api/webhooks/stripe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
    body: payload,
  });
}

describe('Stripe checkout', () => {
  it('tells the browser to use Stripe with the publishable key', async () => {
    const res = await new HttpClient(t.baseUrl).get('/api/payment-config');
    expect(res.body).toEqual({ provider: 'stripe', publishableKey: STUB_PUBLISHABLE_KEY });
  });

  it("creates a PaymentIntent for the server's total with the user in its metadata", async () => {
    const { intent, id } = await checkout();
    const remote = stub.intents.get(intent.paymentId);
    expect(remote).toBeDefined();
    expect(remote?.amount).toBe(1200 + 800 + Math.round(1200 * 0.0725));
    expect(remote?.amount).toBe(intent.total);
    expect(remote?.currency).toBe('usd');
    expect(remote?.metadata.userId).toBe(String(id));
    expect(intent.clientSecret).toBe(remote?.client_secret);
  });

  it('records the order only after the intent succeeded, once, and refuses foreign and forged ids', async () => {
    const { client, intent, product } = await checkout();
    const early = await client.post('/api/payment-orders', { paymentId: intent.paymentId });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('The payment has not been completed');

    stub.succeed(intent.paymentId);
    const other = await shopper(t.baseUrl);
    expect((await other.client.post('/api/payment-orders', { paymentId: intent.paymentId })).status).toBe(404);
    expect((await other.client.post('/api/payment-orders', { paymentId: 'pi_forged' })).status).toBe(404);

    const first = await client.post('/api/payment-orders', { paymentId: intent.paymentId });
    expect(first.status).toBe(201);
    expect(first.body.total).toBe(intent.total);
    const again = await client.post('/api/payment-orders', { paymentId: intent.paymentId });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    // Both responses are in the API document, so a generated client takes the repeat for a success too.
    const documented = (await client.get('/api/openapi.json')).body.paths['/payment-orders'].post.responses;
    expect(
      Object.keys(documented)
        .filter((status) => status.startsWith('2'))
        .sort(),
    ).toEqual(['200', '201']);
    expect(documented['200'].content).toEqual(documented['201'].content);
    expect(await ds().getRepository(OrderEntity).countBy({ paymentId: intent.paymentId })).toBe(1);
    expect((await ds().getRepository(ProductEntity).findOneByOrFail({ id: product.id })).stock).toBe(9);
    expect((await client.get('/api/cart')).body).toEqual([]);
  });

  it('refuses an intent that succeeded for another amount', async () => {
    const { client, intent } = await checkout();
    stub.succeed(intent.paymentId, { amount: 50 });
    const res = await client.post('/api/payment-orders', { paymentId: intent.paymentId });
    expect(res.status).toBe(409);
    expect(await ds().getRepository(OrderEntity).countBy({ paymentId: intent.paymentId })).toBe(0);
  });

  it('a signed payment_intent.succeeded delivered twice at once, racing the browser, makes one order', async () => {
    const { client, intent, email } = await checkout();
    const stripe = stubStripeClient(stub);
    const succeeded = stub.succeed(intent.paymentId);
    const { payload, header } = signedEvent(stripe, succeeded);

    const [a, b, browser] = await Promise.all([
      deliver(payload, header),
      deliver(payload, header),
      client.post('/api/payment-orders', { paymentId: intent.paymentId }),
    ]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect([200, 201]).toContain(browser.status);
    expect(await ds().getRepository(OrderEntity).countBy({ paymentId: intent.paymentId })).toBe(1);
    expect(
      await ds()
        .getRepository(PaymentWebhookEventEntity)
        .countBy({ providerEventId: JSON.parse(payload).id }),
    ).toBe(1);
    const orders = (await client.get('/api/user/orders')).body;
    expect(orders).toHaveLength(1);
    expect(t.mailer.sent.filter((m) => m.to === email && m.subject.includes('confirmed'))).toHaveLength(1);

    // A later redelivery of the same event is a no-op.
    const later = await deliver(payload, header);
    expect(await later.json()).toEqual({ received: true, duplicate: true });
    expect(await ds().getRepository(OrderEntity).countBy({ paymentId: intent.paymentId })).toBe(1);
  });

  it('the webhook alone makes the order when the shopper never returns', async () => {
    const { client, intent } = await checkout();
    const { payload, header } = signedEvent(stubStripeClient(stub), stub.succeed(intent.paymentId));
    expect((await deliver(payload, header)).status).toBe(200);
    const orders = (await client.get('/api/user/orders')).body;
    expect(orders).toHaveLength(1);
    expect(orders[0].total).toBe(intent.total);
    expect((await client.get('/api/cart')).body).toEqual([]);
  });

  it('refuses a webhook with a bad signature and creates nothing', async () => {
    const { intent } = await checkout();
    const { payload } = signedEvent(stubStripeClient(stub), stub.succeed(intent.paymentId));
    const forged = await deliver(payload, 't=1,v1=deadbeef');
    expect(forged.status).toBe(400);
    const tampered = signedEvent(stubStripeClient(stub), stub.intents.get(intent.paymentId) as never);
    const res = await deliver(tampered.payload.replace('"usd"', '"eur"'), tampered.header);
    expect(res.status).toBe(400);
    expect(await ds().getRepository(OrderEntity).countBy({ paymentId: intent.paymentId })).toBe(0);
  });

  it('refunds a paid intent whose stock ran out before the order, and says so', async () => {
    const { client, intent, product } = await checkout(1);
    await ds().getRepository(ProductEntity).update({ id: product.id }, { stock: 0 });
    stub.succeed(intent.paymentId);
    const res = await client.post('/api/payment-orders', { paymentId: intent.paymentId });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(`${product.name} is out of stock. Your payment has been refunded.`);
    expect(stub.refunds).toContainEqual({ payment_intent: intent.paymentId });
    expect(await ds().getRepository(OrderEntity).countBy({ paymentId: intent.paymentId })).toBe(0);
  });
});
