import type { CarCategory } from '@curbside/shared';
import { centralMonthKey } from '@curbside/shared';
import sharp from 'sharp';
import type { DataSource } from 'typeorm';
import { UserEntity } from '../src/modules/accounts/user.entity';
import { CarEntity } from '../src/modules/cars/car.entity';
import { CarImageEntity } from '../src/modules/cars/car-image.entity';
import { forgetPreviousRanks } from '../src/modules/leaderboard/leaderboard.service';
import { CarMonthlyVotesEntity } from '../src/modules/votes/car-monthly-votes.entity';
import { VoteEntity } from '../src/modules/votes/vote.entity';
import type { Services } from '../src/services';
import type { TestApp } from './app';
import { unique } from './app';

// Rows for the showcase tests (cars, photos, owners, past votes), written straight to the database.

export async function makeOwner(ds: DataSource, fields: Partial<UserEntity> = {}): Promise<UserEntity> {
  const username = unique('own');
  return ds.getRepository(UserEntity).save({
    email: `${username}@example.com`,
    username,
    usernameKey: username,
    name: `Owner ${username}`,
    passwordHash: 'x',
    role: 'owner',
    emailVerifiedAt: new Date(),
    bio: 'Weekend canyon runs.',
    ...fields,
  });
}

export async function makeCar(
  ds: DataSource,
  fields: Partial<Omit<CarEntity, 'category'>> & { category?: CarCategory | null } = {},
): Promise<CarEntity> {
  const slug = fields.slug ?? unique('car-');
  return ds.getRepository(CarEntity).save({
    slug,
    make: 'Nissan',
    model: 'Skyline',
    year: 1999,
    category: 'JDM',
    story: 'A clean R34.',
    specs: null,
    ownerName: 'Sam Driver',
    ownerId: null,
    additionalSpecs: { engine: 'RB26', horsepower: 280, modified: true },
    legalAgreement: true,
    featured: false,
    ...fields,
  } as CarEntity);
}

export async function makeImage(ds: DataSource, car: CarEntity, fields: Partial<CarImageEntity> = {}) {
  const key = `cars/${car.id}/${unique('img')}.jpg`;
  return ds.getRepository(CarImageEntity).save({
    carId: car.id,
    storageKey: key,
    url: `/api/file/${key}`,
    width: 1600,
    height: 1067,
    variants: {
      w400: `/api/file/${key}.w400.webp`,
      w800: `/api/file/${key}.w800.webp`,
      w1600: `/api/file/${key}.webp`,
    },
    isPrimary: false,
    isAdminUploaded: true,
    caption: null,
    fileSize: 1000,
    sortOrder: 0,
    ...fields,
  } as CarImageEntity);
}

/** A real photo in storage for `image` (the share preview renders from it). */
export async function storePhoto(t: TestApp, image: CarImageEntity): Promise<void> {
  const jpeg = await sharp({ create: { width: 1600, height: 1067, channels: 3, background: '#c03030' } })
    .jpeg()
    .toBuffer();
  await t.app.services.storage.put(image.storageKey, jpeg, { contentType: 'image/jpeg' });
}

/**
 * Past votes, with the tallies moved as the votes service would have moved them. Written behind the app's back, so
 * the caches of rankings and responses are told.
 */
export async function pastVotes(services: Services, carId: number, times: Date[]): Promise<void> {
  const { ds } = services;
  for (const [i, createdAt] of times.entries()) {
    await ds.getRepository(VoteEntity).insert({ carId, ipHash: `past-${carId}-${i}-${unique()}`, createdAt });
    await ds.getRepository(CarEntity).increment({ id: carId }, 'totalVotes', 1);
    const month = centralMonthKey(createdAt);
    const tally = await ds.getRepository(CarMonthlyVotesEntity).findOneBy({ carId, month });
    if (tally) await ds.getRepository(CarMonthlyVotesEntity).increment({ carId, month }, 'votes', 1);
    else await ds.getRepository(CarMonthlyVotesEntity).insert({ carId, month, votes: 1 });
  }
  forgetPreviousRanks(ds);
  services.readCache.clear();
}

export const hoursAgo = (hours: number, now = new Date()) => new Date(now.getTime() - hours * 3600_000);
