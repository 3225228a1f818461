import { MESSAGES, type PhotoMatch } from '@curbside/shared';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { startAdminTestApp } from '../../../test/admin-session';
import type { TestApp } from '../../../test/app';
import { unique } from '../../../test/app';
import { HttpClient } from '../../../test/http';
import { register } from '../../../test/register';
import { CarImageEntity } from '../cars/car-image.entity';
import { uploadCarImage } from '../images/upload-test-helpers';
import { carPhoto, copiedPhoto, demoCar, RX7 } from './test-pictures';

// Copied photos: a photo that looks like another user's is flagged for the admin, with both photos to compare.

let t: TestApp;
let admin: HttpClient;
beforeAll(async () => {
  ({ t, admin } = await startAdminTestApp());
});
afterAll(async () => {
  await t?.close();
});

interface Member {
  client: HttpClient;
  username: string;
  carId: number;
}

/** A new member with a car of their own (no photo yet). */
async function member(model = 'RX-7'): Promise<Member> {
  const client = new HttpClient(t.baseUrl);
  const username = unique('snap');
  await register(t, client, { email: `${username}@example.com`, username, password: 'hunter22' });
  return { client, username, carId: await newCar(client, model) };
}

async function newCar(client: HttpClient, model: string): Promise<number> {
  const car = await client.post('/api/cars', {
    make: 'Mazda',
    model,
    year: 1993,
    ownerName: 'Ana',
    category: 'JDM',
    legalAgreement: true,
  });
  expect(car.status).toBe(201);
  return car.body.id as number;
}

/** Uploads `photo` to the member's car (or `carId`); returns the new image's id. */
async function upload(who: Member, photo: Buffer, carId = who.carId): Promise<number> {
  const res = await uploadCarImage(who.client, carId, photo);
  expect(res.status).toBe(201);
  return res.body.id as number;
}

/** Every flag of the admin's list (`status`), all pages. */
async function flags(status: 'open' | 'dismissed' = 'open'): Promise<PhotoMatch[]> {
  const all: PhotoMatch[] = [];
  let cursor: string | null = null;
  do {
    const res = await admin.get(
      `/api/admin/photo-matches?status=${status}&limit=5${cursor ? `&cursor=${cursor}` : ''}`,
    );
    expect(res.status).toBe(200);
    all.push(...res.body.items);
    cursor = res.body.nextCursor;
  } while (cursor);
  return all;
}
/** The open flags between the given photos (earlier tests uploaded the same picture: their flags are left out). */
const flagsAmong = async (...imageIds: number[]) =>
  (await flags()).filter((f) => imageIds.includes(f.photo.imageId) && imageIds.includes(f.matched.imageId));

let original: Buffer;
beforeAll(async () => {
  original = await carPhoto();
});

describe('copied photos', () => {
  it("flags a resized, re-compressed, slightly cropped copy of another user's photo, with both photos", async () => {
    const [ana, ben] = [await member(), await member()];
    const first = await upload(ana, original);
    const copy = await upload(ben, await copiedPhoto(original));

    const found = await flagsAmong(first, copy);
    expect(found).toHaveLength(1);
    const [flag] = found;
    assert(flag);
    expect(flag.distance).toBeLessThanOrEqual(6);
    expect(flag.dismissedAt).toBeNull();
    expect(flag.photo).toMatchObject({
      imageId: copy,
      car: { id: ben.carId, title: '1993 Mazda RX-7' },
      owner: { username: ben.username },
    });
    expect(flag.matched).toMatchObject({ imageId: first, car: { id: ana.carId }, owner: { username: ana.username } });
    // Both pictures can be shown side by side.
    for (const url of [flag.photo.url, flag.matched.url]) {
      const picture = await admin.get(url);
      expect(picture.status).toBe(200);
    }
  });

  it('does not flag a different photo of the same model', async () => {
    const [ana, ben] = [await member(), await member()];
    const first = await upload(ana, original);
    const other = await upload(ben, await carPhoto(RX7, 'track'));
    expect(await flagsAmong(first, other)).toEqual([]);
  });

  it('does not flag a member uploading their own photo again', async () => {
    const ana = await member();
    const first = await upload(ana, original);
    const again = await upload(ana, original);
    const onSecondCar = await upload(ana, await copiedPhoto(original), await newCar(ana.client, 'RX-8'));
    expect(await flagsAmong(first, again, onSecondCar)).toEqual([]);
    // Another member's copy of it is flagged against the photos it looks like.
    const ben = await member();
    const copy = await upload(ben, original);
    expect(await flagsAmong(first, again, onSecondCar, copy)).toHaveLength(3);
  });

  it('dismisses a flag: it leaves the open list and shows among the dismissed; only admins may', async () => {
    const [ana, ben] = [await member(), await member()];
    const first = await upload(ana, original);
    const copy = await upload(ben, original);
    const [flag] = await flagsAmong(first, copy);
    assert(flag);
    expect(flag.distance).toBe(0);

    for (const client of [ana.client, ben.client]) {
      expect((await client.post(`/api/admin/photo-matches/${flag.id}/dismiss`, {})).status).toBe(403);
      expect((await client.get('/api/admin/photo-matches')).status).toBe(403);
    }
    const dismissed = await admin.post(`/api/admin/photo-matches/${flag.id}/dismiss`, {});
    expect(dismissed.status).toBe(200);
    expect(dismissed.body.dismissedAt).toEqual(expect.any(String));
    expect(await flagsAmong(first, copy)).toEqual([]);
    expect((await flags('dismissed')).map((f) => f.id)).toContain(flag.id);
    // Again: nothing changes.
    const again = await admin.post(`/api/admin/photo-matches/${flag.id}/dismiss`, {});
    expect(again.body.dismissedAt).toBe(dismissed.body.dismissedAt);

    const missing = await admin.post('/api/admin/photo-matches/999999/dismiss', {});
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(MESSAGES.photoMatches.notFound);
  });

  it('removing either photo removes its flag', async () => {
    const [ana, ben] = [await member(), await member()];
    const first = await upload(ana, original);
    await upload(ben, await carPhoto(RX7, 'night')); // ben's primary, so the copy can go
    const copy = await upload(ben, original);
    expect(await flagsAmong(first, copy)).toHaveLength(1);
    expect((await ben.client.delete(`/api/images/${copy}`)).status).toBe(204);
    expect(await flagsAmong(first, copy)).toEqual([]);
    expect((await flags()).some((f) => f.photo.imageId === copy)).toBe(false);
  });

  it('hashes the photos stored before hashing existed, and flags copies among them', async () => {
    const [ana, ben] = [await member('911'), await member('911')];
    // A picture no other test uploads (the RX-7's copies from the tests above would be nearer).
    const porsche = await carPhoto(demoCar('porsche-911-carrera-3-2'));
    const first = await upload(ana, porsche);
    const images = t.app.services.ds.getRepository(CarImageEntity);
    // As if stored before copied-photo detection: no hash yet, so the copy finds nothing to match at upload.
    const noHash = { perceptualHash: null, hashBand0: null, hashBand1: null, hashBand2: null, hashBand3: null };
    await images.update({ id: first }, noHash);
    const copy = await upload(ben, await copiedPhoto(porsche));
    expect(await flagsAmong(first, copy)).toEqual([]);

    const result = await t.app.services.photoMatches.backfill();
    expect(result.hashed).toBeGreaterThanOrEqual(1);
    expect((await images.findOneByOrFail({ id: first })).perceptualHash).toMatch(/^[0-9a-f]{16}$/);
    const [flag] = await flagsAmong(first, copy);
    expect(flag).toMatchObject({ photo: { imageId: copy }, matched: { imageId: first } });
  });
});
