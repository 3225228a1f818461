import { carListSchema, carSchema, MESSAGES } from '@curbside/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, unique } from '../../../test/app';
import { HttpClient } from '../../../test/http';
import { submitCar, visitorSees } from '../../../test/public-listing';
import { register } from '../../../test/register';
import { jpegBytes, uploadCarImage } from '../images/upload-test-helpers';

// Issue 24: a car never goes public without a photo. A new car is unlisted until its first photo is stored, and
// unlisted again when its last photo goes; its owner still sees it.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function signedUp() {
  const client = new HttpClient(t.baseUrl);
  const name = unique('lst');
  await register(t, client, { email: `${name}@example.com`, username: name, password: 'hunter22' });
  return client;
}

describe('a car without a photo is not listed', () => {
  it('stays off every public list until its first photo is stored, while its owner sees it', async () => {
    const owner = await signedUp();
    const model = unique('Civic');
    const car = await submitCar(owner, model);
    expect(car.published).toBe(false);

    // A vote gives it a place the all-time leaderboard would show.
    expect((await new HttpClient(t.baseUrl).post('/api/votes', { carId: car.id })).status).toBeLessThan(300);
    expect(await visitorSees(t, car.slug, model)).toEqual({
      gallery: false,
      search: false,
      leaderboard: false,
      monthlyLeaderboard: false,
      page: 404,
      sitemap: false,
      pageMessage: MESSAGES.server.carNotFound,
    });
    const mine = carListSchema.parse((await owner.get('/api/owner/cars')).body);
    expect(mine.find((c) => c.id === car.id)).toMatchObject({ published: false, images: [] });

    // A file that is no photo is refused and changes nothing.
    const text = new Blob(['this is a text file, not a photo'], { type: 'image/jpeg' });
    expect((await uploadCarImage(owner, car.id, text, true, 'notes.jpg')).status).toBe(415);
    expect((await visitorSees(t, car.slug, model)).gallery).toBe(false);

    // The first stored photo lists it everywhere.
    expect((await uploadCarImage(owner, car.id, await jpegBytes(), true)).status).toBe(201);
    expect(await visitorSees(t, car.slug, model)).toEqual({
      gallery: true,
      search: true,
      leaderboard: true,
      monthlyLeaderboard: true,
      page: 200,
      sitemap: true,
      pageMessage: undefined,
    });
    const listed = carSchema.parse((await new HttpClient(t.baseUrl).get(`/api/cars/${car.slug}`)).body);
    expect(listed).toMatchObject({ published: true, images: [expect.objectContaining({ isPrimary: true })] });
  });

  it('goes back off the lists when its last photo is deleted', async () => {
    const owner = await signedUp();
    const model = unique('Prelude');
    const car = await submitCar(owner, model);
    const photo = await uploadCarImage(owner, car.id, await jpegBytes(), true);
    expect(photo.status).toBe(201);
    expect((await visitorSees(t, car.slug, model)).gallery).toBe(true);

    expect((await owner.delete(`/api/images/${photo.body.id}`)).status).toBeLessThan(300);
    const seen = await visitorSees(t, car.slug, model);
    expect(seen).toMatchObject({ gallery: false, search: false, page: 404, sitemap: false });
    const mine = carListSchema.parse((await owner.get('/api/owner/cars')).body);
    expect(mine.find((c) => c.id === car.id)?.published).toBe(false);
  });
});
