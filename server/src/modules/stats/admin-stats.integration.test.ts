import { adminStatsSchema } from '@curbside/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, unique } from '../../../test/app';
import { HttpClient } from '../../../test/http';
import { makeCar, pastVotes } from '../../../test/showcase-fixtures';

// The dashboard's Statistics tab: GET /api/admin/stats (admin.stats.overview), counted by the database.

const ADMIN = { email: 'stats-boss@example.com', password: 'admin-password-1' };
let t: TestApp;
let admin: HttpClient;

beforeAll(async () => {
  t = await startTestApp({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  admin = new HttpClient(t.baseUrl);
  expect((await admin.post('/api/login', ADMIN)).status).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/admin/stats', () => {
  it('counts cars, featured cars, votes and cars per category (no category as null), biggest first', async () => {
    const empty = await admin.get('/api/admin/stats');
    expect(empty.status).toBe(200);
    expect(adminStatsSchema.strict().parse(empty.body)).toEqual({
      totalCars: 0,
      featuredCars: 0,
      totalVotes: 0,
      categories: [],
    });

    const ds = t.app.services.ds;
    const jdm = await makeCar(ds, { category: 'JDM', featured: true });
    await makeCar(ds, { category: 'JDM' });
    await makeCar(ds, { category: 'JDM', featured: true });
    const euro = await makeCar(ds, { category: 'Euro' });
    await makeCar(ds, { category: null });
    await pastVotes(t.app.services, jdm.id, [new Date(), new Date()]);
    await pastVotes(t.app.services, euro.id, [new Date()]);

    const res = await admin.get('/api/admin/stats');
    expect(res.status).toBe(200);
    expect(adminStatsSchema.parse(res.body)).toEqual({
      totalCars: 5,
      featuredCars: 2,
      totalVotes: 3,
      categories: [
        { category: 'JDM', count: 3 },
        { category: 'Euro', count: 1 },
        { category: null, count: 1 },
      ],
    });

    // The browser's call returns the same.
    expect((await admin.trpc('query', 'admin.stats.overview')).body.result.data).toEqual(res.body);
  });

  it("reads the cars' vote counters, not the vote rows", async () => {
    const before = adminStatsSchema.parse((await admin.get('/api/admin/stats')).body);
    await makeCar(t.app.services.ds, { category: 'Classic', totalVotes: 40 });
    const after = adminStatsSchema.parse((await admin.get('/api/admin/stats')).body);
    expect(after.totalVotes).toBe(before.totalVotes + 40);
    expect(after.totalCars).toBe(before.totalCars + 1);
  });

  it('is for admins only', async () => {
    expect((await new HttpClient(t.baseUrl).get('/api/admin/stats')).status).toBe(401);
    const user = new HttpClient(t.baseUrl);
    const name = unique('stat');
    await user.post('/api/register', { email: `${name}@example.com`, username: name, password: 'hunter22' });
    const refused = await user.get('/api/admin/stats');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Admin access required');
  });
});
