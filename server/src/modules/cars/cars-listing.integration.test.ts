import { carListSchema, carSchema, MESSAGES, topCarsOutputSchema } from '@curbside/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, unique } from '../../../test/app';
import { HttpClient } from '../../../test/http';
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

async function submitCar(client: HttpClient, model: string) {
  const res = await client.post('/api/cars', {
    make: 'Honda',
    model,
    year: 1999,
    ownerName: 'Rin',
    category: 'JDM',
    legalAgreement: true,
  });
  expect(res.status).toBe(201);
  return carSchema.parse(res.body);
}

/** What a visitor sees of the car: in the gallery, the search, the leaderboard, its page and the sitemap. */
async function visitorSees(slug: string, model: string) {
  const visitor = new HttpClient(t.baseUrl);
  const gallery = carListSchema.parse((await visitor.get('/api/cars?limit=50')).body);
  const search = carListSchema.parse((await visitor.get(`/api/cars/search?q=${encodeURIComponent(model)}`)).body);
  const top = topCarsOutputSchema.parse((await visitor.get('/api/cars/top?period=all')).body);
  const page = await visitor.get(`/api/cars/${slug}`);
  // Every car page of the sitemap index (one here: the test's cars fit in the first range of ids).
  const index = String((await visitor.get('/sitemap.xml')).body);
  const sitemapPages = [...index.matchAll(/<loc>[^<]*(\/sitemap-cars-\d+\.xml)<\/loc>/g)].map((m) => m[1] as string);
  const sitemap = (await Promise.all(sitemapPages.map(async (path) => String((await visitor.get(path)).body)))).join(
    '',
  );
  return {
    gallery: gallery.some((car) => car.slug === slug),
    search: search.some((car) => car.slug === slug),
    leaderboard: top.some((car) => car.slug === slug),
    page: page.status,
    sitemap: sitemap.includes(slug),
    pageMessage: page.body?.message,
  };
}

describe('a car without a photo is not listed', () => {
  it('stays off every public list until its first photo is stored, while its owner sees it', async () => {
    const owner = await signedUp();
    const model = unique('Civic');
    const car = await submitCar(owner, model);
    expect(car.published).toBe(false);

    // A vote gives it a place the all-time leaderboard would show.
    expect((await new HttpClient(t.baseUrl).post('/api/votes', { carId: car.id })).status).toBeLessThan(300);
    expect(await visitorSees(car.slug, model)).toEqual({
      gallery: false,
      search: false,
      leaderboard: false,
      page: 404,
      sitemap: false,
      pageMessage: MESSAGES.server.carNotFound,
    });
    const mine = carListSchema.parse((await owner.get('/api/owner/cars')).body);
    expect(mine.find((c) => c.id === car.id)).toMatchObject({ published: false, images: [] });

    // A file that is no photo is refused and changes nothing.
    const text = new Blob(['this is a text file, not a photo'], { type: 'image/jpeg' });
    expect((await uploadCarImage(owner, car.id, text, true, 'notes.jpg')).status).toBe(415);
    expect((await visitorSees(car.slug, model)).gallery).toBe(false);

    // The first stored photo lists it everywhere.
    expect((await uploadCarImage(owner, car.id, await jpegBytes(), true)).status).toBe(201);
    expect(await visitorSees(car.slug, model)).toEqual({
      gallery: true,
      search: true,
      leaderboard: true,
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
    expect((await visitorSees(car.slug, model)).gallery).toBe(true);

    expect((await owner.delete(`/api/images/${photo.body.id}`)).status).toBeLessThan(300);
    const seen = await visitorSees(car.slug, model);
    expect(seen).toMatchObject({ gallery: false, search: false, page: 404, sitemap: false });
    const mine = carListSchema.parse((await owner.get('/api/owner/cars')).body);
    expect(mine.find((c) => c.id === car.id)?.published).toBe(false);
  });
});
