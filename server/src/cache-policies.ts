import {
  type Car,
  type HallOfFameMonth,
  type HallOfFameWinners,
  type LeaderboardEntry,
  type Page,
  voteInputSchema,
} from '@curbside/shared';
import type { CachedReadPolicy, Invalidates, ViewerVariance } from './read-cache/policy';
import type { Services } from './services';

// The read cache's policies in this app's words (the cache itself knows none: read-cache/policy.ts). Tags name what
// a cached response was made of, so a write drops exactly the responses it changed: a vote changes one car's
// tallies and possibly the ranking and the site counters; cart lines and sessions change no cached response; every
// other write clears the whole cache.

export const carTag = (carId: number) => `car:${carId}`;
export const LEADERBOARD_TAG = 'leaderboard';
/** Anything counting votes site-wide (the home page counters). */
export const VOTES_TAG = 'votes';

/** The same for everyone, changed only by writes other than votes (settings, ads, events, merchandise). */
export const sharedCache: CachedReadPolicy = { reads: () => [] };

/** Site counters, which every vote moves. */
export const statsCache: CachedReadPolicy = { reads: () => [VOTES_TAG] };

/** One car (its tallies, and hasVoted: the viewer's own). */
export const carCache: CachedReadPolicy = {
  reads: (car: Car) => [carTag(car.id)],
  variesBy: 'viewer',
};

/** A list of cars (gallery, search). */
export const carListCache: CachedReadPolicy = {
  reads: (cars: Car[]) => cars.map((car) => carTag(car.id)),
  variesBy: 'viewer',
};

/** A page of the car list by cursor (cars.page: the gallery's Load More, the admin's car list). */
export const carPageCache: CachedReadPolicy = {
  reads: (page: Page<Car>) => page.items.map((car) => carTag(car.id)),
  variesBy: 'viewer',
};

/** The leaderboard: any vote may reorder it. */
export const leaderboardCache: CachedReadPolicy = {
  reads: (entries: LeaderboardEntry[]) => [LEADERBOARD_TAG, ...entries.map((entry) => carTag(entry.id))],
  variesBy: 'viewer',
};

/**
 * The Hall of Fame: closed months never change, but the cars in them carry their current tallies (and hasVoted). A
 * month that closes appears when the cached response expires (the cache's time-to-live).
 */
export const hallOfFameCache: CachedReadPolicy = {
  reads: (months: HallOfFameWinners) => months.flatMap((m) => (m.winner.car ? [carTag(m.winner.car.id)] : [])),
  variesBy: 'viewer',
};

export const hallOfFameMonthCache: CachedReadPolicy = {
  reads: (month: HallOfFameMonth) => month.places.flatMap((place) => (place.car ? [carTag(place.car.id)] : [])),
  variesBy: 'viewer',
};

/** A counted vote: its car's responses, the leaderboard and the site counters. */
export const voteInvalidates: Invalidates = (_totals: unknown, input: unknown) => {
  const { carId } = voteInputSchema.parse(input);
  return [carTag(carId), LEADERBOARD_TAG, VOTES_TAG];
};

/**
 * A viewer is keyed by the hash of their address (`ctx.ipHash`, what vote limits store). The shared responses are
 * computed for this key, under which no vote is ever stored (a real one is 64 hex digits): hasVoted is false in them.
 */
export const SHARED_VIEWER = 'non-voter';

/** Viewers with a vote inside the cooldown see responses of their own (hasVoted true for that car). */
export const viewersOf = (services: Pick<Services, 'recentVoters'>): ViewerVariance => ({
  seesOwnResponses: (ipHash) => services.recentVoters.includes(ipHash),
});
