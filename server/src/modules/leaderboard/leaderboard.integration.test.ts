import { topCarsOutputSchema } from '@curbside/shared';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { HttpClient } from '../../../test/http';
import { hoursAgo, makeCar, makeImage, pastVotes } from '../../../test/showcase-fixtures';
import type { CarEntity } from '../cars/car.entity';
import { syncListing } from '../cars/listing';

// GET /api/cars/top: ranked by stored tallies, with the real movement against the list 24 hours earlier.

let t: TestApp;
let ip = 0;
const visitor = () => new HttpClient(t.baseUrl, { 'x-forwarded-for': `203.0.113.${++ip}` });

beforeAll(async () => {
  t = await startTestApp({ TRUST_PROXY: 'true' });
});
afterAll(async () => {
  await t?.close();
});

async function top(query: string) {
  const res = await visitor().get(`/api/cars/top${query}`);
  expect(res.status).toBe(200);
  return topCarsOutputSchema.parse(res.body);
}

describe('GET /api/cars/top', () => {
  let alpha: CarEntity;
  let bravo: CarEntity;
  let charlie: CarEntity;

  it('is empty before any vote', async () => {
    alpha = await makeCar(t.app.services.ds, { make: 'Alpha' });
    bravo = await makeCar(t.app.services.ds, { make: 'Bravo' });
    charlie = await makeCar(t.app.services.ds, { make: 'Charlie' });
    expect(await top('')).toEqual([]);
    expect(await top('?period=all&limit=20')).toEqual([]);
  });

  it('ranks by votes and shows each move against 24 hours earlier; newcomers are marked new', async () => {
    // Two days ago: Alpha 3 votes, Bravo 2. Since then Bravo got 2 more and Charlie its first.
    await pastVotes(t.app.services, alpha.id, [hoursAgo(48), hoursAgo(47), hoursAgo(46)]);
    await pastVotes(t.app.services, bravo.id, [hoursAgo(48), hoursAgo(47)]);
    for (let i = 0; i < 2; i++) expect((await visitor().post('/api/votes', { carId: bravo.id })).status).toBe(201);
    expect((await visitor().post('/api/votes', { carId: charlie.id })).status).toBe(201);

    const all = await top('?period=all&limit=20');
    expect(all.map((e) => [e.make, e.rank, e.votes, e.change, e.isNew])).toEqual([
      ['Bravo', 1, 4, 1, false],
      ['Alpha', 2, 3, -1, false],
      ['Charlie', 3, 1, null, true],
    ]);
    expect(all[0]?.totalVotes).toBe(4);
  });

  it('limits the list, and a car pushed out of the earlier list counts as new when it comes back', async () => {
    const two = await top('?period=all&limit=2');
    expect(two.map((e) => e.make)).toEqual(['Bravo', 'Alpha']);
    // 24 hours ago the top 1 was Alpha: Bravo was not in that list.
    const one = await top('?period=all&limit=1');
    expect(one.map((e) => [e.make, e.change, e.isNew])).toEqual([['Bravo', null, true]]);
  });

  it("ranks this month's votes from the month tally", async () => {
    const month = await top('?period=month&limit=3');
    // Only the votes of the current month (Central time) count; Bravo's 2 and Charlie's 1 are from today.
    const [first] = month;
    assert(first);
    expect(first).toMatchObject({ rank: 1, make: 'Bravo' });
    expect(first.votes).toBe(first.lastMonthVotes);
    expect(month.map((e) => e.make)).toContain('Charlie');
  });

  it('refuses a bad period or limit with a message naming it', async () => {
    const bad = await visitor().get('/api/cars/top?period=week');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^period/);
    expect((await visitor().get('/api/cars/top?limit=21')).status).toBe(400);
  });

  it('is the same list over /trpc', async () => {
    const res = await visitor().trpc('query', 'cars.top', { period: 'all', limit: 3 });
    expect(res.body.result.data.map((e: { make: string }) => e.make)).toEqual(['Bravo', 'Alpha', 'Charlie']);
  });

  it('finds the earlier leader even when it sits below a page of cars that all moved', async () => {
    const ds = t.app.services.ds;
    const leaderYesterday = await makeCar(ds, { make: 'Yankee' });
    await pastVotes(
      t.app.services,
      leaderYesterday.id,
      Array.from({ length: 8 }, () => hoursAgo(30)),
    );
    const risers = [];
    for (const make of ['Romeo1', 'Romeo2', 'Romeo3', 'Romeo4']) {
      const car = await makeCar(ds, { make });
      await pastVotes(
        t.app.services,
        car.id,
        Array.from({ length: 10 }, () => hoursAgo(1)),
      );
      risers.push(car);
    }
    const one = await top('?period=all&limit=1');
    expect(one.map((e) => [e.make, e.isNew])).toEqual([['Romeo1', true]]);
    const five = await top('?period=all&limit=5');
    expect(five.map((e) => [e.make, e.rank, e.change, e.isNew])).toEqual([
      ['Romeo1', 1, null, true],
      ['Romeo2', 2, null, true],
      ['Romeo3', 3, null, true],
      ['Romeo4', 4, null, true],
      ['Yankee', 5, -4, false],
    ]);
  });

  it('gives an unlisted car no place, and ranks it as soon as its first photo lists it', async () => {
    const ds = t.app.services.ds;
    const draft = await makeCar(ds, { make: 'Draft', published: false });
    // More votes this month than anyone else, through the votes service.
    for (let i = 0; i < 12; i++) expect((await visitor().post('/api/votes', { carId: draft.id })).status).toBe(201);
    const before = await top('?period=month&limit=3');
    expect(before).toHaveLength(3);
    expect(before.map((e) => e.make)).not.toContain('Draft');
    expect((await top('?period=all&limit=3')).map((e) => e.make)).not.toContain('Draft');

    await makeImage(ds, draft);
    await ds.transaction((em) => syncListing(em, draft.id));
    t.app.services.readCache.clear();
    expect((await top('?period=month&limit=3'))[0]).toMatchObject({ make: 'Draft', votes: 12 });
    expect((await top('?period=all&limit=3'))[0]).toMatchObject({ make: 'Draft', votes: 12 });
  });
});
