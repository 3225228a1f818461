import { carSchema } from '@curbside/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, unique } from '../../../test/app';
import { HttpClient } from '../../../test/http';
import { register } from '../../../test/register';
import { jpegBytes, uploadCarImage } from '../images/upload-test-helpers';

// Submitting, editing and deleting cars over /api, with their authorization rules (owner or admin).

const ADMIN = { email: 'boss@example.com', password: 'admin-password-1' };
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
});
afterAll(async () => {
  await t?.close();
});

async function signedUp() {
  const client = new HttpClient(t.baseUrl);
  const name = unique('own');
  const res = await register(t, client, {
    email: `${name}@example.com`,
    username: name,
    password: 'hunter22',
    name: `Owner ${name}`,
  });
  return { client, id: res.body.id as number };
}

async function admin() {
  const client = new HttpClient(t.baseUrl);
  expect((await client.post('/api/login', ADMIN)).status).toBe(200);
  return client;
}

const newCar = {
  make: 'Nissan',
  model: 'Skyline GT-R',
  year: '1999',
  ownerName: 'Kei',
  category: 'JDM',
  specs: 'RB26',
  story: 'Bought in Osaka.',
  additionalSpecs: '{"engine":"RB26DETT","horsepower":"280"}',
  legalAgreement: true,
};

describe('POST /api/cars', () => {
  it('creates the car for the signed-in user with a server-made slug, ignoring slug, ownerId and featured sent', async () => {
    const { client, id } = await signedUp();
    const other = await signedUp();
    const res = await client.post('/api/cars', { ...newCar, slug: 'mine', ownerId: other.id, featured: true });
    expect(res.status).toBe(201);
    const car = carSchema.parse(res.body);
    expect(car).toMatchObject({ make: 'Nissan', year: 1999, ownerId: id, featured: false, legalAgreement: true });
    // Make and model alone while that address is free (this file's first Skyline).
    expect(car.slug).toBe('nissan-skyline-gt-r');
    expect(car.additionalSpecs).toEqual({ engine: 'RB26DETT', horsepower: '280' });

    // Taken: a short base36 tail, not a timestamp.
    const again = await client.post('/api/cars', { ...newCar, additionalSpecs: { engine: 'RB26' } });
    expect(again.status).toBe(201);
    expect(again.body.slug).toMatch(/^nissan-skyline-gt-r-[a-z0-9]{4}$/);
    expect(again.body.additionalSpecs).toEqual({ engine: 'RB26' });

    // Public with its first photo, not before.
    expect(car.published).toBe(false);
    expect((await new HttpClient(t.baseUrl).get(`/api/cars/${car.slug}`)).status).toBe(404);
    expect((await uploadCarImage(client, car.id, await jpegBytes(), true)).status).toBe(201);
    const page = await new HttpClient(t.baseUrl).get(`/api/cars/${car.slug}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ id: car.id, published: true });
  });

  it('refuses a signed-out visitor with 401 and bad fields with the §5 messages', async () => {
    expect((await new HttpClient(t.baseUrl).post('/api/cars', newCar)).status).toBe(401);
    const { client } = await signedUp();
    const cases: [Record<string, unknown>, string][] = [
      [{ make: '' }, 'make: Make is required'],
      [{ model: '  ' }, 'model: Model is required'],
      [{ year: '' }, 'year: Year is required'],
      [{ year: '99' }, 'year: Must be a valid 4-digit year'],
      // The bound is next year on the day of the request; the client's form checks the same schema.
      [{ year: 3025 }, `year: Enter a year between 1886 and ${new Date().getFullYear() + 1}`],
      [{ year: '1885' }, `year: Enter a year between 1886 and ${new Date().getFullYear() + 1}`],
      [{ ownerName: '' }, 'ownerName: Owner name is required'],
      [{ category: undefined }, 'category: Category is required'],
      [{ legalAgreement: false }, 'legalAgreement: You must agree to the legal terms to upload your car'],
    ];
    for (const [change, message] of cases) {
      const res = await client.post('/api/cars', { ...newCar, ...change });
      expect(res.status, message).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect((await client.get('/api/owner/cars')).body).toEqual([]);
  });
});

describe('PUT /api/cars/{id}', () => {
  it('lets the owner change fields but not the owner, the slug or featured', async () => {
    const { client, id } = await signedUp();
    const other = await signedUp();
    const car = (await client.post('/api/cars', newCar)).body;
    const res = await client.put(`/api/cars/${car.id}`, {
      ...newCar,
      model: 'Skyline R34',
      ownerId: other.id,
      slug: 'hijack',
      story: '',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ model: 'Skyline R34', ownerId: id, slug: car.slug, story: null });

    const feature = await client.put(`/api/cars/${car.id}`, { featured: true });
    expect(feature.status).toBe(403);
    expect(feature.body.message).toBe('Only an admin can feature a car');
  });

  it('gives another user 403 on every write to the car and its images, and changes nothing', async () => {
    const owner = await signedUp();
    const car = (await owner.client.post('/api/cars', newCar)).body;
    const image = (await uploadCarImage(owner.client, car.id, await jpegBytes())).body;
    const intruder = (await signedUp()).client;

    expect((await intruder.put(`/api/cars/${car.id}`, { make: 'Stolen' })).status).toBe(403);
    expect((await uploadCarImage(intruder, car.id, await jpegBytes())).status).toBe(403);
    expect((await intruder.request('PATCH', `/api/images/${image.id}/primary`, { carId: car.id })).status).toBe(403);
    expect((await intruder.delete(`/api/images/${image.id}`)).status).toBe(403);
    expect((await intruder.delete(`/api/cars/${car.id}`)).status).toBe(403);
    expect((await owner.client.delete(`/api/cars/${car.id}`)).status).toBe(403); // delete is admin only

    const after = (await owner.client.get(`/api/cars/by-id/${car.id}`)).body;
    expect(after.make).toBe('Nissan');
    expect(after.images.map((i: { id: number }) => i.id)).toEqual([image.id]);
  });

  it('lets an admin edit any car and set featured; 404 for a missing car', async () => {
    const { client } = await signedUp();
    const car = (await client.post('/api/cars', newCar)).body;
    const boss = await admin();
    const res = await boss.put(`/api/cars/${car.id}`, { featured: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ featured: true, ownerId: car.ownerId, make: 'Nissan' });
    expect((await boss.put('/api/cars/999999', { featured: true })).status).toBe(404);
  });
});

describe('DELETE /api/cars/{id} and GET /api/owner/cars', () => {
  it('lists only my cars, newest first, and the admin delete removes the car, its images and files', async () => {
    const { client } = await signedUp();
    const first = (await client.post('/api/cars', newCar)).body;
    const second = (await client.post('/api/cars', { ...newCar, make: 'Mazda', model: 'RX-7' })).body;
    await (await signedUp()).client.post('/api/cars', newCar);
    const mine = await client.get('/api/owner/cars');
    expect(mine.status).toBe(200);
    expect(mine.body.map((c: { id: number }) => c.id)).toEqual([second.id, first.id]);
    expect((await new HttpClient(t.baseUrl).get('/api/owner/cars')).status).toBe(401);

    const image = (await uploadCarImage(client, first.id, await jpegBytes())).body;
    const fileUrls = [image.url, ...Object.values(image.variants)] as string[];
    for (const url of fileUrls) expect((await fetch(t.baseUrl + url)).status).toBe(200);

    const boss = await admin();
    const res = await boss.delete(`/api/cars/${first.id}`);
    expect(res.status).toBe(204);
    expect((await client.get(`/api/cars/by-id/${first.id}`)).status).toBe(404);
    for (const url of fileUrls) expect((await fetch(t.baseUrl + url)).status).toBe(404);
    expect((await client.delete(`/api/images/${image.id}`)).status).toBe(404);
    expect((await boss.delete(`/api/cars/${first.id}`)).status).toBe(404);
    expect((await client.get('/api/owner/cars')).body.map((c: { id: number }) => c.id)).toEqual([second.id]);
  });
});
