import {
  addMonths,
  carHonoursSchema,
  centralMonthKey,
  centralMonthStart,
  hallOfFameMonthSchema,
  hallOfFameWinnersSchema,
} from '@curbside/shared';
import type { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { HttpClient } from '../../../test/http';
import { makeCar, pastVotes } from '../../../test/showcase-fixtures';
import { createDataSource } from '../../db/data-source';
import { centralMonthSql, sqlDateParam } from '../../db/sql-dates';
import type { CarEntity } from '../cars/car.entity';
import { HallOfFameMonthEntity, HallOfFamePlaceEntity } from './hall-of-fame.entity';
import { CLOSE_GRACE_MS, HallOfFameService } from './hall-of-fame.service';

// The Hall of Fame: a month's final top 10, frozen once, from the vote rows, by the first read after it ends.

let t: TestApp;
let ds: DataSource;
const visitor = () => new HttpClient(t.baseUrl);
const now = new Date();
const thisMonth = centralMonthKey(now);
const lastMonth = addMonths(thisMonth, -1);
const twoMonthsAgo = addMonths(thisMonth, -2);
/** `n` instants inside `month`, an hour apart from its second day on. */
const inMonth = (month: string, n: number) =>
  Array.from({ length: n }, (_, i) => new Date(centralMonthStart(month).getTime() + 86_400_000 + i * 3_600_000));

let alpha: CarEntity;
let bravo: CarEntity;
let charlie: CarEntity;

beforeAll(async () => {
  t = await startTestApp();
  ds = t.app.services.ds;
  alpha = await makeCar(ds, { make: 'Alpha' });
  bravo = await makeCar(ds, { make: 'Bravo' });
  charlie = await makeCar(ds, { make: 'Charlie' });
  // Two months ago Charlie won; last month Bravo won, Alpha second (tied on votes with Charlie: the older car first).
  await pastVotes(t.app.services, charlie.id, inMonth(twoMonthsAgo, 4));
  await pastVotes(t.app.services, alpha.id, inMonth(twoMonthsAgo, 1));
  await pastVotes(t.app.services, bravo.id, inMonth(lastMonth, 5));
  await pastVotes(t.app.services, alpha.id, inMonth(lastMonth, 2));
  await pastVotes(t.app.services, charlie.id, inMonth(lastMonth, 2));
  // This month's votes belong to no closed month.
  await pastVotes(t.app.services, alpha.id, [new Date(now.getTime() - 60_000)]);
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/hall-of-fame', () => {
  it("lists every closed month newest first with its winner, from the month's vote rows", async () => {
    const res = await visitor().get('/api/hall-of-fame');
    expect(res.status).toBe(200);
    const months = hallOfFameWinnersSchema.parse(res.body);
    expect(months.map((m) => [m.month, m.winner.car?.make, m.winner.votes])).toEqual([
      [lastMonth, 'Bravo', 5],
      [twoMonthsAgo, 'Charlie', 4],
    ]);
  });

  it("gives a closed month's final ranking over /api and /trpc alike", async () => {
    const rest = await visitor().get(`/api/hall-of-fame/${lastMonth}`);
    expect(rest.status).toBe(200);
    const month = hallOfFameMonthSchema.parse(rest.body);
    expect(month.places.map((p) => [p.rank, p.car?.make, p.votes])).toEqual([
      [1, 'Bravo', 5],
      [2, 'Alpha', 2],
      [3, 'Charlie', 2],
    ]);
    const trpc = await visitor().get(
      `/trpc/hallOfFame.month?input=${encodeURIComponent(JSON.stringify({ month: lastMonth }))}`,
    );
    expect(trpc.status).toBe(200);
    expect(hallOfFameMonthSchema.parse(trpc.body.result.data)).toEqual(month);
  });

  it('refuses a malformed month with a message, and a month not closed yet with 404', async () => {
    const bad = await visitor().get('/api/hall-of-fame/2026-13');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('YYYY-MM');
    const open = await visitor().get(`/api/hall-of-fame/${thisMonth}`);
    expect(open.status).toBe(404);
    expect(open.body.message).toBe('That month has not closed yet, or nobody voted in it.');
  });

  it("lists a car's honours on its own path, newest first", async () => {
    const res = await visitor().get(`/api/cars/${charlie.slug}/honours`);
    expect(res.status).toBe(200);
    expect(carHonoursSchema.parse(res.body).map((h) => [h.month, h.rank])).toEqual([
      [lastMonth, 3],
      [twoMonthsAgo, 1],
    ]);
    expect((await visitor().get('/api/cars/no-such-car/honours')).status).toBe(404);
  });
});

describe('a closed month', () => {
  it('does not change when votes with its timestamps arrive later', async () => {
    // A late or replayed write: Alpha gets 10 more votes dated last month, tallies and all.
    await pastVotes(t.app.services, alpha.id, inMonth(lastMonth, 10));
    const res = await visitor().get(`/api/hall-of-fame/${lastMonth}`);
    expect(hallOfFameMonthSchema.parse(res.body).places.map((p) => [p.car?.make, p.votes])).toEqual([
      ['Bravo', 5],
      ['Alpha', 2],
      ['Charlie', 2],
    ]);
    // Another server (a service of its own, nothing in memory) reads the same frozen rows.
    const other = await new HallOfFameService(ds).month(lastMonth, { ipHash: 'x' });
    expect(other.places[0]?.car?.make).toBe('Bravo');
  });

  it('is closed exactly once when two app servers read it first at the same moment', async () => {
    // Forget the closed months, then let two servers (two connections, two services) close them together.
    await ds.query('DELETE FROM hall_of_fame_months');
    const second = await createDataSource(t.config.database);
    await second.initialize();
    try {
      const servers = [new HallOfFameService(ds), new HallOfFameService(second), new HallOfFameService(ds)];
      await Promise.all(servers.map((server) => server.closeFinishedMonths(now)));
      const months = await ds.getRepository(HallOfFameMonthEntity).find({ order: { month: 'ASC' } });
      expect(months.map((m) => m.month)).toEqual([twoMonthsAgo, lastMonth]);
      const places = await ds.getRepository(HallOfFamePlaceEntity).find({ where: { month: lastMonth } });
      expect(places).toHaveLength(3);
      // Closed again from the vote rows: the late votes above are now part of last month.
      const [winner] = (await new HallOfFameService(second).month(lastMonth, { ipHash: 'x' })).places;
      expect([winner?.car?.make, winner?.votes]).toEqual(['Alpha', 12]);
    } finally {
      await second.destroy();
    }
  });

  it('waits a few minutes after the month ends before closing it (votes still committing)', async () => {
    const justEnded = new Date(centralMonthStart(thisMonth).getTime() + CLOSE_GRACE_MS - 1000);
    await ds.query('DELETE FROM hall_of_fame_months');
    await new HallOfFameService(ds).closeFinishedMonths(justEnded);
    const closed = await ds.getRepository(HallOfFameMonthEntity).find();
    expect(closed.map((m) => m.month)).not.toContain(lastMonth);
    await new HallOfFameService(ds).closeFinishedMonths(new Date(justEnded.getTime() + 2000));
    expect((await ds.getRepository(HallOfFameMonthEntity).find()).map((m) => m.month)).toContain(lastMonth);
  });
});

describe('Central months in SQL', () => {
  it('puts each instant in the month centralMonthKey gives, across both DST seasons and a year end', async () => {
    const instants = [
      '2026-04-01T04:59:59.000Z',
      '2026-04-01T05:00:00.000Z',
      '2026-04-01T05:30:00.000Z',
      '2026-11-01T04:59:59.000Z',
      '2026-11-01T05:30:00.000Z',
      '2026-12-01T05:30:00.000Z',
      '2026-12-01T06:00:00.000Z',
      '2027-01-01T05:59:59.000Z',
      '2027-01-01T06:00:00.000Z',
      '2026-07-15T12:00:00.000Z',
    ].map((iso) => new Date(iso));
    const kind = ds.options.type === 'better-sqlite3' ? 'sqlite' : 'mysql';
    for (const instant of instants) {
      const [row] = await ds.query(
        `SELECT ${centralMonthSql(kind, 'x.createdAt')} AS month FROM (SELECT ? AS createdAt) x`,
        [sqlDateParam(ds, instant)],
      );
      expect([instant.toISOString(), row.month]).toEqual([instant.toISOString(), centralMonthKey(instant)]);
    }
  });
});
