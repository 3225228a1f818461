import { topCarsOutputSchema } from '@curbside/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { HttpClient } from '../../../test/http';
import { stopReadCacheClock } from '../../../test/read-cache-clock';
import { hoursAgo, makeCar, pastVotes } from '../../../test/showcase-fixtures';
import type { CarEntity } from '../cars/car.entity';

// A vote changes the cached leaderboard only when its car is in it or reaches it: a vote far down the list leaves
// the cached list as it is, a vote that lifts a car into it shows at once.

let t: TestApp;
let ip = 0;
const visitor = () => new HttpClient(t.baseUrl, { 'x-forwarded-for': `203.0.113.${++ip}` });
let cars: Record<'leader' | 'second' | 'third' | 'farDown', CarEntity>;

beforeAll(async () => {
  t = await startTestApp({ TRUST_PROXY: 'true' });
  const ds = t.app.services.ds;
  cars = {
    leader: await makeCar(ds, { make: 'Leader' }),
    second: await makeCar(ds, { make: 'Second' }),
    third: await makeCar(ds, { make: 'Third' }),
    farDown: await makeCar(ds, { make: 'FarDown' }),
  };
  // Forty days ago: in an earlier month, whatever today is.
  const votes = (n: number) => Array.from({ length: n }, () => hoursAgo(24 * 40));
  await pastVotes(t.app.services, cars.leader.id, votes(6));
  await pastVotes(t.app.services, cars.second.id, votes(4));
  await pastVotes(t.app.services, cars.third.id, votes(3));
  await pastVotes(t.app.services, cars.farDown.id, votes(1));
});
afterAll(async () => {
  await t?.close();
});

let restoreClock: (() => void) | undefined;
afterEach(() => restoreClock?.());

async function top2() {
  const res = await visitor().get('/api/cars/top?period=all&limit=2');
  expect(res.status).toBe(200);
  return topCarsOutputSchema.parse(res.body).map((entry) => [entry.make, entry.votes]);
}

describe('the cached leaderboard under votes', () => {
  it("keeps the cached list through a vote on a car far down, while that car's page shows the new count", async () => {
    restoreClock = stopReadCacheClock(t);
    expect(await top2()).toEqual([
      ['Leader', 6],
      ['Second', 4],
    ]);
    // Changed behind the app's back: only a list computed again would show it.
    await t.app.services.ds.query(`UPDATE cars SET make = 'Renamed' WHERE id = ?`, [cars.leader.id]);

    const voter = visitor();
    expect((await voter.post('/api/votes', { carId: cars.farDown.id })).status).toBe(201);
    expect(await top2()).toEqual([
      ['Leader', 6],
      ['Second', 4],
    ]);
    const page = await visitor().get(`/api/cars/${cars.farDown.slug}`);
    expect(page.body).toMatchObject({ make: 'FarDown', totalVotes: 2, hasVoted: false });
    expect((await voter.get(`/api/cars/${cars.farDown.slug}`)).body).toMatchObject({ totalVotes: 2, hasVoted: true });
    await t.app.services.ds.query(`UPDATE cars SET make = 'Leader' WHERE id = ?`, [cars.leader.id]);
  });

  it('shows a car the moment a vote lifts it into the list, and a new count of a car in it', async () => {
    restoreClock = stopReadCacheClock(t);
    t.app.services.readCache.clear();
    expect(await top2()).toEqual([
      ['Leader', 6],
      ['Second', 4],
    ]);
    // Third reaches Second's 4 (the older car keeps the place on a tie), then passes it.
    expect((await visitor().post('/api/votes', { carId: cars.third.id })).status).toBe(201);
    expect(await top2()).toEqual([
      ['Leader', 6],
      ['Second', 4],
    ]);
    expect((await visitor().post('/api/votes', { carId: cars.third.id })).status).toBe(201);
    expect(await top2()).toEqual([
      ['Leader', 6],
      ['Third', 5],
    ]);
    expect((await visitor().post('/api/votes', { carId: cars.leader.id })).status).toBe(201);
    expect(await top2()).toEqual([
      ['Leader', 7],
      ['Third', 5],
    ]);
    // This month's list counts only the votes above: Third 2; FarDown and Leader 1 each, the older car first.
    const month = await visitor().get('/api/cars/top?period=month&limit=2');
    expect(topCarsOutputSchema.parse(month.body).map((entry) => [entry.make, entry.votes])).toEqual([
      ['Third', 2],
      ['Leader', 1],
    ]);
  });
});
