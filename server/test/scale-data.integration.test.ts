import { centralMonthKey } from '@curbside/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillScale, type ScaleFill, votesOf } from '../scripts/scale-data';
import { startTestApp, type TestApp } from './app';
import { HttpClient } from './http';

// The scale bench's generator (scripts/scale-data.ts) on a small site: what the app reads back through its API —
// the leaderboard's tallies, the car and vote counts — is what the vote rows say, so the bench measures a site whose
// stored tallies are consistent, as the votes service keeps them.

const CARS = 200;
let t: TestApp;
let fill: ScaleFill;
let demoCars: number;

beforeAll(async () => {
  t = await startTestApp({ SEED_DEMO: 'true', TRUST_PROXY: 'true' });
  const ds = t.app.services.ds;
  demoCars = Number((await ds.query('SELECT COUNT(*) AS n FROM cars'))[0].n);
  fill = await fillScale(ds, { cars: CARS, users: 50, orders: 120, days: 180 });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/** Every vote row, as (car, instant). */
async function voteRows(): Promise<{ carId: number; at: Date }[]> {
  const rows: { carId: number | string; createdAt: Date | string }[] = await t.app.services.ds.query(
    'SELECT carId, createdAt FROM votes',
  );
  return rows.map((row) => ({
    carId: Number(row.carId),
    at: row.createdAt instanceof Date ? row.createdAt : new Date(`${row.createdAt.replace(' ', 'T')}Z`),
  }));
}

function countPerCar(votes: { carId: number }[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const vote of votes) counts.set(vote.carId, (counts.get(vote.carId) ?? 0) + 1);
  return counts;
}

describe('the scale bench generator', () => {
  it('adds the cars, votes, users and orders asked for', () => {
    expect(fill.cars).toBe(CARS);
    expect(fill.votes).toBe(Array.from({ length: CARS }, (_, n) => votesOf(n)).reduce((a, b) => a + b, 0));
    expect(fill.images).toBeGreaterThanOrEqual(CARS);
    expect(fill.users).toBe(50);
    expect(fill.orders).toBe(120);
    expect(fill.orderItems).toBe(120 + 40);
  });

  it("gives the admin's statistics the car count and the vote rows' count", async () => {
    const admin = new HttpClient(t.baseUrl);
    const login = await admin.post('/api/login', { email: 'admin@curbside.example', password: 'curbside-admin' });
    expect(login.status).toBe(200);
    const stats = await admin.get('/api/admin/stats');
    expect(stats.status).toBe(200);
    expect(stats.body.totalCars).toBe(demoCars + CARS);
    expect(stats.body.totalVotes).toBe((await voteRows()).length);
  });

  it("ranks the all-time leaderboard by the vote rows' counts", async () => {
    const votes = await voteRows();
    const perCar = countPerCar(votes);
    const res = await new HttpClient(t.baseUrl).get('/api/cars/top?period=all&limit=20');
    expect(res.status).toBe(200);
    const entries = res.body as { id: number; votes: number; totalVotes: number }[];
    expect(entries).toHaveLength(20);
    for (const entry of entries) {
      expect(entry.votes).toBe(perCar.get(entry.id) ?? 0);
      expect(entry.totalVotes).toBe(perCar.get(entry.id) ?? 0);
    }
    const best = [...perCar.values()].sort((a, b) => b - a).slice(0, 20);
    expect(entries.map((entry) => entry.votes)).toEqual(best);
  });

  it("ranks this month's leaderboard by the vote rows of this Central month", async () => {
    const month = centralMonthKey(new Date());
    const perCar = countPerCar((await voteRows()).filter((vote) => centralMonthKey(vote.at) === month));
    const res = await new HttpClient(t.baseUrl).get('/api/cars/top?period=month&limit=20');
    expect(res.status).toBe(200);
    const entries = res.body as { id: number; votes: number }[];
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries) expect(entry.votes).toBe(perCar.get(entry.id) ?? 0);
    const best = [...perCar.values()].sort((a, b) => b - a).slice(0, entries.length);
    expect(entries.map((entry) => entry.votes)).toEqual(best);
  });
});
