import {
  type AdminStats,
  adminStatsSchema,
  BEST_SELLERS_LIMIT,
  type BestSeller,
  type CardVotesStats,
  cardVotesStatsSchema,
  lastCentralMonths,
  SHOP_STATS_MONTHS,
  type ShopStats,
  type SiteStats,
  siteStatsSchema,
} from '@curbside/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, unique } from '../../../test/app';
import { HttpClient } from '../../../test/http';
import { makeCar } from '../../../test/showcase-fixtures';
import { CarEntity } from '../cars/car.entity';
import { CALIFORNIA, makeCarWithImages, makeProduct, payCartWithTestCard } from '../checkout/shop-test-fixtures';
import { EventEntity } from '../events/event.entity';
import { OrderEntity } from '../orders/order.entity';
import { OrderItemEntity } from '../orders/order-item.entity';
import { ProductEntity } from '../products/product.entity';
import { CardVoteEntity } from '../votes/card-vote.entity';

// The home counters (GET /api/stats) and the Statistics tab (GET /api/admin/stats, /api/admin/stats/card-votes) are
// read from running totals the database keeps as cars, votes and orders are written. Whatever is written, and however
// many writes race, each figure must stay exactly what a straightforward count over the base tables gives: the
// reference below loads the rows and counts them here.

const ADMIN = { email: 'totals-boss@example.com', password: 'admin-password-1' };
let t: TestApp;
let admin: HttpClient;
let address = 0;
/** A visitor from an address of its own (TRUST_PROXY: the first X-Forwarded-For hop is the client). */
const visitor = () => new HttpClient(t.baseUrl, { 'x-forwarded-for': `203.0.113.${(++address % 250) + 1}` });

beforeAll(async () => {
  t = await startTestApp({
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    TRUST_PROXY: 'true',
    REGISTRATIONS_PER_HOUR: '1000',
  });
  admin = new HttpClient(t.baseUrl);
  expect((await admin.post('/api/login', ADMIN)).status).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

// ---- the reference: every figure counted from the base tables' rows ----

async function reference(now = new Date()): Promise<{ site: SiteStats; admin: AdminStats; cards: CardVotesStats }> {
  const ds = t.app.services.ds;
  const cars = await ds.getRepository(CarEntity).find();
  const orders = await ds.getRepository(OrderEntity).find();
  const items = await ds.getRepository(OrderItemEntity).find();
  const products = new Map((await ds.getRepository(ProductEntity).find()).map((p) => [p.id, p]));
  const events = new Map((await ds.getRepository(EventEntity).find()).map((e) => [e.id, e]));
  const cardVotes = await ds.getRepository(CardVoteEntity).find();
  const orderById = new Map(orders.map((o) => [o.id, o]));
  const open = (o: OrderEntity | undefined) => o !== undefined && o.status !== 'canceled';

  const site: SiteStats = {
    featuredCarsCount: cars.filter((c) => c.featured && c.published).length,
    totalVotesCount: cars.reduce((sum, c) => sum + c.totalVotes, 0),
    printsOrderedCount: items
      .filter((i) => !i.isMerch && open(orderById.get(i.orderId)))
      .reduce((sum, i) => sum + i.quantity, 0),
  };

  const perCategory = new Map<string | null, number>();
  for (const car of cars) perCategory.set(car.category, (perCategory.get(car.category) ?? 0) + 1);

  const months = lastCentralMonths(SHOP_STATS_MONTHS, now);
  const monthOf = (at: Date) => months.findIndex((m) => at >= m.start && at < m.end);
  const inWindow = orders.filter((o) => monthOf(o.createdAt) >= 0);
  const average = (revenue: number, count: number) => (count ? Math.round(revenue / count) : 0);
  const sumOf = (list: OrderEntity[], f: (o: OrderEntity) => number) => list.reduce((s, o) => s + f(o), 0);
  const monthFigures = (list: OrderEntity[]) => {
    const sold = list.filter((o) => open(o));
    const revenue = sumOf(sold, (o) => o.total - o.refundedAmount);
    return {
      orders: sold.length,
      revenue,
      averageOrderValue: average(revenue, sold.length),
      refunds: list.filter((o) => o.refundedAmount > 0).length,
      refundedAmount: sumOf(list, (o) => o.refundedAmount),
    };
  };
  const sales = new Map<string, BestSeller>();
  for (const item of items) {
    const order = orderById.get(item.orderId);
    if (!order || !open(order) || monthOf(order.createdAt) < 0) continue;
    const key = item.productId === null ? `name:${item.productName}` : `id:${item.productId}`;
    const row = sales.get(key) ?? {
      productId: item.productId,
      name: (item.productId !== null ? products.get(item.productId)?.name : undefined) ?? item.productName,
      kind: item.isMerch ? 'merch' : 'print',
      quantity: 0,
      revenue: 0,
    };
    row.quantity += item.quantity;
    row.revenue += item.priceAtPurchase * item.quantity;
    sales.set(key, row);
  }
  const ranked = (first: 'quantity' | 'revenue', second: 'quantity' | 'revenue') =>
    [...sales.values()]
      .sort((a, b) => b[first] - a[first] || b[second] - a[second] || a.name.localeCompare(b.name))
      .slice(0, BEST_SELLERS_LIMIT);
  const kind = (which: BestSeller['kind']) => {
    const of = [...sales.values()].filter((s) => s.kind === which);
    return { quantity: of.reduce((s, p) => s + p.quantity, 0), revenue: of.reduce((s, p) => s + p.revenue, 0) };
  };
  const canceled = inWindow.filter((o) => o.status === 'canceled');
  const shop: ShopStats = {
    months: months.map((m, i) => ({
      month: m.month,
      ...monthFigures(inWindow.filter((o) => monthOf(o.createdAt) === i)),
    })),
    totals: monthFigures(inWindow),
    bestSellers: { byQuantity: ranked('quantity', 'revenue'), byRevenue: ranked('revenue', 'quantity') },
    byKind: { print: kind('print'), merch: kind('merch') },
    cancellations: {
      canceled: canceled.length,
      refunded: canceled.filter((o) => o.refundState === 'refunded').length,
      partiallyRefunded: canceled.filter((o) => o.refundState === 'partially_refunded').length,
      notRefunded: canceled.filter((o) => o.refundState === 'not_refunded').length,
      refundFailed: canceled.filter((o) => o.refundState === 'refund_failed').length,
    },
  };

  const perEvent = new Map<number | null, number>();
  for (const vote of cardVotes) {
    const eventId = vote.eventId !== null && events.has(vote.eventId) ? vote.eventId : null;
    perEvent.set(eventId, (perEvent.get(eventId) ?? 0) + 1);
  }
  const cards: CardVotesStats = [...perEvent]
    .map(([eventId, votes]) => ({
      eventId,
      eventTitle: eventId === null ? null : (events.get(eventId)?.title ?? null),
      votes,
    }))
    .sort((a, b) => Number(a.eventId === null) - Number(b.eventId === null) || b.votes - a.votes);

  return {
    site,
    admin: {
      totalCars: cars.length,
      featuredCars: cars.filter((c) => c.featured).length,
      totalVotes: site.totalVotesCount,
      categories: [...perCategory]
        .map(([category, count]) => ({ category, count }))
        .sort((a, b) => b.count - a.count || (a.category ?? '\uffff').localeCompare(b.category ?? '\uffff')),
      shop,
    },
    cards,
  };
}

/** Every figure the three reads answer, against the reference. */
async function expectExact(): Promise<void> {
  const site = siteStatsSchema.parse((await visitor().get('/api/stats')).body);
  const stats = adminStatsSchema.parse((await admin.get('/api/admin/stats')).body);
  const cards = cardVotesStatsSchema.parse((await admin.get('/api/admin/stats/card-votes')).body);
  const expected = await reference();
  expect(site).toEqual(expected.site);
  expect(stats).toEqual(expected.admin);
  expect(cards).toEqual(expected.cards);
}

// ---- writing through the API ----

async function signedUpShopper(): Promise<{ client: HttpClient; email: string }> {
  const client = visitor();
  const name = unique('tot');
  const email = `${name}@example.com`;
  expect((await client.post('/api/register', { email, username: name, password: 'hunter22', name })).status).toBe(201);
  return { client, email };
}

interface Shop {
  poster: ProductEntity;
  canvas: ProductEntity;
  shirt: ProductEntity;
  car: CarEntity;
  imageIds: number[];
}

async function makeShop(): Promise<Shop> {
  const ds = t.app.services.ds;
  const { car, images } = await makeCarWithImages(ds, 2);
  return {
    poster: await makeProduct(ds, { name: unique('Poster '), price: 2499, stock: 10_000 }),
    canvas: await makeProduct(ds, { name: unique('Canvas '), price: 8900, stock: 10_000, printType: 'Canvas' }),
    shirt: await makeProduct(ds, { name: unique('Shirt '), price: 3000, stock: 10_000, isMerch: true }),
    car,
    imageIds: images.map((i) => i.id),
  };
}

/** A shopper fills a cart (prints and merchandise) and pays with the test card: one paid order. */
async function buy(shop: Shop, lines: { product: ProductEntity; quantity: number }[]): Promise<number> {
  const buyer = await signedUpShopper();
  for (const [n, { product, quantity }] of lines.entries()) {
    const print = product.isMerch
      ? {}
      : { carId: shop.car.id, imageId: shop.imageIds[n % shop.imageIds.length] as number };
    const added = await buyer.client.post('/api/cart', { productId: product.id, quantity, ...print });
    expect(added.status).toBe(201);
  }
  return (await payCartWithTestCard(buyer)).order.id;
}

describe('the running totals', () => {
  it('answer exactly what counting the base tables gives, through votes, orders, refunds and deletions', async () => {
    const ds = t.app.services.ds;
    await expectExact(); // nothing yet

    // Cars of several kinds: listed or not, featured or not, with and without a category.
    const cars = [
      await makeCar(ds, { category: 'JDM', featured: true }),
      await makeCar(ds, { category: 'JDM' }),
      await makeCar(ds, { category: 'Euro', featured: true, published: false }),
      await makeCar(ds, { category: null, featured: true }),
      await makeCar(ds, { category: 'Muscle' }),
    ];
    const event = await ds.getRepository(EventEntity).save({
      title: 'Cars & Coffee',
      description: 'Meet',
      location: 'Austin',
      eventDate: new Date(),
      imageUrl: '/e.png',
      fbEventUrl: null,
      active: true,
    });
    // Votes through the API: plain ones, through a meet card at the event and without one, and refused repeats.
    for (const [i, car] of cars.entries()) {
      for (let n = 0; n <= i; n++) expect((await visitor().post('/api/votes', { carId: car.id })).status).toBe(201);
    }
    const fan = visitor();
    expect((await fan.post('/api/votes', { carId: cars[0]?.id, source: 'card', eventId: event.id })).status).toBe(201);
    expect((await fan.post('/api/votes', { carId: cars[0]?.id, source: 'card', eventId: event.id })).status).toBe(429);
    expect((await fan.post('/api/votes', { carId: cars[1]?.id, source: 'card' })).status).toBe(201);
    expect((await fan.post('/api/votes', { carId: cars[4]?.id, source: 'card', eventId: event.id })).status).toBe(201);
    await expectExact();

    // An admin features, re-categorizes and deletes cars (a deleted car's votes and card votes go with it).
    expect((await admin.put(`/api/cars/${cars[1]?.id}`, { featured: true, category: 'Euro' })).status).toBe(200);
    expect((await admin.put(`/api/cars/${cars[0]?.id}`, { featured: false })).status).toBe(200);
    expect((await admin.delete(`/api/cars/${cars[4]?.id}`)).status).toBeLessThan(300);
    await expectExact();

    // Orders: paid ones with prints and merchandise, a checkout started and never paid, then shipping, cancels
    // with a full, a partial and no refund.
    const shop = await makeShop();
    const paid = [
      await buy(shop, [
        { product: shop.poster, quantity: 2 },
        { product: shop.shirt, quantity: 1 },
      ]),
      await buy(shop, [{ product: shop.canvas, quantity: 1 }]),
      await buy(shop, [{ product: shop.shirt, quantity: 3 }]),
      await buy(shop, [
        { product: shop.poster, quantity: 1 },
        { product: shop.canvas, quantity: 2 },
      ]),
      await buy(shop, [{ product: shop.poster, quantity: 4 }]),
    ];
    const unpaid = await signedUpShopper();
    expect((await unpaid.client.post('/api/cart', { productId: shop.shirt.id, quantity: 1 })).status).toBe(201);
    const intent = await unpaid.client.post('/api/create-payment-intent', {
      email: unpaid.email,
      shippingAddress: CALIFORNIA,
    });
    expect(intent.status).toBe(200);
    await expectExact();

    expect((await admin.put(`/api/orders/${paid[0]}/status`, { status: 'processing' })).status).toBe(200);
    expect(
      (await admin.put(`/api/orders/${paid[0]}/status`, { status: 'shipped', trackingNumber: '1Z999' })).status,
    ).toBe(200);
    expect((await admin.post(`/api/orders/${paid[1]}/cancel`, { refund: { kind: 'full' } })).status).toBe(200);
    expect(
      (await admin.post(`/api/orders/${paid[2]}/cancel`, { refund: { kind: 'partial', amount: 500 } })).status,
    ).toBe(200);
    expect((await admin.post(`/api/orders/${paid[3]}/cancel`, { refund: { kind: 'none' } })).status).toBe(200);
    await expectExact();

    // Orders placed in earlier months (one outside the twelve-month window), then a product deleted: its sales
    // stay, under the name its order lines carry.
    const monthsAgo = (n: number) => new Date(Date.now() - n * 31 * 86_400_000);
    await ds.getRepository(OrderEntity).update({ id: paid[4] }, { createdAt: monthsAgo(3) });
    await ds.getRepository(OrderEntity).update({ id: paid[3] }, { createdAt: monthsAgo(13) });
    await expectExact();
    expect((await admin.delete(`/api/products/${shop.poster.id}`)).status).toBeLessThan(300);
    await expectExact();
    const stats = adminStatsSchema.parse((await admin.get('/api/admin/stats')).body);
    const poster = stats.shop.bestSellers.byQuantity.find((s) => s.name === shop.poster.name);
    expect(poster).toMatchObject({ productId: null, quantity: 6 });
    expect(stats.totalVotes).toBeGreaterThan(0);
    expect(stats.shop.totals.refunds).toBe(2);
  });

  it('stay exact when many votes and orders are written at once', async () => {
    const ds = t.app.services.ds;
    const cars = [await makeCar(ds, { category: 'JDM' }), await makeCar(ds, { category: 'Euro', featured: true })];
    const shop = await makeShop();
    const buyers = await Promise.all(Array.from({ length: 6 }, () => signedUpShopper()));
    for (const buyer of buyers) {
      expect((await buyer.client.post('/api/cart', { productId: shop.shirt.id, quantity: 2 })).status).toBe(201);
      const print = { productId: shop.poster.id, quantity: 1, carId: shop.car.id, imageId: shop.imageIds[0] };
      expect((await buyer.client.post('/api/cart', print)).status).toBe(201);
    }
    const before = adminStatsSchema.parse((await admin.get('/api/admin/stats')).body);

    const votes = Array.from({ length: 80 }, (_, i) => {
      const car = cars[i % 2] as CarEntity;
      return visitor().post('/api/votes', { carId: car.id, ...(i % 5 === 0 ? { source: 'card' } : {}) });
    });
    const orders = buyers.map((buyer) => payCartWithTestCard(buyer));
    const results = await Promise.all([...votes, ...orders]);
    const counted = results.slice(0, 80).filter((r) => 'status' in r && r.status === 201).length;
    expect(counted).toBe(80);
    const placed = results.slice(80) as { order: { id: number } }[];
    // Two of the new orders canceled at the same time as a third ships.
    await Promise.all([
      admin.post(`/api/orders/${placed[0]?.order.id}/cancel`, { refund: { kind: 'full' } }),
      admin.post(`/api/orders/${placed[1]?.order.id}/cancel`, { refund: { kind: 'partial', amount: 100 } }),
      admin.put(`/api/orders/${placed[2]?.order.id}/status`, { status: 'processing' }),
    ]);

    await expectExact();
    const after = adminStatsSchema.parse((await admin.get('/api/admin/stats')).body);
    expect(after.totalVotes).toBe(before.totalVotes + 80);
    expect(after.shop.totals.orders).toBe(before.shop.totals.orders + 4);
  }, 120_000);
});
