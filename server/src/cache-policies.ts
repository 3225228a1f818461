import {
  type Car,
  type HallOfFameMonth,
  type HallOfFameWinners,
  type LeaderboardEntry,
  type Page,
  type TopCarsQuery,
  topCarsQuerySchema,
  type VoteOutput,
  voteInputSchema,
} from '@curbside/shared';
import type { CachedReadPolicy, Invalidates, ViewerVariance } from './read-cache/policy';
import { levelTag } from './read-cache/read-cache';
import type { Services } from './services';

// The read cache's policies in this app's words (the cache itself knows none: read-cache/policy.ts). Tags name what
// a cached response was made of, so a write drops exactly the responses it changed: a vote changes one car's
// tallies, the rankings that car is in or reaches, and the site counters; a car's edit changes its own responses and
// the lists it is in, and may move it into others; cart lines and sessions change no cached response; every other
// write clears the whole cache.

export const carTag = (carId: number) => `car:${carId}`;
export const LEADERBOARD_TAG = 'leaderboard';
/** Anything counting votes site-wide (the home page counters). */
export const VOTES_TAG = 'votes';
/**
 * What lists of cars are made of beyond each car's own data (which each list carries as its cars' tags): which cars
 * are listed, and the fields lists pick them by. Carried by lists and counters whose membership a car edit may change.
 */
export const CAR_LISTS_TAG = 'car-lists';
/** The sitemap index, which gives each page the time its cars last changed: any car edit moves it. */
export const SITEMAP_TAG = 'sitemap';

/** The same for everyone, changed only by writes other than votes (settings, ads, events, merchandise). */
export const sharedCache: CachedReadPolicy = { reads: () => [] };

/** Site counters, which every vote moves (and featuring or listing a car). */
export const statsCache: CachedReadPolicy = { reads: () => [VOTES_TAG, CAR_LISTS_TAG] };

/** The car ids of the car tags among `tags`. */
export function carIdsOf(tags: readonly string[]): Set<number> {
  return new Set(tags.flatMap((tag) => (tag.startsWith('car:') ? [Number(tag.slice(4))] : [])));
}

/** `car` as a viewer who voted for the cars `voted` holds sees it (shared responses say hasVoted false). */
const asSeenBy = <T extends Car>(car: T, voted: Set<number>): T =>
  voted.has(car.id) ? { ...car, hasVoted: true } : car;

/** One car (its tallies, and hasVoted: the viewer's own). */
export const carCache: CachedReadPolicy = {
  reads: (car: Car) => [carTag(car.id)],
  variesBy: 'viewer',
  personalize: (car: Car, ownTags) => asSeenBy(car, carIdsOf(ownTags)),
};

/** Marks a list's cars the viewer voted for. */
const personalizeList = <T extends Car>(cars: T[], ownTags: readonly string[]) => {
  const voted = carIdsOf(ownTags);
  return cars.map((car) => asSeenBy(car, voted));
};

/** A list of cars (gallery, search): its cars, and which cars it picks. */
export const carListCache: CachedReadPolicy = {
  reads: (cars: Car[]) => [CAR_LISTS_TAG, ...cars.map((car) => carTag(car.id))],
  variesBy: 'viewer',
  personalize: personalizeList,
};

/**
 * A ranking's level tag (read-cache.ts, levelTag): a list whose last place has `votes` votes in the period (0 while
 * it has room), which a vote leaves alone unless the car's new tally reaches it.
 */
export const rankingTag = (period: TopCarsQuery['period'], votes: number) => levelTag(`leaderboard:${period}`, votes);

/** A page of the car list by cursor (cars.page: the gallery's Load More, the admin's car list). */
export const carPageCache: CachedReadPolicy = {
  reads: (page: Page<Car>) => [CAR_LISTS_TAG, ...page.items.map((car) => carTag(car.id))],
  variesBy: 'viewer',
  personalize: (page: Page<Car>, ownTags) => ({ ...page, items: personalizeList(page.items, ownTags) }),
};

/**
 * The leaderboard: a vote changes it when its car is in it (its count) or may enter it (its new tally reaches the
 * last place's, or the list has room); writes that name LEADERBOARD_TAG drop every ranking.
 */
export const leaderboardCache: CachedReadPolicy = {
  reads: (entries: LeaderboardEntry[], input: unknown) => {
    const sent = (input ?? {}) as { period?: unknown; limit?: unknown };
    const query = topCarsQuerySchema.safeParse({
      period: sent.period,
      limit: sent.limit === undefined ? undefined : Number(sent.limit),
    });
    const byCar = entries.map((entry) => carTag(entry.id));
    // An input it cannot read (none reaches the cache, which keeps only inputs that parsed): any vote drops it.
    if (!query.success) return [LEADERBOARD_TAG, rankingTag('month', 0), rankingTag('all', 0), ...byCar];
    const last = entries.at(-1);
    const entryLevel = last && entries.length >= query.data.limit ? last.votes : 0;
    return [LEADERBOARD_TAG, rankingTag(query.data.period, entryLevel), ...byCar];
  },
  variesBy: 'viewer',
  personalize: personalizeList,
};

/**
 * The Hall of Fame: closed months never change, but the cars in them carry their current tallies (and hasVoted). A
 * month that closes appears when the cached response expires (the cache's time-to-live).
 */
export const hallOfFameCache: CachedReadPolicy = {
  reads: (months: HallOfFameWinners) => months.flatMap((m) => (m.winner.car ? [carTag(m.winner.car.id)] : [])),
  variesBy: 'viewer',
  personalize: (months: HallOfFameWinners, ownTags) => {
    const voted = carIdsOf(ownTags);
    return months.map((m) =>
      m.winner.car ? { ...m, winner: { ...m.winner, car: asSeenBy(m.winner.car, voted) } } : m,
    );
  },
};

export const hallOfFameMonthCache: CachedReadPolicy = {
  reads: (month: HallOfFameMonth) => month.places.flatMap((place) => (place.car ? [carTag(place.car.id)] : [])),
  variesBy: 'viewer',
  personalize: (month: HallOfFameMonth, ownTags) => {
    const voted = carIdsOf(ownTags);
    return { ...month, places: month.places.map((p) => (p.car ? { ...p, car: asSeenBy(p.car, voted) } : p)) };
  },
};

/**
 * A counted vote: its car's responses (the rankings it is in among them), the rankings its new tallies may enter,
 * and the site counters.
 */
export const voteInvalidates: Invalidates = (totals: VoteOutput, input: unknown) => {
  const { carId } = voteInputSchema.parse(input);
  return [carTag(carId), rankingTag('month', totals.lastMonthVotes), rankingTag('all', totals.totalVotes), VOTES_TAG];
};

/** Fields of a car that lists pick or find cars by: an edit of one may move the car into a list it is not in. */
const LISTED_BY = ['make', 'model', 'ownerName', 'category', 'featured'];

/** A car's edit: its own responses (and the lists it is in, which carry its tag); all lists when it may move. */
export const carEditInvalidates: Invalidates = (car: Car, input: Record<string, unknown>) => [
  carTag(car.id),
  SITEMAP_TAG,
  ...(LISTED_BY.some((field) => input[field] !== undefined) ? [CAR_LISTS_TAG] : []),
];

/**
 * A change of a car's photos: its own responses (and those of the lists it is in). One that lists or unlists the car
 * (its first photo added, its last deleted), like a car's removal, changes every list of cars, the ranking, the
 * counters and the sitemap, which carries no tags: it drops everything.
 */
export const carPhotosChanged = (carId: number, listingChanged: boolean): string[] | 'everything' =>
  listingChanged ? 'everything' : [carTag(carId)];

/** The primary photo changed: the car's responses (and the lists it is in). */
export const primaryPhotoInvalidates: Invalidates = (_images: unknown, input: { carId: number | string }) => [
  carTag(Number(input.carId)),
];

/** A photo deleted: what carPhotosChanged names, for the car its resolver found (noteInvalidated). */
export const photoDeleteInvalidates: Invalidates = () => [];

/**
 * A viewer is keyed by the hash of their address (`ctx.ipHash`, what vote limits store). The shared responses are
 * computed for this key, under which no vote is ever stored (a real one is 64 hex digits): hasVoted is false in them.
 */
export const SHARED_VIEWER = 'non-voter';

/**
 * Viewers with a vote inside the cooldown see responses of their own: the shared ones, with hasVoted true on the cars
 * they voted for (their tags).
 */
export const viewersOf = (services: Pick<Services, 'recentVoters'>): ViewerVariance => ({
  seesOwnResponses: (ipHash) => services.recentVoters.includes(ipHash),
  ownTags: (ipHash) => services.recentVoters.votedCarsOf(ipHash).map(carTag),
});
