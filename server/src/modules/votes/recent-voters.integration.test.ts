import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, unique } from '../../../test/app';
import { hoursAgo, makeCar } from '../../../test/showcase-fixtures';
import { sqlDateParam } from '../../db/sql-dates';
import { RecentVoters } from './recent-voters';

// The index of recent voters, as a second app server keeps it: loaded from the database, then refreshed with the
// votes other servers add. A voter it misses would be given a cached car page saying they have not voted.

let t: TestApp;
let carId: number;

beforeAll(async () => {
  t = await startTestApp();
  carId = (await makeCar(t.app.services.ds)).id;
});
afterAll(async () => {
  await t?.close();
});

/**
 * What another app server's counted vote leaves behind: its cooldown row (unless 'votes only': the pair's row is
 * there already) and its vote row, with `id` when given.
 */
async function voteElsewhere(
  ipHash: string,
  at: Date,
  id?: number,
  car = carId,
  rows: 'both' | 'votes only' = 'both',
): Promise<void> {
  const ds = t.app.services.ds;
  const when = sqlDateParam(ds, at);
  const carId = car;
  if (rows === 'both') {
    await ds.query('INSERT INTO vote_limits (carId, ipHash, lastVotedAt) VALUES (?, ?, ?)', [carId, ipHash, when]);
  }
  if (id === undefined) {
    await ds.query('INSERT INTO votes (carId, ipHash, createdAt) VALUES (?, ?, ?)', [carId, ipHash, when]);
  } else {
    await ds.query('INSERT INTO votes (id, carId, ipHash, createdAt) VALUES (?, ?, ?, ?)', [id, carId, ipHash, when]);
  }
}

async function newestVoteId(): Promise<number> {
  const [row] = await t.app.services.ds.query('SELECT MAX(id) AS id FROM votes');
  return Number(row.id);
}

describe('RecentVoters', () => {
  it('loads the voters of the last 24 hours at start, and not those of before', async () => {
    const recent = unique('recent');
    const expired = unique('expired');
    await voteElsewhere(recent, hoursAgo(23));
    await voteElsewhere(expired, hoursAgo(25));
    const index = new RecentVoters(t.app.services.ds);
    await index.refresh();
    expect(index.includes(recent)).toBe(true);
    expect(index.includes(expired)).toBe(false);
  });

  it('learns of votes other servers add after it loaded, whatever time their clocks wrote', async () => {
    const index = new RecentVoters(t.app.services.ds);
    await index.refresh();
    const later = unique('later');
    const slowClock = unique('slow-clock');
    await voteElsewhere(later, new Date());
    expect(index.includes(later)).toBe(false);
    await index.refresh();
    expect(index.includes(later)).toBe(true);
    // A server whose clock is an hour behind: its vote is written after the newest one read, dated before it.
    await voteElsewhere(slowClock, hoursAgo(1));
    await index.refresh();
    expect(index.includes(slowClock)).toBe(true);
  });

  it('still learns of a vote whose transaction committed after one with a higher id was read', async () => {
    const index = new RecentVoters(t.app.services.ds);
    await index.refresh();
    // Another server took id n+1, then a vote with id n+2 was committed and read before n+1's commit.
    const first = (await newestVoteId()) + 1;
    const committedFirst = unique('committed-first');
    const committedLate = unique('committed-late');
    await voteElsewhere(committedFirst, new Date(), first + 1);
    await index.refresh();
    expect(index.includes(committedFirst)).toBe(true);
    await voteElsewhere(committedLate, new Date(), first);
    await index.refresh();
    expect(index.includes(committedLate)).toBe(true);
  });

  it('forgets a voter once their vote is 24 hours old', async () => {
    let now = Date.now();
    const index = new RecentVoters(t.app.services.ds, () => now);
    const voter = unique('voter');
    index.record(voter, new Date(now), carId);
    await index.refresh();
    expect(index.includes(voter)).toBe(true);
    expect(index.votedCarsOf(voter)).toEqual([carId]);
    now += 24 * 3600_000 + 1;
    await index.refresh();
    expect(index.includes(voter)).toBe(false);
    expect(index.votedCarsOf(voter)).toEqual([]);
  });

  it('knows which cars each voter voted for: from the database, from other servers, each for 24 hours', async () => {
    const other = (await makeCar(t.app.services.ds)).id;
    const voter = unique('voter');
    await voteElsewhere(voter, hoursAgo(25));
    await voteElsewhere(voter, hoursAgo(2), undefined, other);
    const index = new RecentVoters(t.app.services.ds);
    await index.refresh();
    expect(index.votedCarsOf(voter)).toEqual([other]);
    await voteElsewhere(voter, new Date(), undefined, carId, 'votes only');
    await index.refresh();
    expect(index.votedCarsOf(voter).sort((a, b) => a - b)).toEqual([carId, other].sort((a, b) => a - b));
    expect(index.votedCarsOf(unique('nobody'))).toEqual([]);
  });
});
