import { createHash } from 'node:crypto';
import { addMonths, centralMonthKey, centralMonthStart } from '@curbside/shared';

// Demo votes: a few hundred, spread over this month and the two before, weighted per car and month so the monthly
// and all-time leaderboards differ, with some in the last 24 hours so rank movement shows. Deterministic.

export interface DemoVote {
  carIndex: number;
  ipHash: string;
  createdAt: Date;
}

const HOUR = 60 * 60 * 1000;
/** Votes in [two months ago, last month, this month]. */
const VOTES_PER_MONTH = [110, 130, 120] as const;
/** Of this month's votes, how many land in the last 24 hours (when the month is that old). */
const RECENT_VOTES = 24;

/** 'YYYY-MM' of the month (US Central, as the tallies count) containing `date`. */
export const monthKey = centralMonthKey;

/** A small seeded PRNG (mulberry32) so every demo database (and a test's generated set) gets the same numbers. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pickWeighted(weights: number[], r: number): number {
  const total = weights.reduce((a, b) => a + b, 0);
  let x = r * total;
  for (const [i, weight] of weights.entries()) {
    x -= weight;
    if (x < 0) return i;
  }
  return weights.length - 1;
}

/**
 * `popularity[car]` gives the car's weights for [two months ago, last month, this month]. Every vote has its own
 * fake voter (a distinct 64-character hash), so no vote breaks the one-per-IP-per-car-per-day rule.
 */
export function generateDemoVotes(popularity: [number, number, number][], now: Date): DemoVote[] {
  const rand = random(20_240_601);
  const monthStart = (offset: number) => centralMonthStart(addMonths(centralMonthKey(now), -offset));
  const votes: DemoVote[] = [];
  const add = (month: 0 | 1 | 2, from: number, to: number) => {
    const carIndex = pickWeighted(
      popularity.map((p) => p[month]),
      rand(),
    );
    const createdAt = new Date(Math.floor(from + rand() * Math.max(0, to - from)));
    const ipHash = createHash('sha256').update(`curbside-demo-voter:${votes.length}`).digest('hex');
    votes.push({ carIndex, ipHash, createdAt });
  };

  for (const [month, offset] of [
    [0, 2],
    [1, 1],
  ] as const) {
    const from = monthStart(offset).getTime();
    const to = monthStart(offset - 1).getTime();
    for (let i = 0; i < VOTES_PER_MONTH[month]; i++) add(month, from, to);
  }
  const from = monthStart(0).getTime();
  const recentFrom = Math.max(from, now.getTime() - 24 * HOUR);
  for (let i = 0; i < VOTES_PER_MONTH[2]; i++) {
    add(2, i < RECENT_VOTES ? recentFrom : from, now.getTime());
  }
  return votes.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}
