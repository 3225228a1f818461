import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app';
import { type StripeStub, startStripeStub, startStripeTestApp } from '../../../test/stripe-stub';
import { UserEntity } from '../accounts/user.entity';
import { CALIFORNIA, makeProduct, shopper } from '../checkout/shop-test-fixtures';
import { PaymentEntity } from '../payments/payment.entity';

// Cancelling a Stripe-paid order refunds its PaymentIntent through the Stripe API (a local stand-in of it).

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

describe('cancelling a Stripe order', () => {
  it('refunds its PaymentIntent once and marks the payment refunded', async () => {
    // startStripeTestApp takes no extra settings (no ADMIN_EMAIL), so an account is made admin directly.
    const boss = await shopper(t.baseUrl);
    await t.app.services.ds.getRepository(UserEntity).update({ id: boss.id }, { role: 'admin' });
    const admin = boss.client;

    const buyer = await shopper(t.baseUrl);
    const product = await makeProduct(t.app.services.ds, { isMerch: true, price: 2000, stock: 4 });
    await buyer.client.post('/api/cart', { productId: product.id, quantity: 1 });
    const intent = await buyer.client.post('/api/create-payment-intent', {
      email: buyer.email,
      shippingAddress: CALIFORNIA,
    });
    stub.succeed(intent.body.paymentId);
    const order = await buyer.client.post('/api/payment-orders', { paymentId: intent.body.paymentId });
    expect(order.status).toBe(201);

    const canceled = await admin.put(`/api/orders/${order.body.id}/status`, { status: 'canceled' });
    expect(canceled.status).toBe(200);
    expect(stub.refunds).toEqual([{ payment_intent: intent.body.paymentId }]);
    const payment = await t.app.services.ds
      .getRepository(PaymentEntity)
      .findOneByOrFail({ providerPaymentId: intent.body.paymentId });
    expect(payment.status).toBe('refunded');
    expect((await admin.put(`/api/orders/${order.body.id}/status`, { status: 'canceled' })).status).toBe(409);
    expect(stub.refunds).toHaveLength(1);
  });
});
