import { randomBytes } from 'node:crypto';
import { carSchema, centralMonthStart, voteOutputSchema } from '@curbside/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { HttpClient } from '../../../test/http';
import { hoursAgo, makeCar, pastVotes } from '../../../test/showcase-fixtures';
import { hashIp } from '../../lib/client-ip';
import { VoteEntity } from './vote.entity';
import { VoteLimitEntity } from './vote-limit.entity';

// POST /api/votes: one vote per IP per car per rolling 24 hours, decided by the database.

let t: TestApp;
let ipCounter = 0;
/** A visitor from an address of its own (TRUST_PROXY: the first X-Forwarded-For hop is the client). */
const visitor = () => new HttpClient(t.baseUrl, { 'x-forwarded-for': `198.51.100.${++ipCounter}` });

beforeAll(async () => {
  t = await startTestApp({ TRUST_PROXY: 'true' });
});
afterAll(async () => {
  await t?.close();
});

describe('POST /api/votes', () => {
  it('counts a vote, returns the new tallies, and marks the car as voted for that visitor only', async () => {
    const car = await makeCar(t.app.services.ds);
    const voter = visitor();
    const res = await voter.post('/api/votes', { carId: car.id });
    expect(res.status).toBe(201);
    expect(voteOutputSchema.strict().parse(res.body)).toEqual({ totalVotes: 1, lastMonthVotes: 1 });

    const seen = carSchema.parse((await voter.get(`/api/cars/${car.slug}`)).body);
    expect(seen).toMatchObject({ hasVoted: true, totalVotes: 1, lastMonthVotes: 1 });
    expect((await visitor().get(`/api/cars/${car.slug}`)).body.hasVoted).toBe(false);
  });

  it('refuses a second vote within 24 hours with 429 and the message the visitor sees, changing nothing', async () => {
    const car = await makeCar(t.app.services.ds);
    const voter = visitor();
    expect((await voter.post('/api/votes', { carId: car.id })).status).toBe(201);
    const again = await voter.post('/api/votes', { carId: car.id });
    expect(again.status).toBe(429);
    expect(again.body.message).toBe('You can vote for this car again after 24 hours.');
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(86_000);
    expect((await voter.get(`/api/cars/${car.slug}`)).body.totalVotes).toBe(1);
    expect(await t.app.services.ds.getRepository(VoteEntity).countBy({ carId: car.id })).toBe(1);

    // Another address may vote; the same address may vote for another car.
    expect((await visitor().post('/api/votes', { carId: car.id })).body.totalVotes).toBe(2);
    const other = await makeCar(t.app.services.ds);
    expect((await voter.post('/api/votes', { carId: other.id })).status).toBe(201);
  });

  it('counts again once the 24 hours have passed', async () => {
    const ds = t.app.services.ds;
    const car = await makeCar(ds);
    const voter = visitor();
    expect((await voter.post('/api/votes', { carId: car.id })).status).toBe(201);
    await ds.getRepository(VoteLimitEntity).update({ carId: car.id }, { lastVotedAt: hoursAgo(24.01) });
    const later = await voter.post('/api/votes', { carId: car.id });
    expect(later.status).toBe(201);
    expect(later.body.totalVotes).toBe(2);
  });

  it('keeps the month tally apart from the all-time total', async () => {
    const ds = t.app.services.ds;
    const car = await makeCar(ds);
    // An hour before the month began in Central time (in UTC that may still be the same month).
    const lastMonth = new Date(centralMonthStart(new Date()).getTime() - 3600_000);
    await pastVotes(t.app.services, car.id, [lastMonth, lastMonth]);
    const res = await visitor().post('/api/votes', { carId: car.id });
    expect(res.body).toEqual({ totalVotes: 3, lastMonthVotes: 1 });
  });

  it('counts 50 simultaneous votes from one address for one car exactly once', async () => {
    const car = await makeCar(t.app.services.ds);
    const voter = visitor();
    const responses = await Promise.all(Array.from({ length: 50 }, () => voter.post('/api/votes', { carId: car.id })));
    const statuses = responses.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(49);
    const stored = carSchema.parse((await voter.get(`/api/cars/${car.slug}`)).body);
    expect([stored.totalVotes, stored.lastMonthVotes]).toEqual([1, 1]);
    expect(await t.app.services.ds.getRepository(VoteEntity).countBy({ carId: car.id })).toBe(1);
  });

  it('counts 30 simultaneous votes from different addresses every one', async () => {
    const car = await makeCar(t.app.services.ds);
    const responses = await Promise.all(
      Array.from({ length: 30 }, () => visitor().post('/api/votes', { carId: car.id })),
    );
    expect(responses.every((a) => a.status === 201)).toBe(true);
    expect((await visitor().get(`/api/cars/${car.slug}`)).body.totalVotes).toBe(30);
  });

  it('counts a burst of votes over several cars exactly once per visitor and car, tallies included', async () => {
    const ds = t.app.services.ds;
    const cars = await Promise.all(Array.from({ length: 5 }, () => makeCar(ds)));
    const voters = Array.from({ length: 20 }, () => visitor());
    // Every visitor votes twice for every car, all at once: 200 requests, 100 of which may count.
    const calls = voters.flatMap((voter) => cars.flatMap((car) => [car, car].map(() => ({ voter, car }))));
    const responses = await Promise.all(calls.map(({ voter, car }) => voter.post('/api/votes', { carId: car.id })));
    expect(responses.filter((a) => a.status === 201)).toHaveLength(100);
    expect(responses.filter((a) => a.status === 429)).toHaveLength(100);
    for (const car of cars) {
      const stored = carSchema.parse((await visitor().get(`/api/cars/${car.slug}`)).body);
      expect([stored.totalVotes, stored.lastMonthVotes]).toEqual([20, 20]);
      expect(await ds.getRepository(VoteEntity).countBy({ carId: car.id })).toBe(20);
    }
  });

  it('counts an IPv4 address as one voter however a proxy spells it (IPv4-mapped IPv6 included)', async () => {
    const car = await makeCar(t.app.services.ds);
    const from = (address: string) => new HttpClient(t.baseUrl, { 'x-forwarded-for': address });
    expect((await from('203.0.113.77').post('/api/votes', { carId: car.id })).status).toBe(201);
    for (const spelling of ['::ffff:cb00:714d', '0:0:0:0:0:ffff:203.0.113.77', '::FFFF:203.0.113.77']) {
      expect((await from(spelling).post('/api/votes', { carId: car.id })).status, spelling).toBe(429);
    }
  });

  it('keeps a cooldown made before SESSION_SECRET is rotated (new,old) and stores votes under the new key', async () => {
    const oldSecret = randomBytes(32).toString('hex');
    const newSecret = randomBytes(32).toString('hex');
    const rotated = await startTestApp({ TRUST_PROXY: 'true', SESSION_SECRET: `${newSecret},${oldSecret}` });
    try {
      const ds = rotated.app.services.ds;
      const [before, after] = [await makeCar(ds), await makeCar(ds)];
      // A vote of 203.0.113.90 an hour before the rotation, as the server then stored it.
      await ds.getRepository(VoteLimitEntity).insert({
        carId: before.id,
        ipHash: hashIp('203.0.113.90', oldSecret),
        lastVotedAt: hoursAgo(1),
      });
      const voter = new HttpClient(rotated.baseUrl, { 'x-forwarded-for': '203.0.113.90' });
      expect((await voter.post('/api/votes', { carId: before.id })).status).toBe(429);
      expect((await voter.post('/api/votes', { carId: after.id })).status).toBe(201);
      // Stored under the first secret's key, which step 2 (SESSION_SECRET=new) keeps.
      const stored = await ds.getRepository(VoteLimitEntity).findOneByOrFail({ carId: after.id });
      expect(stored.ipHash).toBe(hashIp('203.0.113.90', newSecret));
    } finally {
      await rotated.close();
    }
  });

  it('responds with 404 "Car not found" for a missing car and 400 for a bad id', async () => {
    const missing = await visitor().post('/api/votes', { carId: 999_999 });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Car not found');
    const bad = await visitor().post('/api/votes', { carId: 'abc' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^carId/);
  });

  it('works the same over /trpc', async () => {
    const car = await makeCar(t.app.services.ds);
    const voter = visitor();
    const first = await voter.trpc('mutation', 'votes.cast', { carId: car.id });
    expect(first.body.result.data).toEqual({ totalVotes: 1, lastMonthVotes: 1 });
    const second = await voter.trpc('mutation', 'votes.cast', { carId: car.id });
    expect(second.status).toBe(429);
    expect(second.body.error.message).toBe('You can vote for this car again after 24 hours.');
  });
});
