import type { DataSource } from 'typeorm';
import { afterEach, describe, expect, test } from 'vitest';
import { createTestDatabase } from '../../test/db';
import { UserEntity } from '../modules/accounts/user.entity';
import { CarEntity } from '../modules/cars/car.entity';
import { EventEntity } from '../modules/events/event.entity';
import { OrderEntity } from '../modules/orders/order.entity';
import { OrderItemEntity } from '../modules/orders/order-item.entity';
import { ProductEntity } from '../modules/products/product.entity';
import { StatsService } from '../modules/stats/stats.service';
import { CardVoteEntity } from '../modules/votes/card-vote.entity';
import { createDataSource } from './data-source';
import { runMigrations } from './migrate';

// The Aggregates migration fills the running totals and the sitemap's blocks from the rows already there: a database
// that had cars, card votes and orders before it must read the same statistics as one whose totals the triggers kept
// from the start.

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

async function migratedDatabase(): Promise<DataSource> {
  const db = await createTestDatabase();
  const ds = await createDataSource(db.database);
  await ds.initialize();
  cleanup = async () => {
    if (ds.isInitialized) await ds.destroy();
    await db.drop();
  };
  await runMigrations(ds);
  return ds;
}

const DAY = 86_400_000;

/** Cars, card votes and orders of every kind the statistics tell apart, over the last fifteen months. */
async function fill(ds: DataSource): Promise<void> {
  const user = await ds
    .getRepository(UserEntity)
    .save({ email: 'b@example.com', username: 'buyer', usernameKey: 'buyer', passwordHash: 'x' });
  const categories = ['JDM', 'Euro', null, 'Muscle', 'JDM'] as const;
  const cars = await ds.getRepository(CarEntity).save(
    Array.from({ length: 250 }, (_, i) =>
      ds.getRepository(CarEntity).create({
        slug: `car-${i}`,
        make: 'Mazda',
        model: 'RX-7',
        year: 1993,
        category: categories[i % categories.length] ?? null,
        ownerName: 'Kim',
        legalAgreement: true,
        featured: i % 4 === 0,
        published: i % 6 !== 1,
        totalVotes: (i * 7) % 23,
      }),
    ),
  );
  const event = await ds
    .getRepository(EventEntity)
    .save({ title: 'Meet', description: 'Meet', location: 'Austin', eventDate: new Date(), imageUrl: '/e.png' });
  await ds.getRepository(CardVoteEntity).insert(
    Array.from({ length: 30 }, (_, i) => ({
      carId: (cars[i % 10] as CarEntity).id,
      eventId: i % 3 === 0 ? null : i % 3 === 1 ? event.id : 999_999,
      createdAt: new Date(),
    })),
  );
  const products = await ds.getRepository(ProductEntity).save(
    ['Poster', 'Canvas', 'Shirt', 'Sticker'].map((name, i) =>
      ds.getRepository(ProductEntity).create({
        name,
        category: i < 2 ? 'poster' : 'apparel',
        price: 1000 + i * 500,
        stock: 100,
        sku: `SKU-${name}`,
        isMerch: i >= 2,
      }),
    ),
  );
  const states = [
    { status: 'pending' },
    { status: 'shipped' },
    { status: 'canceled', refundState: 'refunded', refund: 1 },
    { status: 'canceled', refundState: 'partially_refunded', refund: 0.5 },
    { status: 'canceled', refundState: 'not_refunded' },
    { status: 'canceled', refundState: 'refund_failed' },
    { status: 'delivered' },
  ] as const;
  for (let i = 0; i < 60; i++) {
    const state = states[i % states.length] as (typeof states)[number];
    const lines = [0, 1, 2, 3].filter((p) => (i + p) % 3 !== 0);
    const subtotal = lines.reduce((sum, p) => sum + (products[p] as ProductEntity).price * (p + 1), 0);
    const total = subtotal + 500;
    const order = await ds.getRepository(OrderEntity).save({
      userId: user.id,
      status: state.status,
      email: 'b@example.com',
      shipName: 'B',
      shipLine1: '1 Main St',
      shipCity: 'Austin',
      shipState: 'TX',
      shipPostalCode: '78701',
      subtotal,
      shipping: 500,
      tax: 0,
      total,
      paymentId: `pi_${i}`,
      paymentProvider: 'test',
      refundedAmount: 'refund' in state ? Math.round(total * state.refund) : 0,
      refundState: 'refundState' in state ? state.refundState : null,
    } as OrderEntity);
    await ds.getRepository(OrderEntity).update({ id: order.id }, { createdAt: new Date(Date.now() - i * 8 * DAY) });
    await ds.getRepository(OrderItemEntity).insert(
      lines.map((p) => {
        const product = products[p] as ProductEntity;
        return {
          orderId: order.id,
          productId: product.id,
          productName: product.name,
          isMerch: product.isMerch,
          priceAtPurchase: product.price,
          quantity: p + 1,
        };
      }),
    );
  }
  // A product deleted since: its lines keep their name and lose the product.
  await ds.getRepository(ProductEntity).delete({ id: (products[1] as ProductEntity).id });
}

async function figures(ds: DataSource, now: Date) {
  const stats = new StatsService(ds);
  return {
    site: await stats.site(),
    admin: await stats.admin(now),
    cards: await stats.cardVotesPerEvent(),
    blocks: await ds.query('SELECT block, cars FROM sitemap_blocks WHERE cars <> 0 ORDER BY block'),
  };
}

describe(`the Aggregates migration (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  test('fills the totals from existing rows as the triggers would have kept them', async () => {
    const ds = await migratedDatabase();
    await fill(ds);
    const now = new Date();
    const kept = await figures(ds, now);
    expect(kept.site.totalVotesCount).toBeGreaterThan(0);
    expect(kept.admin.shop.totals.orders).toBeGreaterThan(0);
    expect(kept.admin.shop.cancellations.refundFailed).toBeGreaterThan(0);
    expect(kept.cards.length).toBe(2);
    expect(kept.blocks.length).toBe(3);

    const isAggregates = (name: string) => name.startsWith('Aggregates');
    const applied = async () =>
      ((await ds.query('SELECT name FROM migrations')) as { name: string }[]).map((r) => r.name);
    while ((await applied()).some(isAggregates)) await ds.undoLastMigration({ transaction: 'each' });
    expect(await runMigrations(ds)).toContainEqual(expect.stringMatching(/^Aggregates/));

    const filled = await figures(ds, now);
    expect(filled).toEqual(kept);
  }, 120_000);
});
