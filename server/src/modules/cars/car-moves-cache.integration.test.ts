import { centralMonthKey } from '@curbside/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp, unique } from '../../../test/app';
import { HttpClient } from '../../../test/http';
import { stopReadCacheClock } from '../../../test/read-cache-clock';
import { register } from '../../../test/register';
import { hoursAgo, makeCar, makeImage, pastVotes } from '../../../test/showcase-fixtures';
import { jpegBytes, uploadCarImage } from '../images/upload-test-helpers';
import type { CarEntity } from './car.entity';

// Every kind of write to a car — an edit of its words, of its category, featuring it, its listing by its first photo,
// its unlisting by its last, its listing again with the votes it has, its removal — drops only what the car's data
// feeds: each cached answer that shows it (or could now) is the same as one computed afresh right after the write,
// while answers made of other things (events, site settings, another category's list, another car's page) stay kept.
// The read cache's clock is stopped, so nothing expires by itself meanwhile.

let t: TestApp;
let admin: HttpClient;
let owner: HttpClient;
let reader: HttpClient;
let car: CarEntity;
let other: CarEntity;
let ip = 0;
const visitor = () => new HttpClient(t.baseUrl, { 'x-forwarded-for': `198.51.100.${++ip}` });
/** The month 40 days ago: closed, with the car's past votes in its Hall of Fame. */
const pastMonth = centralMonthKey(hoursAgo(24 * 40));

beforeAll(async () => {
  const account = { email: `${unique('boss')}@example.com`, password: 'admin-password-1' };
  t = await startTestApp({ ADMIN_EMAIL: account.email, ADMIN_PASSWORD: account.password, TRUST_PROXY: 'true' });
  admin = new HttpClient(t.baseUrl, { 'x-forwarded-for': '192.0.2.1' });
  expect((await admin.post('/api/login', account)).status).toBe(200);
  owner = new HttpClient(t.baseUrl, { 'x-forwarded-for': '192.0.2.2' });
  const name = unique('owner');
  await register(t, owner, { username: name, email: `${name}@example.com`, password: 'owner-password-1' });
  const ownerId = (await owner.get('/api/user')).body.id;
  reader = visitor();

  const ds = t.app.services.ds;
  other = await makeCar(ds, { make: 'Toyota', model: 'Supra', category: 'JDM' });
  await makeImage(ds, other, { isPrimary: true });
  const older = await makeCar(ds, { make: 'Alfa Romeo', model: 'GTV', category: 'Euro' });
  await makeImage(ds, older, { isPrimary: true });
  // Not listed yet: its first photo lists it. Its past votes put it first in a closed month's Hall of Fame.
  car = await makeCar(ds, { ownerId, make: 'BMW', model: 'M3 E30', category: 'Euro', published: false });
  await pastVotes(t.app.services, car.id, [hoursAgo(24 * 40), hoursAgo(24 * 40)]);
  await pastVotes(t.app.services, other.id, [hoursAgo(24 * 40)]);
});
afterAll(async () => {
  await t?.close();
});

const json = (value: unknown) => encodeURIComponent(JSON.stringify(value));

/** Every answer that shows the car, or would if the write moved it there. */
const showingTheCar = () => [
  `/api/cars/${car.slug}`,
  `/api/cars/by-id/${car.id}`,
  `/api/cars/${car.slug}/honours`,
  '/api/cars?limit=100',
  '/api/cars?limit=100&category=Euro',
  '/api/cars?limit=100&category=Muscle',
  '/api/cars?limit=100&featured=true',
  '/api/cars?limit=100&featured=false',
  '/api/cars?limit=100&featured=true&category=Muscle',
  `/trpc/cars.page?input=${json({ limit: 2 })}`,
  `/trpc/cars.page?input=${json({ limit: 2, category: 'Muscle' })}`,
  '/api/cars/top?period=month',
  '/api/cars/top?period=all',
  '/api/stats',
  '/api/hall-of-fame',
  `/api/hall-of-fame/${pastMonth}`,
  '/sitemap.xml',
  // Searches: one its words match, one only its edited words do, one it shares with the other cars, a full one.
  '/api/cars/search?q=bmw',
  '/api/cars/search?q=sport',
  `/trpc/cars.search?input=${json({ q: 'm', limit: 100 })}`,
  '/api/cars/search?q=e&limit=1',
];

/** Answers made of other things than the car. */
const unrelated = () => [
  '/api/events/upcoming',
  '/api/site-settings',
  '/api/cars?limit=100&category=JDM',
  `/api/cars/${other.slug}`,
];

async function readAll(paths: string[]) {
  const answers: Record<string, { status: number; text: string }> = {};
  for (const path of paths) {
    const res = await reader.get(path);
    answers[path] = { status: res.status, text: res.text };
  }
  return answers;
}

/**
 * Reads everything (so it is kept), makes the write, then checks that the answers showing the car equal answers
 * computed afresh, that the unrelated ones were kept (not computed again), and that the cache was never cleared.
 */
async function expectOnlyTheCarDropped(write: () => Promise<void>) {
  const restoreClock = stopReadCacheClock(t);
  const cache = t.app.services.readCache;
  cache.clear();
  const clear = vi.spyOn(cache, 'clear');
  try {
    await readAll(showingTheCar());
    const showingKeys = new Set(cache.keys());
    await readAll(unrelated());
    const unrelatedKeys = cache.keys().filter((key) => !showingKeys.has(key));
    expect(unrelatedKeys).toHaveLength(unrelated().length);
    await write();
    expect(clear).not.toHaveBeenCalled();
    const afterWrite = await readAll(showingTheCar());
    // The unrelated answers were kept, not computed again.
    const held = cache.keys();
    for (const key of unrelatedKeys) expect(held, key).toContain(key);
    const keptUnrelated = await readAll(unrelated());

    clear.mockRestore();
    cache.clear();
    expect(afterWrite).toEqual(await readAll(showingTheCar()));
    expect(keptUnrelated).toEqual(await readAll(unrelated()));
  } finally {
    clear.mockRestore();
    restoreClock();
  }
}

const models = (res: { body: { model: string }[] }) => res.body.map((c) => c.model);

describe('a write to a car drops only what its data feeds', () => {
  let photoId = 0;

  it('its first photo lists it', async () => {
    await expectOnlyTheCarDropped(async () => {
      const first = await uploadCarImage(owner, car.id, await jpegBytes());
      expect(first.status).toBe(201);
      photoId = first.body.id;
    });
    expect(models(await reader.get('/api/cars?limit=100&category=Euro'))).toContain('M3 E30');
    expect((await reader.get('/api/hall-of-fame')).body[0].winner.car?.id).toBe(car.id);
    // A vote of this month puts it on this month's leaderboard.
    expect((await visitor().post('/api/votes', { carId: car.id })).status).toBe(201);
  });

  it('an edit of its words', async () => {
    await expectOnlyTheCarDropped(async () => {
      expect((await owner.put(`/api/cars/${car.id}`, { model: 'M3 Sport Evolution' })).status).toBe(200);
    });
    expect(models(await reader.get('/api/cars/top?period=month'))).toContain('M3 Sport Evolution');
  });

  it('an edit of its category', async () => {
    await expectOnlyTheCarDropped(async () => {
      expect((await owner.put(`/api/cars/${car.id}`, { category: 'Muscle' })).status).toBe(200);
    });
    expect(models(await reader.get('/api/cars?limit=100&category=Muscle'))).toContain('M3 Sport Evolution');
    expect(models(await reader.get('/api/cars?limit=100&category=Euro'))).not.toContain('M3 Sport Evolution');
  });

  it('featuring it', async () => {
    const featured = (await reader.get('/api/stats')).body.featuredCarsCount;
    await expectOnlyTheCarDropped(async () => {
      expect((await admin.put(`/api/cars/${car.id}`, { featured: true })).status).toBe(200);
    });
    expect((await reader.get('/api/stats')).body.featuredCarsCount).toBe(featured + 1);
  });

  it('its last photo deleted unlists it', async () => {
    await expectOnlyTheCarDropped(async () => {
      expect((await owner.delete(`/api/images/${photoId}`)).status).toBe(204);
    });
    expect((await reader.get(`/api/cars/${car.slug}`)).status).toBe(404);
    expect(models(await reader.get('/api/cars/top?period=all'))).not.toContain('M3 Sport Evolution');
  });

  it('a new photo lists it again, with its votes', async () => {
    await expectOnlyTheCarDropped(async () => {
      expect((await uploadCarImage(owner, car.id, await jpegBytes())).status).toBe(201);
    });
    expect(models(await reader.get('/api/cars/top?period=all'))).toContain('M3 Sport Evolution');
  });

  it('its removal', async () => {
    await expectOnlyTheCarDropped(async () => {
      expect((await admin.delete(`/api/cars/${car.id}`)).status).toBe(204);
    });
    expect((await reader.get(`/api/cars/${car.slug}`)).status).toBe(404);
    expect((await reader.get('/api/hall-of-fame')).body[0].winner.car).toBeNull();
  });
});
