import {
  addMonths,
  centralMonthKey,
  centralMonthStart,
  hallOfFameMonthSchema,
  hallOfFameWinnersSchema,
} from '@curbside/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAdminTestApp } from '../../../test/admin-session';
import type { TestApp } from '../../../test/app';
import type { HttpClient } from '../../../test/http';
import { makeCar, pastVotes } from '../../../test/showcase-fixtures';

// A closed month keeps what it honoured: deleting (or unlisting) a car that placed leaves its place, as stored when
// the month closed, marked removed; the month stays in the index and its order never changes.

let t: TestApp;
let admin: HttpClient;
const lastMonth = addMonths(centralMonthKey(new Date()), -1);
const inLastMonth = (n: number) =>
  Array.from({ length: n }, (_, i) => new Date(centralMonthStart(lastMonth).getTime() + 86_400_000 + i * 3_600_000));

beforeAll(async () => {
  ({ t, admin } = await startAdminTestApp());
});
afterAll(async () => {
  await t?.close();
});

describe('a closed month whose winner is deleted', () => {
  it('still lists the month with its #1, by the name and owner stored at closing, marked removed', async () => {
    const ds = t.app.services.ds;
    const winner = await makeCar(ds, { make: 'Winner', model: 'Gone', year: 1990, ownerName: 'Pat Lee' });
    const second = await makeCar(ds, { make: 'Runner', model: 'Up', year: 2001 });
    await pastVotes(t.app.services, winner.id, inLastMonth(3));
    await pastVotes(t.app.services, second.id, inLastMonth(1));
    // The first read closes the month.
    const closed = hallOfFameMonthSchema.parse((await admin.get(`/api/hall-of-fame/${lastMonth}`)).body);
    expect(closed.places.map((p) => [p.rank, p.name, p.car?.id])).toEqual([
      [1, '1990 Winner Gone', winner.id],
      [2, '2001 Runner Up', second.id],
    ]);

    expect((await admin.delete(`/api/cars/${winner.id}`)).status).toBe(204);

    const index = hallOfFameWinnersSchema.parse((await admin.get('/api/hall-of-fame')).body);
    expect(index.map((m) => [m.month, m.winner.rank, m.winner.name, m.winner.ownerName, m.winner.car])).toEqual([
      [lastMonth, 1, '1990 Winner Gone', 'Pat Lee', null],
    ]);
    const month = hallOfFameMonthSchema.parse((await admin.get(`/api/hall-of-fame/${lastMonth}`)).body);
    expect(month.places.map((p) => [p.rank, p.name, p.votes, p.car?.id ?? null])).toEqual([
      [1, '1990 Winner Gone', 3, null],
      [2, '2001 Runner Up', 1, second.id],
    ]);
    const overTrpc = await admin.trpc('query', 'hallOfFame.month', { month: lastMonth });
    expect(hallOfFameMonthSchema.parse(overTrpc.body.result.data)).toEqual(month);
  });
});
