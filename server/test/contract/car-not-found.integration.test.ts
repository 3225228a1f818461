import { MESSAGES } from '@curbside/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jpegBytes, uploadCarImage } from '../../src/modules/images/upload-test-helpers';
import { startTestApp, type TestApp } from '../app';
import { ownerWithCar } from '../fuzz/owner-with-car';
import { HttpClient } from '../http';

// A car that is gone is "Car not found" on every call that names it. Regression: the reads, votes and link previews
// said "Car not found" while editing, deleting and photo uploads said "Car Not Found" (the car page's heading, which
// the client shows itself; the spec gives no text for the server's message).

const ADMIN = { email: 'boss@example.com', password: 'admin-password-1' };
let t: TestApp;
let owner: HttpClient;
let admin: HttpClient;
let gone: { id: number; slug: string };

beforeAll(async () => {
  t = await startTestApp({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  const made = await ownerWithCar(t, 'owner-password-1');
  owner = made.client;
  gone = made.car;
  admin = new HttpClient(t.baseUrl);
  expect((await admin.post('/api/login', ADMIN)).status).toBe(200);
  expect((await admin.delete(`/api/cars/${gone.id}`)).status).toBe(204);
});
afterAll(async () => {
  await t?.close();
});

describe('a car that is gone', () => {
  it('is "Car not found" for every call about it', async () => {
    const responses = {
      'GET /api/cars/{slug}': await owner.get(`/api/cars/${gone.slug}`),
      'GET /api/cars/by-id/{id}': await owner.get(`/api/cars/by-id/${gone.id}`),
      'PUT /api/cars/{id}': await owner.put(`/api/cars/${gone.id}`, { model: 'RX-8' }),
      'DELETE /api/cars/{id}': await admin.delete(`/api/cars/${gone.id}`),
      'POST /api/images': await uploadCarImage(owner, gone.id, await jpegBytes()),
      'POST /api/votes': await owner.post('/api/votes', { carId: gone.id }),
      'GET /api/qrcode/{slug}': await owner.get(`/api/qrcode/${gone.slug}`),
      'GET /api/share-image/{slug}.jpg': await owner.get(`/api/share-image/${gone.slug}.jpg`),
      'tRPC cars.bySlug': await owner.trpc('query', 'cars.bySlug', { slug: gone.slug }),
    };
    const seen = Object.fromEntries(
      Object.entries(responses).map(([call, res]) => [
        call,
        [res.status, res.body?.message ?? res.body?.error?.message],
      ]),
    );
    const expected = Object.fromEntries(Object.keys(responses).map((call) => [call, [404, 'Car not found']]));
    expect(seen).toEqual(expected);
    expect(MESSAGES.server.carNotFound).toBe('Car not found');
  });
});
