import type { Car, LeaderboardEntry } from '@curbside/shared';
import type { CachedReadPolicy } from './cached-reads';

// Tags name what a cached answer was made from, so a write drops exactly the answers it changed. A vote changes one
// car's tallies and possibly the ranking; every other write clears the whole cache (cached-reads.ts).

export const carTag = (carId: number) => `car:${carId}`;
export const LEADERBOARD_TAG = 'leaderboard';
/** Anything counting votes site-wide (the home page counters). */
export const VOTES_TAG = 'votes';

/**
 * `invalidatesPrecisely` of a write that changes nothing any cached read shows (a cart line, a session): the read
 * cache is left as it is.
 */
export const CHANGES_NO_CACHED_READ = true;

/** The tags a counted vote for `carId` invalidates. */
export const voteTags = (carId: number) => [carTag(carId), LEADERBOARD_TAG, VOTES_TAG];

/** The same for everyone, changed only by writes other than votes (settings, ads, events, merchandise). */
export const sharedCache: CachedReadPolicy = { tags: () => [] };

/** Site counters, which every vote moves. */
export const statsCache: CachedReadPolicy = { tags: () => [VOTES_TAG] };

/** One car (its tallies and hasVoted inside). */
export const carCache: CachedReadPolicy = {
  tags: (car: Car) => [carTag(car.id)],
  votesOfViewer: true,
};

/** A list of cars (gallery, search). */
export const carListCache: CachedReadPolicy = {
  tags: (cars: Car[]) => cars.map((car) => carTag(car.id)),
  votesOfViewer: true,
};

/** The leaderboard: any vote may reorder it. */
export const leaderboardCache: CachedReadPolicy = {
  tags: (entries: LeaderboardEntry[]) => [LEADERBOARD_TAG, ...entries.map((entry) => carTag(entry.car.id))],
  votesOfViewer: true,
};
