import {
  centralMonthKey,
  centralMonthStart,
  fairVoteReviewSchema,
  nextCentralMonthStart,
  topCarsOutputSchema,
  voteVoidListSchema,
  voteVoidResultSchema,
} from '@curbside/shared';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { signedIn } from '../../../test/hardening/fixtures';
import { HttpClient } from '../../../test/http';
import { makeCar } from '../../../test/showcase-fixtures';
import { hashIp, hashIpBlock } from '../../lib/client-ip';
import { CarEntity } from '../cars/car.entity';
import { HallOfFamePlaceEntity } from '../hall-of-fame/hall-of-fame.entity';
import { CarMonthlyVotesEntity } from './car-monthly-votes.entity';
import { VoteEntity } from './vote.entity';

// The fair-vote review (issue 41 part 7): an admin sees where a top car's votes came from, voids a car's votes from
// address blocks in a window, and restores them; tallies, rankings, counters and the Hall of Fame follow.

let t: TestApp;
let admin: HttpClient;
const from = (address: string) => new HttpClient(t.baseUrl, { 'x-forwarded-for': address });
const block = (address: string) => hashIpBlock(address, t.config.sessionSecret);
const HOUR = 3600_000;
const around = (now = Date.now()) => ({
  from: new Date(now - HOUR).toISOString(),
  to: new Date(now + HOUR).toISOString(),
});

beforeAll(async () => {
  t = await startTestApp({ TRUST_PROXY: 'true' });
  admin = (await signedIn(t, 'admin')).client;
});
afterAll(async () => {
  await t?.close();
});

async function monthRanking(): Promise<string[]> {
  const res = await from('192.0.2.250').get('/api/cars/top?period=month&limit=20');
  expect(res.status).toBe(200);
  return topCarsOutputSchema.parse(res.body).map((entry) => entry.make);
}

async function tallies(carId: number) {
  const car = await t.app.services.ds.getRepository(CarEntity).findOneByOrFail({ id: carId });
  const month = await t.app.services.ds
    .getRepository(CarMonthlyVotesEntity)
    .findOneBy({ carId, month: centralMonthKey(new Date()) });
  return { total: car.totalVotes, month: month?.votes ?? 0 };
}

async function siteVotes(): Promise<number> {
  const res = await admin.get('/api/admin/stats');
  expect(res.status).toBe(200);
  return res.body.totalVotes;
}

describe('the Hall of Fame closes a month on the votes left after voiding', () => {
  it('ranks a voided car below, refuses voids of an earlier month and of a closed one', async () => {
    const ds = t.app.services.ds;
    const [bought, honest] = [await makeCar(ds, { make: 'BoughtFame' }), await makeCar(ds, { make: 'HonestFame' })];
    const month = centralMonthKey(new Date());
    for (let i = 1; i <= 3; i++)
      expect((await from(`198.51.99.${i}`).post('/api/votes', { carId: bought.id })).status).toBe(201);
    for (let i = 1; i <= 2; i++)
      expect((await from(`192.0.${i}.7`).post('/api/votes', { carId: honest.id })).status).toBe(201);

    // A window reaching back into last month touches only this month's votes.
    const lastMonth = new Date(centralMonthStart(month).getTime() - 10 * 24 * HOUR).toISOString();
    const voided = await admin.post('/api/admin/fair-votes/voids', {
      carId: bought.id,
      blocks: [block('198.51.99.1')],
      from: lastMonth,
      to: around().to,
      note: 'One block, three votes in a minute',
    });
    expect(voided.status).toBe(201);
    expect(voided.body.void).toMatchObject({ votes: 3, from: centralMonthStart(month).toISOString() });

    // The month ends and closes (the Hall of Fame's clock moved past the grace): the voided votes do not count.
    await t.app.services.hallOfFame.closeFinishedMonths(new Date(nextCentralMonthStart(month).getTime() + 10 * 60_000));
    const places = await ds.getRepository(HallOfFamePlaceEntity).find({ where: { month }, order: { rank: 'ASC' } });
    const ours = places.filter((p) => p.carId === bought.id || p.carId === honest.id);
    expect(ours.map((p) => [p.name, p.votes])).toEqual([['1999 HonestFame Skyline', 2]]);

    // Closed: neither its votes nor their restore can change it any more.
    const again = await admin.post('/api/admin/fair-votes/voids', {
      carId: honest.id,
      blocks: [block('192.0.1.7')],
      ...around(),
      note: 'Too late',
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(
      'Only votes of the current month can be voided or restored: earlier months are in the Hall of Fame.',
    );
    const restore = await admin.post(`/api/admin/fair-votes/voids/${voided.body.void.id}/restore`, {});
    expect(restore.status).toBe(409);
    // The closed month goes, so the other tests find the current month open.
    await ds.query('DELETE FROM hall_of_fame_places WHERE month = ?', [month]);
    await ds.query('DELETE FROM hall_of_fame_months WHERE month = ?', [month]);
  });
});

describe('voiding and restoring votes', () => {
  it('takes a block of votes out of the tallies and the ranking, and puts them back on restore', async () => {
    const ds = t.app.services.ds;
    const bought = await makeCar(ds, { make: 'Bought' });
    const honest = await makeCar(ds, { make: 'Honest' });
    // Bought: five votes from one /24 (one through a meet card) and one from elsewhere; Honest: four from four blocks.
    for (let i = 1; i <= 5; i++) {
      const body = i === 1 ? { carId: bought.id, source: 'card' } : { carId: bought.id };
      expect((await from(`198.51.100.${i}`).post('/api/votes', body)).status).toBe(201);
    }
    // This address voted long ago: it is not first seen today.
    await ds.getRepository(VoteEntity).insert({
      carId: honest.id,
      ipHash: hashIp('203.0.113.9', t.config.sessionSecret),
      createdAt: new Date(Date.now() - 400 * 24 * HOUR),
    });
    expect((await from('203.0.113.9').post('/api/votes', { carId: bought.id })).status).toBe(201);
    for (let i = 1; i <= 4; i++) {
      expect((await from(`10.${i}.0.1`).post('/api/votes', { carId: honest.id })).status).toBe(201);
    }
    const counterBefore = await siteVotes();
    expect((await monthRanking()).filter((make) => make === 'Bought' || make === 'Honest')).toEqual([
      'Bought',
      'Honest',
    ]);

    const review = fairVoteReviewSchema.parse((await admin.get('/api/admin/fair-votes')).body);
    const row = review.cars.find((car) => car.carId === bought.id);
    assert(row);
    expect(row.votes).toBe(6);
    expect(row.busiestBlocks).toEqual([
      { block: block('198.51.100.77'), votes: 5 },
      { block: block('203.0.113.9'), votes: 1 },
    ]);
    expect(row.busiestBlocksShare).toBe(1);
    expect(row.cardEvents).toEqual([{ eventId: null, eventTitle: null, votes: 1, share: 1 / 6 }]);
    expect(row.cardShare).toBeCloseTo(1 / 6);
    expect(row.firstSeenVotes).toBe(5);
    expect(row.byDay.reduce((sum, day) => sum + day.hours.reduce((a, b) => a + b.votes, 0), 0)).toBe(6);

    const voided = await admin.post('/api/admin/fair-votes/voids', {
      carId: bought.id,
      blocks: [block('198.51.100.1')],
      ...around(),
      note: 'Five votes from one office network',
    });
    expect(voided.status).toBe(201);
    const result = voteVoidResultSchema.parse(voided.body);
    expect(result).toMatchObject({ totalVotes: 1, monthVotes: 1, void: { votes: 5, restoredAt: null } });
    expect(await tallies(bought.id)).toEqual({ total: 1, month: 1 });
    expect(await ds.getRepository(VoteEntity).countBy({ carId: bought.id })).toBe(6);
    expect((await monthRanking()).filter((make) => make === 'Bought' || make === 'Honest')).toEqual([
      'Honest',
      'Bought',
    ]);
    expect(await siteVotes()).toBe(counterBefore - 5);
    const afterVoid = fairVoteReviewSchema.parse((await admin.get('/api/admin/fair-votes')).body);
    expect(afterVoid.cars.find((car) => car.carId === bought.id)).toMatchObject({ votes: 1, voidedVotes: 5 });

    const history = voteVoidListSchema.parse((await admin.get('/api/admin/fair-votes/voids')).body);
    expect(history[0]).toMatchObject({
      id: result.void.id,
      carName: '1999 Bought Skyline',
      votes: 5,
      note: 'Five votes from one office network',
      blocks: [block('198.51.100.1')],
    });

    const restored = await admin.post(`/api/admin/fair-votes/voids/${result.void.id}/restore`, { note: 'Club meet' });
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ totalVotes: 6, monthVotes: 6, void: { restoreNote: 'Club meet' } });
    expect(await tallies(bought.id)).toEqual({ total: 6, month: 6 });
    expect((await monthRanking()).filter((make) => make === 'Bought' || make === 'Honest')).toEqual([
      'Bought',
      'Honest',
    ]);
    expect(await siteVotes()).toBe(counterBefore);
    const twice = await admin.post(`/api/admin/fair-votes/voids/${result.void.id}/restore`, {});
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('Those votes were already restored.');
  });

  it('counts every vote cast while a void runs exactly once', async () => {
    const ds = t.app.services.ds;
    const car = await makeCar(ds, { make: 'Contested' });
    for (let i = 1; i <= 10; i++) {
      expect((await from(`198.51.101.${i}`).post('/api/votes', { carId: car.id })).status).toBe(201);
    }
    const [voided, ...votes] = await Promise.all([
      admin.post('/api/admin/fair-votes/voids', {
        carId: car.id,
        blocks: [block('198.51.101.1')],
        ...around(),
        note: 'Burst',
      }),
      ...Array.from({ length: 20 }, (_, i) => from(`172.16.${i}.1`).post('/api/votes', { carId: car.id })),
    ]);
    expect(voided?.status).toBe(201);
    expect(voided?.body.void.votes).toBe(10);
    expect(votes.map((res) => res.status)).toEqual(Array.from({ length: 20 }, () => 201));
    expect(await tallies(car.id)).toEqual({ total: 20, month: 20 });
    expect(await ds.getRepository(VoteEntity).countBy({ carId: car.id })).toBe(30);
  });

  it('refuses a void that matches no counted vote, and one with a backwards window', async () => {
    const car = await makeCar(t.app.services.ds);
    const none = await admin.post('/api/admin/fair-votes/voids', {
      carId: car.id,
      blocks: [block('198.51.102.1')],
      ...around(),
      note: 'Nothing',
    });
    expect(none.status).toBe(409);
    expect(none.body.message).toBe('No counted votes of that car match those blocks and that window.');
    const { from: start, to: end } = around();
    const backwards = await admin.post('/api/admin/fair-votes/voids', {
      carId: car.id,
      blocks: [block('198.51.102.1')],
      from: end,
      to: start,
      note: 'Backwards',
    });
    expect(backwards.status).toBe(400);
  });

  it('serves a script with an admin-scope API token, and refuses a write-scope one', async () => {
    const token = async (scope: string) => {
      const res = await admin.post('/api/tokens', { name: `fair-votes ${scope}`, scope });
      expect(res.status).toBe(201);
      return new HttpClient(t.baseUrl, { authorization: `Bearer ${res.body.token}` });
    };
    const script = await token('admin');
    expect(fairVoteReviewSchema.safeParse((await script.get('/api/admin/fair-votes')).body).success).toBe(true);
    expect((await (await token('write')).get('/api/admin/fair-votes')).status).toBe(403);
  });

  it('refuses visitors and members', async () => {
    const member = (await signedIn(t, 'user')).client;
    const car = await makeCar(t.app.services.ds);
    const body = { carId: car.id, blocks: [block('198.51.103.1')], ...around(), note: 'Nope' };
    expect((await member.get('/api/admin/fair-votes')).status).toBe(403);
    expect((await member.post('/api/admin/fair-votes/voids', body)).status).toBe(403);
    expect((await new HttpClient(t.baseUrl).get('/api/admin/fair-votes')).status).toBe(401);
    expect((await new HttpClient(t.baseUrl).post('/api/admin/fair-votes/voids', body)).status).toBe(401);
  });
});
