import { adminStatsSchema, lastCentralMonths, type PaymentState, type ShopMonth } from '@curbside/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, unique } from '../../../test/app';
import { HttpClient } from '../../../test/http';
import { makeCar, makeOwner, pastVotes } from '../../../test/showcase-fixtures';
import { OrderEntity } from '../orders/order.entity';
import { OrderItemEntity } from '../orders/order-item.entity';
import { ProductEntity } from '../products/product.entity';

// The dashboard's Statistics tab: GET /api/admin/stats (admin.stats.overview), counted by the database: the cars,
// then the shop (the last 12 Central months of sales, the best sellers and the refunds, from the orders).

const ADMIN = { email: 'stats-boss@example.com', password: 'admin-password-1' };
const MINUTE = 60_000;
let t: TestApp;
let admin: HttpClient;

beforeAll(async () => {
  t = await startTestApp({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  admin = new HttpClient(t.baseUrl);
  expect((await admin.post('/api/login', ADMIN)).status).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/admin/stats', () => {
  it('counts cars, featured cars, votes and cars per category (no category as null), biggest first', async () => {
    const empty = await admin.get('/api/admin/stats');
    expect(empty.status).toBe(200);
    expect(adminStatsSchema.strict().parse(empty.body)).toEqual({
      totalCars: 0,
      featuredCars: 0,
      totalVotes: 0,
      categories: [],
      shop: expect.objectContaining({ totals: expect.objectContaining({ orders: 0 }) }),
    });

    const ds = t.app.services.ds;
    const jdm = await makeCar(ds, { category: 'JDM', featured: true });
    await makeCar(ds, { category: 'JDM' });
    await makeCar(ds, { category: 'JDM', featured: true });
    const euro = await makeCar(ds, { category: 'Euro' });
    await makeCar(ds, { category: null });
    await pastVotes(t.app.services, jdm.id, [new Date(), new Date()]);
    await pastVotes(t.app.services, euro.id, [new Date()]);

    const res = await admin.get('/api/admin/stats');
    expect(res.status).toBe(200);
    expect(adminStatsSchema.parse(res.body)).toMatchObject({
      totalCars: 5,
      featuredCars: 2,
      totalVotes: 3,
      categories: [
        { category: 'JDM', count: 3 },
        { category: 'Euro', count: 1 },
        { category: null, count: 1 },
      ],
    });

    // The browser's call returns the same.
    expect((await admin.trpc('query', 'admin.stats.overview')).body.result.data).toEqual(res.body);
  });

  it("reads the cars' vote counters, not the vote rows", async () => {
    const before = adminStatsSchema.parse((await admin.get('/api/admin/stats')).body);
    await makeCar(t.app.services.ds, { category: 'Classic', totalVotes: 40 });
    const after = adminStatsSchema.parse((await admin.get('/api/admin/stats')).body);
    expect(after.totalVotes).toBe(before.totalVotes + 40);
    expect(after.totalCars).toBe(before.totalCars + 1);
  });

  it('is for admins only', async () => {
    expect((await new HttpClient(t.baseUrl).get('/api/admin/stats')).status).toBe(401);
    const user = new HttpClient(t.baseUrl);
    const name = unique('stat');
    await user.post('/api/register', { email: `${name}@example.com`, username: name, password: 'hunter22' });
    const refused = await user.get('/api/admin/stats');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Admin access required');
    expect(refused.body.shop).toBeUndefined();
  });
});

interface Line {
  product: ProductEntity | { name: string; isMerch: boolean; price: number; id?: undefined };
  quantity: number;
}

/** An order placed at `at` with its lines, straight into the database (shipping 500, tax 10% of the items). */
async function placeOrder(
  at: Date,
  lines: Line[],
  after: { status?: OrderEntity['status']; refundedAmount?: number; refundState?: Exclude<PaymentState, 'paid'> } = {},
): Promise<OrderEntity> {
  const ds = t.app.services.ds;
  const customer = await makeOwner(ds);
  const subtotal = lines.reduce((sum, line) => sum + line.product.price * line.quantity, 0);
  const tax = Math.round(subtotal / 10);
  const order = await ds.getRepository(OrderEntity).save({
    userId: customer.id,
    status: after.status ?? 'pending',
    email: customer.email,
    shipName: 'Sam Driver',
    shipLine1: '1 Main St',
    shipLine2: null,
    shipCity: 'Austin',
    shipState: 'TX',
    shipPostalCode: '78701',
    shipCountry: 'US',
    subtotal,
    shipping: 500,
    tax,
    total: subtotal + 500 + tax,
    paymentId: unique('pi_stats_'),
    paymentProvider: 'test',
    trackingNumber: null,
    notes: null,
    internalNote: null,
    refundedAmount: after.refundedAmount ?? 0,
    refundState: after.refundState ?? null,
  });
  await ds.getRepository(OrderEntity).update({ id: order.id }, { createdAt: at });
  await ds.getRepository(OrderItemEntity).insert(
    lines.map(({ product, quantity }) => ({
      orderId: order.id,
      productId: product.id ?? null,
      productName: product.name,
      isMerch: product.isMerch,
      priceAtPurchase: product.price,
      quantity,
    })),
  );
  return order;
}

async function makeProduct(name: string, isMerch: boolean, price: number): Promise<ProductEntity> {
  return t.app.services.ds.getRepository(ProductEntity).save({
    name,
    category: isMerch ? 'apparel' : 'poster',
    price,
    stock: 50,
    sku: unique('sku-'),
    isMerch,
    printSize: isMerch ? null : '12x18',
    printType: isMerch ? null : 'Poster',
  });
}

const zeroMonth = (month: string): ShopMonth => ({
  month,
  orders: 0,
  revenue: 0,
  averageOrderValue: 0,
  refunds: 0,
  refundedAmount: 0,
});

describe('GET /api/admin/stats: the shop', () => {
  it('is twelve Central months of zeros before any order', async () => {
    const res = await admin.get('/api/admin/stats');
    expect(res.status).toBe(200);
    const { shop } = adminStatsSchema.parse(res.body);
    expect(shop.months).toEqual(lastCentralMonths(12).map(({ month }) => zeroMonth(month)));
    expect(shop.totals).toEqual({ orders: 0, revenue: 0, averageOrderValue: 0, refunds: 0, refundedAmount: 0 });
    expect(shop.bestSellers).toEqual({ byQuantity: [], byRevenue: [] });
    expect(shop.byKind).toEqual({ print: { quantity: 0, revenue: 0 }, merch: { quantity: 0, revenue: 0 } });
  });

  it('adds up sales by Central month, ranks the best sellers and leaves canceled orders to the refunds', async () => {
    const months = lastCentralMonths(12);
    const [oldest, , , , , sixth, , , , , lastMonth, thisMonth] = months;
    if (!oldest || !sixth || !lastMonth || !thisMonth) throw new Error('twelve months expected');
    const poster = await makeProduct('Poster Print 12x18', false, 2500);
    const tee = await makeProduct('Curbside Tee', true, 3000);
    const gone = { name: 'Old Sticker', isMerch: true, price: 400 };

    // 11:59 PM Central on the last day of last month is already this month in UTC (05:59 or 04:59 on the 1st).
    const lastMinuteOfLastMonth = new Date(thisMonth.start.getTime() - MINUTE);
    expect(lastMinuteOfLastMonth.getUTCMonth()).toBe(thisMonth.start.getUTCMonth());
    await placeOrder(lastMinuteOfLastMonth, [{ product: poster, quantity: 2 }]); // 5000 + 500 + 500 = 6000
    await placeOrder(new Date(thisMonth.start.getTime() + MINUTE), [
      { product: tee, quantity: 1 },
      { product: poster, quantity: 1 },
      { product: gone, quantity: 2 },
    ]); // 6300 + 500 + 630 = 7430
    await placeOrder(new Date((sixth.start.getTime() + sixth.end.getTime()) / 2), [{ product: tee, quantity: 3 }], {
      status: 'delivered',
    }); // 9000 + 500 + 900 = 10400
    // Canceled: one refunded in full this month, one kept (no refund) last month. Neither is a sale.
    await placeOrder(new Date(thisMonth.start.getTime() + 2 * MINUTE), [{ product: tee, quantity: 5 }], {
      status: 'canceled',
      refundedAmount: 17000,
      refundState: 'refunded',
    });
    await placeOrder(new Date(lastMonth.start.getTime() + MINUTE), [{ product: poster, quantity: 4 }], {
      status: 'canceled',
      refundState: 'not_refunded',
    });
    // A shipped order given part of its money back still counts, less the refund (a refund, not a cancellation).
    await placeOrder(new Date(lastMonth.start.getTime() + 2 * MINUTE), [{ product: poster, quantity: 1 }], {
      status: 'shipped',
      refundedAmount: 1000,
      refundState: 'partially_refunded',
    }); // 2500 + 500 + 250 = 3250, kept 2250
    // Before the window: not counted anywhere.
    await placeOrder(new Date(oldest.start.getTime() - MINUTE), [{ product: tee, quantity: 7 }]);

    const res = await admin.get('/api/admin/stats');
    expect(res.status).toBe(200);
    const { shop } = adminStatsSchema.parse(res.body);

    const expected = months.map(({ month }) => zeroMonth(month));
    expected[5] = { ...zeroMonth(sixth.month), orders: 1, revenue: 10400, averageOrderValue: 10400 };
    expected[10] = {
      ...zeroMonth(lastMonth.month),
      orders: 2,
      revenue: 6000 + 2250,
      averageOrderValue: 4125,
      refunds: 1,
      refundedAmount: 1000,
    };
    expected[11] = {
      ...zeroMonth(thisMonth.month),
      orders: 1,
      revenue: 7430,
      averageOrderValue: 7430,
      refunds: 1,
      refundedAmount: 17000,
    };
    expect(shop.months).toEqual(expected);
    expect(shop.totals).toEqual({
      orders: 4,
      revenue: 26080,
      averageOrderValue: 6520,
      refunds: 2,
      refundedAmount: 18000,
    });
    expect(shop.cancellations).toEqual({
      canceled: 2,
      refunded: 1,
      partiallyRefunded: 0,
      notRefunded: 1,
      refundFailed: 0,
    });

    const teeSales = { productId: tee.id, name: 'Curbside Tee', kind: 'merch', quantity: 4, revenue: 12000 };
    const posterSales = {
      productId: poster.id,
      name: 'Poster Print 12x18',
      kind: 'print',
      quantity: 4,
      revenue: 10000,
    };
    const stickerSales = { productId: null, name: 'Old Sticker', kind: 'merch', quantity: 2, revenue: 800 };
    // Tee and poster tie on units; the tee's revenue puts it first.
    expect(shop.bestSellers.byQuantity).toEqual([teeSales, posterSales, stickerSales]);
    expect(shop.bestSellers.byRevenue).toEqual([teeSales, posterSales, stickerSales]);
    expect(shop.byKind).toEqual({ print: { quantity: 4, revenue: 10000 }, merch: { quantity: 6, revenue: 12800 } });
  });

  it('ranks by units and by revenue separately, at most ten each, with the current product name', async () => {
    const before = adminStatsSchema.parse((await admin.get('/api/admin/stats')).body).shop;
    const thisMonth = lastCentralMonths(1)[0];
    if (!thisMonth) throw new Error('one month expected');
    const at = new Date(thisMonth.start.getTime() + 3 * MINUTE);
    const canvas = await makeProduct('Canvas Print 24x36', false, 20000);
    await placeOrder(at, [{ product: canvas, quantity: 1 }]);
    const stickers = await makeProduct('Sticker', true, 100);
    await placeOrder(at, [{ product: stickers, quantity: 30 }]);
    await t.app.services.ds
      .getRepository(ProductEntity)
      .update({ id: canvas.id }, { name: 'Canvas Print 24x36 (new)' });
    for (let i = 0; i < 9; i++)
      await placeOrder(at, [{ product: await makeProduct(`Keyring ${i}`, true, 50), quantity: 1 }]);

    const { shop } = adminStatsSchema.parse((await admin.get('/api/admin/stats')).body);
    expect(shop.bestSellers.byQuantity).toHaveLength(10);
    expect(shop.bestSellers.byQuantity[0]).toMatchObject({ name: 'Sticker', quantity: 30, revenue: 3000 });
    expect(shop.bestSellers.byRevenue[0]).toMatchObject({
      productId: canvas.id,
      name: 'Canvas Print 24x36 (new)',
      kind: 'print',
      quantity: 1,
      revenue: 20000,
    });
    expect(shop.bestSellers.byRevenue).toHaveLength(10);
    // Nine keyrings tie at $0.50 and one unit: the first five by name fill the ten places.
    const names = shop.bestSellers.byRevenue.map((p) => p.name);
    expect(names).toContain('Keyring 4');
    expect(names).not.toContain('Keyring 5');
    expect(shop.totals.orders).toBe(before.totals.orders + 11);
  });
});
