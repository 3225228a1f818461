import { expect, test } from 'vitest';
import { startTestApp } from '../../../test/app';
import { CarEntity } from '../cars/car.entity';
import { CarImageEntity } from '../cars/car-image.entity';
import { hashDistance, PHOTO_MATCH_DISTANCE } from './dhash';
import { PhotoMatchEntity } from './photo-match.entity';

// The demo data's illustrated photos are drawn by one hand (the same scenes, bodies and wheels): hashed at start-up
// like any photo stored before hashing, none may look like another owner's.

test('the start-up backfill hashes every demo photo and flags none of them', async () => {
  const t = await startTestApp({ SEED_DEMO: 'true' });
  try {
    const { ds, photoMatches } = t.app.services;
    await photoMatches.backfill(); // joins the run the start-up began, if it is still going
    const images = await ds.getRepository(CarImageEntity).find();
    expect(images.length).toBeGreaterThan(30);
    expect(images.filter((image) => !image.perceptualHash)).toEqual([]);
    expect(await ds.getRepository(PhotoMatchEntity).count()).toBe(0);

    // Not by a narrow escape either: every pair of photos of different owners, official ones included, is further
    // apart than the bound.
    const owner = new Map((await ds.getRepository(CarEntity).find()).map((car) => [car.id, car.ownerId]));
    let nearest = 64;
    for (const [i, a] of images.entries()) {
      for (const b of images.slice(i + 1)) {
        const [ownerA, ownerB] = [owner.get(a.carId), owner.get(b.carId)];
        if (ownerA !== null && ownerA === ownerB) continue;
        nearest = Math.min(nearest, hashDistance(a.perceptualHash ?? '', b.perceptualHash ?? ''));
      }
    }
    expect(nearest).toBeGreaterThan(PHOTO_MATCH_DISTANCE);
  } finally {
    await t.close();
  }
}, 120_000); // drawing the whole demo data set and hashing it takes a while on two busy cores
