import { MESSAGES, type Order, orderListSchema, orderSchema } from '@curbside/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { HttpClient } from '../../../test/http';
import { CALIFORNIA, makeProduct, payCartWithTestCard, shopper } from '../checkout/shop-test-fixtures';
import { PaymentEntity } from '../payments/payment.entity';
import { ProductEntity } from '../products/product.entity';
import { OrderStatusChangeEntity } from './order-status-change.entity';

// Order management over /api as the admin dashboard uses it: orders made by the real checkout (test provider),
// listed and filtered, moved by the status rule, shipped (with or without a tracking number) and mailed,
// and canceled with the stock put back once and the payment refunded.

const ADMIN = { email: 'orders-boss@example.com', password: 'admin-password-1' };
let t: TestApp;
let admin: HttpClient;
let adminId: number;

beforeAll(async () => {
  t = await startTestApp({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  admin = new HttpClient(t.baseUrl);
  const login = await admin.post('/api/login', ADMIN);
  expect(login.status).toBe(200);
  adminId = (await admin.get('/api/user')).body.id;
});
afterAll(async () => {
  await t?.close();
});

const ds = () => t.app.services.ds;

/** A new customer buys `quantity` of a new product with the test card; returns the customer and the order. */
async function buy(quantity = 2, stock = 10) {
  const customer = await shopper(t.baseUrl);
  const product = await makeProduct(ds(), { isMerch: true, price: 1500, stock });
  expect((await customer.client.post('/api/cart', { productId: product.id, quantity })).status).toBe(201);
  const { order, paymentId } = await payCartWithTestCard(customer);
  return { customer, product, order, paymentId };
}

const stockOf = async (productId: number) =>
  (await ds().getRepository(ProductEntity).findOneByOrFail({ id: productId })).stock;
const setStatus = (id: number, body: Record<string, unknown>, client = admin) =>
  client.put(`/api/orders/${id}/status`, body);

describe('GET /api/orders (admin)', () => {
  it("lists every customer's orders newest first with customer, items, address and totals, filtered by status", async () => {
    const first = await buy(1);
    const second = await buy(3);
    const res = await admin.get('/api/orders?limit=100');
    expect(res.status).toBe(200);
    const orders = orderListSchema.parse(res.body);
    const ids = orders.map((o) => o.id);
    expect(ids.indexOf(second.order.id)).toBeLessThan(ids.indexOf(first.order.id));
    const listed = orders.find((o) => o.id === second.order.id) as Order;
    expect(listed).toMatchObject({
      status: 'pending',
      email: second.customer.email,
      customer: { email: second.customer.email, name: expect.stringMatching(/^Shopper /) },
      shippingAddress: { name: CALIFORNIA.name, city: CALIFORNIA.city, state: 'CA' },
      subtotal: 3 * 1500,
      total: second.order.total,
      trackingNumber: null,
    });
    expect(listed.items).toEqual([expect.objectContaining({ quantity: 3, priceAtPurchase: 1500 })]);

    expect((await setStatus(first.order.id, { status: 'processing' })).status).toBe(200);
    const processing = orderListSchema.parse((await admin.get('/api/orders?limit=100&status=processing')).body);
    expect(processing.map((o) => o.id)).toContain(first.order.id);
    expect(processing.map((o) => o.id)).not.toContain(second.order.id);
    expect(processing.every((o) => o.status === 'processing')).toBe(true);

    // The browser's call (tRPC) returns the same list.
    const viaTrpc = await admin.trpc('query', 'admin.orders.list', { status: 'processing' });
    expect(viaTrpc.body.result.data.map((o: Order) => o.id)).toEqual(processing.map((o) => o.id));
  });

  it('is refused to customers (403) and visitors (401)', async () => {
    const { customer } = await buy(1);
    const refused = await customer.client.get('/api/orders?limit=100');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Admin access required');
    expect((await new HttpClient(t.baseUrl).get('/api/orders')).status).toBe(401);
  });
});

describe('PUT /api/orders/{id}/status (admin)', () => {
  it('ships on the documented {status} alone; a tracking number added later reaches My Orders and an e-mail', async () => {
    const { customer, order } = await buy();
    const mailsBefore = t.mailer.sent.length;

    const shippedBare = await setStatus(order.id, { status: 'shipped' });
    expect(shippedBare.status).toBe(200);
    expect(orderSchema.parse(shippedBare.body)).toMatchObject({ status: 'shipped', trackingNumber: null });
    expect(t.mailer.lastTo(customer.email)?.text).toContain(MESSAGES.server.trackingNumberToFollow);
    expect(t.mailer.lastTo(customer.email)?.text).not.toContain('Tracking number:');

    const shipped = await setStatus(order.id, { status: 'shipped', trackingNumber: '1Z999AA10123456784' });
    expect(shipped.status).toBe(200);
    expect(orderSchema.parse(shipped.body)).toMatchObject({ status: 'shipped', trackingNumber: '1Z999AA10123456784' });

    const mine = orderListSchema.parse((await customer.client.get('/api/user/orders')).body);
    expect(mine[0]).toMatchObject({ id: order.id, status: 'shipped', trackingNumber: '1Z999AA10123456784' });

    const mail = t.mailer.lastTo(customer.email);
    expect(t.mailer.sent.length).toBe(mailsBefore + 2);
    expect(mail?.subject).toMatch(new RegExp(`order #${order.id} has shipped`));
    expect(mail?.text).toContain('Tracking number: 1Z999AA10123456784');

    const changes = await ds()
      .getRepository(OrderStatusChangeEntity)
      .find({
        where: { orderId: order.id },
        order: { id: 'ASC' },
      });
    // The history: shipped without a number, then the number added (the status history records both).
    expect(changes.map((c) => [c.fromStatus, c.toStatus, c.changedById, c.trackingNumber])).toEqual([
      [null, 'pending', null, null],
      ['pending', 'shipped', adminId, null],
      ['shipped', 'shipped', adminId, '1Z999AA10123456784'],
    ]);
    expect(changes[1]?.createdAt).toBeInstanceOf(Date);
  });

  it('refuses to move a delivered order back (409) and keeps it delivered', async () => {
    const { order } = await buy(1);
    expect((await setStatus(order.id, { status: 'delivered' })).status).toBe(200);
    const back = await setStatus(order.id, { status: 'processing' });
    expect(back.status).toBe(409);
    expect(back.body.message).toBe('A delivered order cannot be moved back to processing');
    const cancel = await setStatus(order.id, { status: 'canceled' });
    expect(cancel.status).toBe(409);
    expect(cancel.body.message).toBe('A delivered order cannot be canceled');
    const [listed] = orderListSchema.parse((await admin.get('/api/orders?status=delivered')).body);
    expect(listed?.id).toBe(order.id);
  });

  it('updates only the notes on the same status, without a status-change row', async () => {
    const { customer, order } = await buy(1);
    const same = await setStatus(order.id, { status: 'pending', notes: 'Gift wrap, please' });
    expect(same.status).toBe(200);
    expect(same.body).toMatchObject({ status: 'pending', notes: 'Gift wrap, please' });
    expect((await customer.client.get('/api/user/orders')).body[0].notes).toBe('Gift wrap, please');
    expect(await ds().getRepository(OrderStatusChangeEntity).countBy({ orderId: order.id })).toBe(1);

    expect((await setStatus(order.id, { status: 'pending', notes: '' })).body.notes).toBeNull();
  });

  it('responds with 404 for a missing order and 400 for an unknown status', async () => {
    const missing = await setStatus(99_999_999, { status: 'processing' });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Order not found');
    const { order } = await buy(1);
    const unknown = await setStatus(order.id, { status: 'paid' });
    expect(unknown.status).toBe(400);
  });

  it('cancels: restocks once even when two cancels race, refunds the payment and e-mails the customer', async () => {
    const { customer, product, order, paymentId } = await buy(3, 10);
    expect(await stockOf(product.id)).toBe(7);

    const responses = await Promise.all([1, 2, 3, 4].map(() => setStatus(order.id, { status: 'canceled' })));
    expect(responses.map((a) => a.status).sort()).toEqual([200, 409, 409, 409]);
    for (const loser of responses.filter((a) => a.status === 409))
      expect(loser.body.message).toBe('This order is already canceled');
    expect(await stockOf(product.id)).toBe(10);

    // The test provider marks a refunded payment canceled; the payment row says refunded.
    expect((await t.app.services.payments.provider.retrieve(paymentId))?.status).toBe('canceled');
    expect((await ds().getRepository(PaymentEntity).findOneByOrFail({ providerPaymentId: paymentId })).status).toBe(
      'refunded',
    );

    const changes = await ds()
      .getRepository(OrderStatusChangeEntity)
      .findBy({ orderId: order.id, toStatus: 'canceled' });
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ fromStatus: 'pending', changedById: adminId });
    expect(changes[0]?.note).toMatch(/^Refunded \$/);

    const mail = t.mailer.lastTo(customer.email);
    expect(mail?.subject).toMatch(new RegExp(`order #${order.id} was canceled`));
    expect(mail?.text).toMatch(/refunded \$\d+\.\d{2}/);

    expect((await customer.client.get('/api/user/orders')).body[0].status).toBe('canceled');
    const reopen = await setStatus(order.id, { status: 'processing' });
    expect(reopen.status).toBe(409);
    expect(reopen.body.message).toBe('A canceled order cannot be moved to processing');
    expect(await stockOf(product.id)).toBe(10);
  });

  it('keeps the cancel when the refund fails, and notes the failure', async () => {
    const { customer, product, order, paymentId } = await buy(2, 5);
    const provider = t.app.services.payments.provider;
    const original = provider.refund;
    provider.refund = async () => {
      throw new Error('provider down');
    };
    try {
      const res = await setStatus(order.id, { status: 'canceled' });
      expect(res.status).toBe(200);
      expect(res.body.status).toBe('canceled');
    } finally {
      provider.refund = original;
    }
    expect(await stockOf(product.id)).toBe(5);
    const change = await ds().getRepository(OrderStatusChangeEntity).findOneByOrFail({
      orderId: order.id,
      toStatus: 'canceled',
    });
    expect(change.note).toMatch(/^Refund failed: provider down/);
    // The payment row still says succeeded: canceled orders with an unrefunded payment can be found.
    expect((await ds().getRepository(PaymentEntity).findOneByOrFail({ providerPaymentId: paymentId })).status).toBe(
      'succeeded',
    );
    expect(t.mailer.lastTo(customer.email)?.text).toMatch(/refund of \$\d+\.\d{2} is being processed/);
  });

  it('is refused to a signed-in customer (403), even for their own order', async () => {
    const { customer, order } = await buy(1);
    const refused = await setStatus(order.id, { status: 'canceled' }, customer.client);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Admin access required');
    expect((await customer.client.get('/api/user/orders')).body[0].status).toBe('pending');
  });
});
