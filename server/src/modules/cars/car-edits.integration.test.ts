import { SERVER_LIMITS } from '@curbside/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startAdminTestApp } from '../../../test/admin-session';
import { type TestApp, unique } from '../../../test/app';
import { HttpClient } from '../../../test/http';
import { register } from '../../../test/register';
import { makeCar, makeImage } from '../../../test/showcase-fixtures';
import { jpegBytes, uploadCarImage } from '../images/upload-test-helpers';
import { CarEditEntity } from './car-edit.entity';

// A car's edit drops what that car's data feeds from the read cache (its responses, the lists it is in, and the lists
// it may move into), not the whole cache: the next read of its page, the gallery and the leaderboard shows the edit,
// while responses made of other things (events, site settings) stay cached. Edits are throttled per user.

let t: TestApp;
let admin: HttpClient;
let owner: HttpClient;
let ownerId: number;
let ip = 0;
/** A visitor of its own (each counts one vote). */
const visitor = () => new HttpClient(t.baseUrl, { 'x-forwarded-for': `198.51.100.${++ip}` });

beforeAll(async () => {
  ({ t, admin, user: owner } = await startAdminTestApp());
  ownerId = (await owner.get('/api/user')).body.id;
});
afterAll(async () => {
  await t?.close();
});

/** The read cache's keys of one procedure's responses. */
const cachedOf = (procedure: string) => t.app.services.readCache.keys().filter((k) => k.startsWith(`${procedure}:`));

async function listedCar(fields: Parameters<typeof makeCar>[1] = {}) {
  const car = await makeCar(t.app.services.ds, { ownerId, ...fields });
  await makeImage(t.app.services.ds, car, { isPrimary: true });
  // Written to the database directly, past the app: drop what the cache holds, as listing a car by its first upload does.
  t.app.services.readCache.clear();
  return car;
}

/** Reads that fill the cache with responses not made of any car. */
async function readUnrelated() {
  expect((await visitor().get('/api/events/upcoming')).status).toBe(200);
  expect((await visitor().get('/api/site-settings')).status).toBe(200);
  expect(cachedOf('events.upcoming')).toHaveLength(1);
  expect(cachedOf('settings.get')).toHaveLength(1);
}

const models = (cars: { model: string }[]) => cars.map((car) => car.model);

describe("a car's edit", () => {
  it('shows at once on its page, in the gallery and on the leaderboard, and leaves unrelated responses cached', async () => {
    const car = await listedCar({ make: 'BMW', model: 'M3 E30', category: 'Euro' });
    expect((await visitor().post('/api/votes', { carId: car.id })).status).toBe(201);
    const reader = visitor();
    expect((await reader.get(`/api/cars/${car.slug}`)).body.model).toBe('M3 E30');
    expect(models((await reader.get('/api/cars?limit=100')).body)).toContain('M3 E30');
    expect(models((await reader.get('/api/cars/top?period=month')).body)).toContain('M3 E30');
    await readUnrelated();
    const clear = vi.spyOn(t.app.services.readCache, 'clear');
    try {
      expect((await owner.put(`/api/cars/${car.id}`, { model: 'M3 Sport Evolution' })).status).toBe(200);
      expect((await reader.get(`/api/cars/${car.slug}`)).body.model).toBe('M3 Sport Evolution');
      expect(models((await reader.get('/api/cars?limit=100')).body)).toContain('M3 Sport Evolution');
      expect(models((await reader.get('/api/cars/top?period=month')).body)).toContain('M3 Sport Evolution');
      expect([cachedOf('events.upcoming'), cachedOf('settings.get')].map((keys) => keys.length)).toEqual([1, 1]);
      expect(clear).not.toHaveBeenCalled();
    } finally {
      clear.mockRestore();
    }
  });

  it('moves the car into the lists it now belongs to at once; an edit that moves it nowhere keeps them', async () => {
    const car = await listedCar({ make: 'Porsche', model: '964', category: 'Euro' });
    const reader = visitor();
    const muscle = '/api/cars?limit=100&category=Muscle';
    expect(models((await reader.get(muscle)).body)).not.toContain('964');
    const featured = '/api/cars?limit=100&featured=true';
    expect(models((await reader.get(featured)).body)).not.toContain('964');
    const stats = (await reader.get('/api/stats')).body;
    const heldLists = cachedOf('cars.list').length;

    expect((await owner.put(`/api/cars/${car.id}`, { story: 'Rebuilt flat six.' })).status).toBe(200);
    expect(cachedOf('cars.list')).toHaveLength(heldLists);
    expect((await reader.get(`/api/cars/${car.slug}`)).body.story).toBe('Rebuilt flat six.');

    expect((await owner.put(`/api/cars/${car.id}`, { category: 'Muscle' })).status).toBe(200);
    expect(models((await reader.get(muscle)).body)).toContain('964');
    expect((await admin.put(`/api/cars/${car.id}`, { featured: true })).status).toBe(200);
    expect(models((await reader.get(featured)).body)).toContain('964');
    expect((await reader.get('/api/stats')).body.featuredCarsCount).toBe(stats.featuredCarsCount + 1);
  });
});

describe("a car's photos", () => {
  it('a new primary photo, the first photo and the last one deleted show at once', async () => {
    const car = await makeCar(t.app.services.ds, { ownerId, make: 'Lancia', model: 'Delta', published: false });
    const reader = visitor();
    expect((await reader.get(`/api/cars/${car.slug}`)).status).toBe(404);
    expect(models((await reader.get('/api/cars?limit=100')).body)).not.toContain('Delta');

    const first = await uploadCarImage(owner, car.id, await jpegBytes());
    expect(first.status).toBe(201);
    expect((await reader.get(`/api/cars/${car.slug}`)).status).toBe(200);
    expect(models((await reader.get('/api/cars?limit=100')).body)).toContain('Delta');
    // Listed now: the next photos change only the car.
    await readUnrelated();
    const second = await uploadCarImage(owner, car.id, await jpegBytes(320, 200, '#cc3333'));
    expect(second.status).toBe(201);
    expect([cachedOf('events.upcoming'), cachedOf('settings.get')].map((keys) => keys.length)).toEqual([1, 1]);

    const primary = await owner.request('PATCH', `/api/images/${second.body.id}/primary`, { carId: car.id });
    expect(primary.status).toBe(200);
    const shown = (await reader.get(`/api/cars/${car.slug}`)).body.images;
    expect(shown.find((image: { isPrimary: boolean }) => image.isPrimary).id).toBe(second.body.id);

    expect((await owner.delete(`/api/images/${first.body.id}`)).status).toBe(204);
    expect((await reader.get(`/api/cars/${car.slug}`)).body.images).toHaveLength(1);
    expect([cachedOf('events.upcoming'), cachedOf('settings.get')].map((keys) => keys.length)).toEqual([1, 1]);
    // The last photo unlists it.
    expect((await owner.delete(`/api/images/${second.body.id}`)).status).toBe(204);
    expect((await reader.get(`/api/cars/${car.slug}`)).status).toBe(404);
    expect(models((await reader.get('/api/cars?limit=100')).body)).not.toContain('Delta');
  });
});

describe("a car's removal", () => {
  it('takes it off its page, the gallery and the leaderboard at once', async () => {
    const car = await listedCar({ make: 'Saab', model: '900 Turbo' });
    expect((await visitor().post('/api/votes', { carId: car.id })).status).toBe(201);
    const reader = visitor();
    expect((await reader.get(`/api/cars/${car.slug}`)).status).toBe(200);
    expect(models((await reader.get('/api/cars/top?period=month')).body)).toContain('900 Turbo');
    expect(models((await reader.get('/api/cars?limit=100')).body)).toContain('900 Turbo');

    expect((await admin.delete(`/api/cars/${car.id}`)).status).toBe(204);
    expect((await reader.get(`/api/cars/${car.slug}`)).status).toBe(404);
    expect(models((await reader.get('/api/cars/top?period=month')).body)).not.toContain('900 Turbo');
    expect(models((await reader.get('/api/cars?limit=100')).body)).not.toContain('900 Turbo');
  });
});

describe('edits in a loop', () => {
  it(`are refused past ${SERVER_LIMITS.carEditsPerUser} per user with 429 and Retry-After, changing nothing; admins are not limited`, async () => {
    const editor = new HttpClient(t.baseUrl);
    const name = unique('editor');
    await register(t, editor, { username: name, email: `${name}@example.com`, password: 'editor-password-1' });
    const editorId = (await editor.get('/api/user')).body.id;
    const car = await makeCar(t.app.services.ds, { ownerId: editorId, model: 'Corolla' });
    const photo = await makeImage(t.app.services.ds, car, { isPrimary: true });
    const edits = t.app.services.ds.getRepository(CarEditEntity);

    for (let i = 1; i <= SERVER_LIMITS.carEditsPerUser; i++) {
      expect((await editor.put(`/api/cars/${car.id}`, { model: `Corolla ${i}` })).status).toBe(200);
    }
    const refused = await editor.put(`/api/cars/${car.id}`, { model: 'Corolla AE86' });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^You are making changes too quickly\. Please try again in \d+ minutes?\.$/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const photoEdit = await editor.request('PATCH', `/api/images/${photo.id}/primary`, { carId: car.id });
    expect([photoEdit.status, photoEdit.body.message]).toEqual([429, refused.body.message]);
    expect((await editor.delete(`/api/images/${photo.id}`)).status).toBe(429);
    // Nothing changed, and the refusals left no rows behind.
    expect((await visitor().get(`/api/cars/${car.slug}`)).body.model).toBe(`Corolla ${SERVER_LIMITS.carEditsPerUser}`);
    expect(await edits.countBy({ userId: editorId })).toBe(SERVER_LIMITS.carEditsPerUser);
    // Other users and admins edit on.
    expect((await admin.put(`/api/cars/${car.id}`, { model: 'Corolla GT' })).status).toBe(200);
    const own = await listedCar({ model: 'Sprinter' });
    expect((await owner.put(`/api/cars/${own.id}`, { story: 'Still mine.' })).status).toBe(200);
  });

  it('an edit refused for another reason does not count', async () => {
    const theirs = await listedCar({ ownerId: null });
    const before = await t.app.services.ds.getRepository(CarEditEntity).countBy({ userId: ownerId });
    expect((await owner.put(`/api/cars/${theirs.id}`, { model: 'Mine now' })).status).toBe(403);
    expect(await t.app.services.ds.getRepository(CarEditEntity).countBy({ userId: ownerId })).toBe(before);
  });
});
