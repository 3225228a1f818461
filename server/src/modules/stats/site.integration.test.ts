import { advertisementListSchema, eventListSchema, siteStatsSchema } from '@curbside/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { HttpClient } from '../../../test/http';
import { makeCar, makeOwner, pastVotes } from '../../../test/showcase-fixtures';
import { AdvertisementEntity } from '../ads/advertisement.entity';
import { EventEntity } from '../events/event.entity';
import { OrderEntity } from '../orders/order.entity';
import { OrderItemEntity } from '../orders/order-item.entity';

// The home page's other public reads: GET /api/stats, /api/advertisements/active, /api/events/upcoming.

let t: TestApp;
let client: HttpClient;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await startTestApp();
  client = new HttpClient(t.baseUrl);
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/stats', () => {
  it('counts featured cars a visitor can see, all votes and print units of orders that were not canceled', async () => {
    const empty = await client.get('/api/stats');
    expect(empty.status).toBe(200);
    expect(siteStatsSchema.strict().parse(empty.body)).toEqual({
      featuredCarsCount: 0,
      totalVotesCount: 0,
      printsOrderedCount: 0,
    });

    const ds = t.app.services.ds;
    const featured = await makeCar(ds, { featured: true });
    const plain = await makeCar(ds);
    // Featured, but with no photo yet: unlisted, so not in the featured slider nor in its count.
    await makeCar(ds, { featured: true, published: false });
    await pastVotes(t.app.services, featured.id, [new Date(), new Date()]);
    await pastVotes(t.app.services, plain.id, [new Date()]);
    const buyer = await makeOwner(ds);
    const order = (status: 'processing' | 'canceled') =>
      ds.getRepository(OrderEntity).save({
        userId: buyer.id,
        status,
        email: buyer.email,
        shipName: 'B',
        shipLine1: '1 Main St',
        shipCity: 'Austin',
        shipState: 'TX',
        shipPostalCode: '78701',
        subtotal: 0,
        shipping: 0,
        tax: 0,
        total: 0,
        paymentId: `pi_${Math.random()}`,
        paymentProvider: 'stripe',
      } as unknown as OrderEntity);
    const paid = await order('processing');
    const canceled = await order('canceled');
    const line = (orderId: number, isMerch: boolean, quantity: number) =>
      ds.getRepository(OrderItemEntity).save({
        orderId,
        productName: 'Poster',
        isMerch,
        priceAtPurchase: 100,
        quantity,
      } as unknown as OrderItemEntity);
    await line(paid.id, false, 3);
    await line(paid.id, true, 5);
    await line(canceled.id, false, 7);

    expect((await client.get('/api/stats')).body).toEqual({
      featuredCarsCount: 1,
      totalVotesCount: 3,
      printsOrderedCount: 3,
    });
  });
});

describe('GET /api/advertisements/active', () => {
  it('lists only active ads whose optional period includes today', async () => {
    const ads = t.app.services.ds.getRepository(AdvertisementEntity);
    const ad = (name: string, fields: Partial<AdvertisementEntity>) =>
      ads.save({ name, type: 'banner', imageUrl: '/a.png', linkUrl: 'https://example.com', active: true, ...fields });
    const now = Date.now();
    await ad('Live', { startDate: new Date(now - 2 * DAY), endDate: new Date(now + 2 * DAY) });
    await ad('Open-ended', { startDate: null, endDate: null, type: 'column' });
    await ad('Switched off', { active: false });
    await ad('Ended', { startDate: new Date(now - 9 * DAY), endDate: new Date(now - 3 * DAY) });
    await ad('Not yet', { startDate: new Date(now + 3 * DAY), endDate: new Date(now + 9 * DAY) });

    const res = await client.get('/api/advertisements/active');
    expect(res.status).toBe(200);
    const live = advertisementListSchema.parse(res.body);
    expect(live.map((a) => a.name)).toEqual(['Live', 'Open-ended']);
    expect(live[0]?.startDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('GET /api/events/upcoming', () => {
  it('lists active events from today on, soonest first', async () => {
    const events = t.app.services.ds.getRepository(EventEntity);
    const event = (title: string, offsetDays: number, active = true) =>
      events.save({
        title,
        description: 'Meet',
        location: 'Austin',
        eventDate: new Date(Date.now() + offsetDays * DAY),
        imageUrl: '/e.png',
        fbEventUrl: null,
        active,
      });
    await event('Later', 10);
    await event('Soon', 2);
    await event('Past', -3);
    await event('Hidden', 5, false);

    const res = await client.get('/api/events/upcoming');
    expect(res.status).toBe(200);
    expect(eventListSchema.parse(res.body).map((e) => e.title)).toEqual(['Soon', 'Later']);
  });
});
