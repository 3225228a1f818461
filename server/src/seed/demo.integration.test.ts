import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CAR_CATEGORIES } from '@curbside/shared';
import type { DataSource } from 'typeorm';
import { afterAll, assert, beforeAll, describe, expect, test } from 'vitest';
import { createTestDatabase } from '../../test/db';
import { createDataSource } from '../db/data-source';
import { runMigrations } from '../db/migrate';
import { LocalStorage } from '../lib/storage';
import { verifyPassword } from '../modules/accounts/password';
import { UserEntity } from '../modules/accounts/user.entity';
import { AdvertisementEntity } from '../modules/ads/advertisement.entity';
import { CarEntity } from '../modules/cars/car.entity';
import { CarImageEntity } from '../modules/cars/car-image.entity';
import { EventEntity } from '../modules/events/event.entity';
import { ProductEntity } from '../modules/products/product.entity';
import { SiteSettingsEntity } from '../modules/settings/site-settings.entity';
import { CarMonthlyVotesEntity } from '../modules/votes/car-monthly-votes.entity';
import { VoteEntity } from '../modules/votes/vote.entity';
import { VoteLimitEntity } from '../modules/votes/vote-limit.entity';
import { ensureSiteSettings, type SeedResult, seedDemoData } from './demo';
import { monthKey } from './demo-votes';

let ds: DataSource;
let drop: () => Promise<void>;
let uploadsDir: string;
let first: SeedResult;
const now = new Date();

beforeAll(async () => {
  const db = await createTestDatabase();
  drop = db.drop;
  ds = await createDataSource(db.database);
  await ds.initialize();
  await runMigrations(ds);
  uploadsDir = mkdtempSync(path.join(os.tmpdir(), 'curbside-seed-'));
  await ensureSiteSettings(ds);
  first = await seedDemoData(ds, { storage: new LocalStorage(uploadsDir), now });
});

afterAll(async () => {
  await ds?.destroy();
  await drop?.();
  if (uploadsDir) rmSync(uploadsDir, { recursive: true, force: true });
});

describe('demo data', () => {
  test('loads into an empty database and returns the two sign-in accounts', async () => {
    expect(first.loaded).toBe(true);
    expect(first.accounts.map((a) => [a.role, a.email])).toEqual([
      ['admin', 'admin@curbside.example'],
      ['user', 'driver@curbside.example'],
    ]);
    for (const account of first.accounts) {
      const user = await ds.getRepository(UserEntity).findOneByOrFail({ email: account.email });
      expect(user.role).toBe(account.role);
      expect(await verifyPassword(user.passwordHash, account.password)).toBe(true);
    }
    const owners = await ds.getRepository(UserEntity).findBy({ role: 'owner' });
    expect(owners.length).toBeGreaterThanOrEqual(3);
    expect(owners.every((o) => o.bio)).toBe(true);
    // Bios are public (a car page's Meet the Owner): none tells visitors how to use the demo accounts.
    const everyone = await ds.getRepository(UserEntity).find();
    expect(everyone.filter((u) => /sign in|log in|password/i.test(u.bio ?? '')).map((u) => u.username)).toEqual([]);
  });

  test('has a dozen cars across every category, four featured, one long story', async () => {
    const cars = await ds.getRepository(CarEntity).find();
    expect(cars).toHaveLength(12);
    expect(new Set(cars.map((c) => c.category))).toEqual(new Set(CAR_CATEGORIES));
    expect(cars.filter((c) => c.featured)).toHaveLength(4);
    expect(cars.some((c) => (c.story ?? '').length > 160)).toBe(true);
    // The card's Modified tag: the demo has modified and stock cars, stored as booleans.
    expect(new Set(cars.map((c) => c.additionalSpecs?.modified))).toEqual(new Set([true, false]));
    for (const car of cars) {
      expect(Object.keys(car.additionalSpecs ?? {}).sort()).toEqual(
        ['drivetrain', 'engine', 'horsepower', 'modified', 'transmission'].sort(),
      );
    }
  });

  test('every car has 3-4 photos on disk with their variants, exactly one primary', async () => {
    const cars = await ds.getRepository(CarEntity).find();
    const images = await ds.getRepository(CarImageEntity).find({ order: { carId: 'ASC', sortOrder: 'ASC' } });
    for (const car of cars) {
      const own = images.filter((i) => i.carId === car.id);
      expect(own.length).toBeGreaterThanOrEqual(3);
      expect(own.length).toBeLessThanOrEqual(4);
      expect(own.filter((i) => i.isPrimary)).toHaveLength(1);
      expect(own[0]?.isPrimary).toBe(true);
    }
    expect(images.some((i) => i.isAdminUploaded)).toBe(true);
    expect(images.some((i) => !i.isAdminUploaded)).toBe(true);

    const onDisk = (url: string) => existsSync(path.join(uploadsDir, url.replace(/^\/api\/file\//, '')));
    for (const img of images) {
      expect(onDisk(`/api/file/${img.storageKey}`)).toBe(true); // the original, kept for prints
      expect([img.width, img.height]).toEqual([1600, 1000]);
      assert(img.variants);
      expect(img.url).toBe(img.variants.w1600); // the public URL: the largest rendition
      for (const url of Object.values(img.variants)) expect(onDisk(url)).toBe(true);
    }
    expect(readdirSync(uploadsDir)).toEqual(['demo']);
  });

  test('vote tallies match the vote rows exactly, over three months', async () => {
    const votes = await ds.getRepository(VoteEntity).find();
    expect(votes.length).toBeGreaterThanOrEqual(200);
    expect(new Set(votes.map((v) => v.ipHash)).size).toBe(votes.length);
    expect(votes.every((v) => v.createdAt.getTime() <= now.getTime())).toBe(true);
    expect(new Set(votes.map((v) => monthKey(v.createdAt))).size).toBe(3);

    const cars = await ds.getRepository(CarEntity).find();
    const firstVote = Math.min(...votes.map((v) => v.createdAt.getTime()));
    for (const car of cars) {
      expect(car.totalVotes).toBe(votes.filter((v) => v.carId === car.id).length);
      expect(car.createdAt.getTime()).toBeLessThan(firstVote);
    }
    const tallies = await ds.getRepository(CarMonthlyVotesEntity).find();
    const counted = new Map<string, number>();
    for (const v of votes) {
      const key = `${v.carId}:${monthKey(v.createdAt)}`;
      counted.set(key, (counted.get(key) ?? 0) + 1);
    }
    expect(new Map(tallies.map((t) => [`${t.carId}:${t.month}`, t.votes]))).toEqual(counted);
    expect(await ds.getRepository(VoteLimitEntity).count()).toBe(votes.length);
  });

  test('has print and merch products, one low on stock and one sold out, with images', async () => {
    const products = await ds.getRepository(ProductEntity).find();
    const prints = products.filter((p) => !p.isMerch);
    const merch = products.filter((p) => p.isMerch);
    expect(new Set(prints.map((p) => p.category))).toEqual(new Set(['poster', 'canvas', 'framed']));
    expect(prints.every((p) => p.printSize && p.printType)).toBe(true);
    expect(merch.length).toBeGreaterThanOrEqual(4);
    expect(merch.some((p) => p.stock === 3)).toBe(true);
    expect(merch.some((p) => p.stock === 0)).toBe(true);
    for (const p of products) {
      assert(p.imageUrl);
      expect(existsSync(path.join(uploadsDir, p.imageUrl.replace(/^\/api\/file\//, '')))).toBe(true);
    }
  });

  test('has upcoming and past events, an active banner and column ad, and the default settings', async () => {
    const events = await ds.getRepository(EventEntity).find();
    expect(events.filter((e) => e.eventDate > now).length).toBeGreaterThanOrEqual(2);
    expect(events.filter((e) => e.eventDate < now)).toHaveLength(1);

    const ads = await ds.getRepository(AdvertisementEntity).findBy({ active: true });
    const banner = ads.find((a) => a.type === 'banner');
    assert(banner);
    expect(banner.startDate?.getTime()).toBeLessThan(now.getTime());
    expect(banner.endDate?.getTime()).toBeGreaterThan(now.getTime());
    expect(ads.some((a) => a.type === 'column')).toBe(true);

    const settings = await ds.getRepository(SiteSettingsEntity).find();
    expect(settings).toHaveLength(1);
    expect(settings[0]).toMatchObject({
      id: 1,
      maintenanceMode: false,
      comingSoonMode: false,
      maintenanceMessage: "We're currently performing maintenance. Please check back soon.",
      comingSoonMessage: 'Our website is launching soon! Stay tuned for updates.',
      launchDate: null,
    });
  });

  test('seeding again does nothing', async () => {
    const before = await Promise.all([ds.getRepository(CarEntity).count(), ds.getRepository(VoteEntity).count()]);
    const second = await seedDemoData(ds, { storage: new LocalStorage(uploadsDir) });
    expect(second).toEqual({ loaded: false, accounts: [] });
    expect(await Promise.all([ds.getRepository(CarEntity).count(), ds.getRepository(VoteEntity).count()])).toEqual(
      before,
    );
    await ensureSiteSettings(ds);
    expect(await ds.getRepository(SiteSettingsEntity).count()).toBe(1);
  });
});

test('a database that already has a user gets no demo data and no files', async () => {
  const db = await createTestDatabase();
  const other = await createDataSource(db.database);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'curbside-seed-'));
  try {
    await other.initialize();
    await runMigrations(other);
    await other.getRepository(UserEntity).insert({
      email: 'someone@example.com',
      username: 'someone',
      usernameKey: 'someone',
      passwordHash: 'x',
    });
    expect(await seedDemoData(other, { storage: new LocalStorage(dir) })).toEqual({ loaded: false, accounts: [] });
    expect(await other.getRepository(CarEntity).count()).toBe(0);
    expect(readdirSync(dir)).toEqual([]);
  } finally {
    if (other.isInitialized) await other.destroy();
    await db.drop();
    rmSync(dir, { recursive: true, force: true });
  }
});
