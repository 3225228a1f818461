import {
  type Car,
  carCategorySchema,
  type HallOfFameMonth,
  type HallOfFameWinners,
  type LeaderboardEntry,
  LIMITS,
  type Page,
  queryBooleanSchema,
  type TopCarsQuery,
  topCarsQuerySchema,
  type VoteOutput,
  voteInputSchema,
} from '@curbside/shared';
import type { CarPlacement } from './modules/cars/placement';
import type { CachedReadPolicy, Invalidates, ViewerVariance } from './read-cache/policy';
import { levelTag } from './read-cache/read-cache';
import type { Services } from './services';

// The read cache's policies in this app's words (the cache itself knows none: read-cache/policy.ts). Tags name what
// a cached response was made of, so a write drops exactly the responses it changed: a vote changes one car's
// tallies, the rankings that car is in or reaches, and the site counters; a write to a car (an edit, its listing by
// its first photo or unlisting by its last, its removal) changes its own responses and the lists it is in, which
// carry its tag, and moves it into the lists, rankings and counters its new placement picks it for (carMoved); cart
// lines and sessions change no cached response; every other write clears the whole cache. Searches are not cached
// (each is computed), so a car's words pick no cached response.

export const carTag = (carId: number) => `car:${carId}`;
/** Responses asked for by a car's address that show nothing of the car but whether it is public (its honours). */
export const carSlugTag = (slug: string) => `car-slug:${slug}`;
export const LEADERBOARD_TAG = 'leaderboard';
/** Anything counting votes site-wide (the home page counters). */
export const VOTES_TAG = 'votes';
/** Counters of listed cars (the home page's featured cars). */
export const CAR_COUNTS_TAG = 'car-counts';
/** The Hall of Fame's months, whose places show a car only while it is listed. */
export const HALL_OF_FAME_TAG = 'hall-of-fame';
/** The sitemap index, which gives each page the time its cars last changed: any change of a listed car moves it. */
export const SITEMAP_TAG = 'sitemap';
/**
 * Every search's results: any write to a car that is or was public drops them all (an edit may give it a word a search
 * has, a listing puts it in the searches it matches), as the cars' words are not tags.
 */
export const CAR_SEARCH_TAG = 'car-search';

/**
 * A list of cars picked by `featured` and `category` (undefined: not filtered by it). Each list response carries the
 * tag of its filter, and a car is in the lists of up to four filters (carListTags): a write that moves a car into a
 * list drops the lists of that filter; a list it leaves carries the car's tag.
 */
export const carListTag = (featured: boolean | undefined, category: string | undefined) =>
  `car-list:${featured === undefined ? '*' : featured ? 'featured' : 'unfeatured'}:${category ?? '*'}`;
/** Carried by a list whose filter cannot be read (none is kept: the cache keeps only inputs that parsed). */
const ANY_CAR_LIST_TAG = 'car-list:?';

/** The lists a listed car with this flag and category is in. */
export const carListTags = (car: { featured: boolean; category: string | null }): string[] => [
  carListTag(undefined, undefined),
  carListTag(car.featured, undefined),
  ...(car.category === null ? [] : [carListTag(undefined, car.category), carListTag(car.featured, car.category)]),
];

/** The filter tag of a list asked for with `input` (as sent: REST sends text). */
function listFilterTag(input: unknown): string {
  const sent = (input ?? {}) as { featured?: unknown; category?: unknown };
  const featured = queryBooleanSchema.optional().safeParse(sent.featured);
  const category = carCategorySchema.optional().safeParse(sent.category);
  return featured.success && category.success ? carListTag(featured.data, category.data) : ANY_CAR_LIST_TAG;
}

/** The same for everyone, changed only by writes other than votes (settings, ads, events, merchandise). */
export const sharedCache: CachedReadPolicy = { reads: () => [] };

/** Site counters, which every vote moves (and featuring, listing or removing a featured car). */
export const statsCache: CachedReadPolicy = { reads: () => [VOTES_TAG, CAR_COUNTS_TAG] };

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

/** A list of cars (the gallery, home's featured cars): its cars, and which cars it picks. */
export const carListCache: CachedReadPolicy = {
  reads: (cars: Car[], input: unknown) => [listFilterTag(input), ...cars.map((car) => carTag(car.id))],
  variesBy: 'viewer',
  personalize: personalizeList,
};

/**
 * A ranking's level tag (read-cache.ts, levelTag): a list whose last place has `votes` votes in the period (0 while
 * it has room), which a vote leaves alone unless the car's new tally reaches it.
 */
export const rankingTag = (period: TopCarsQuery['period'], votes: number) => levelTag(`leaderboard:${period}`, votes);

/**
 * A search's results (cars.search: the gallery's search, GET /api/cars/search): its cars, CAR_SEARCH_TAG, and when it
 * holds as many cars as asked (more may match), the all-time ranking's level of its fewest votes: the results are
 * ranked by words matched, then all-time votes, so a car left out can only come in by reaching the votes of one shown,
 * which a vote tells by that level (a vote for a car shown drops it by the car's tag).
 */
export const carSearchCache: CachedReadPolicy = {
  reads: (cars: Car[], input: unknown) => {
    const sent = (input ?? {}) as { limit?: unknown };
    const limit = sent.limit === undefined ? LIMITS.galleryFetchLimit : Number(sent.limit);
    const full = !(cars.length < limit);
    const fewest = cars.length > 0 ? Math.min(...cars.map((car) => car.totalVotes)) : 0;
    return [CAR_SEARCH_TAG, ...cars.map((car) => carTag(car.id)), ...(full ? [rankingTag('all', fewest)] : [])];
  },
  variesBy: 'viewer',
  personalize: personalizeList,
};

/** A page of the car list by cursor (cars.page: the gallery's Load More, the admin's car list). */
export const carPageCache: CachedReadPolicy = {
  reads: (page: Page<Car>, input: unknown) => [listFilterTag(input), ...page.items.map((car) => carTag(car.id))],
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
  reads: (months: HallOfFameWinners) => [
    HALL_OF_FAME_TAG,
    ...months.flatMap((m) => (m.winner.car ? [carTag(m.winner.car.id)] : [])),
  ],
  variesBy: 'viewer',
  personalize: (months: HallOfFameWinners, ownTags) => {
    const voted = carIdsOf(ownTags);
    return months.map((m) =>
      m.winner.car ? { ...m, winner: { ...m.winner, car: asSeenBy(m.winner.car, voted) } } : m,
    );
  },
};

export const hallOfFameMonthCache: CachedReadPolicy = {
  reads: (month: HallOfFameMonth) => [
    HALL_OF_FAME_TAG,
    ...month.places.flatMap((place) => (place.car ? [carTag(place.car.id)] : [])),
  ],
  variesBy: 'viewer',
  personalize: (month: HallOfFameMonth, ownTags) => {
    const voted = carIdsOf(ownTags);
    return { ...month, places: month.places.map((p) => (p.car ? { ...p, car: asSeenBy(p.car, voted) } : p)) };
  },
};

/** A car's honours (closed months never change): answered while the car is listed, which its address tells. */
export const carHonoursCache: CachedReadPolicy = {
  reads: (_honours: unknown, input: unknown) => {
    const slug = (input as { slug?: unknown } | undefined)?.slug;
    return [HALL_OF_FAME_TAG, ...(typeof slug === 'string' ? [carSlugTag(slug)] : [])];
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

/**
 * A write to a car that may have moved it (an edit, its listing or unlisting, its removal), from its placement before
 * (null: it is new) to after (null: removed): its own responses and those of the lists and rankings it is in (they
 * carry its tag), the lists its new placement puts it in, the rankings and Hall of Fame months it enters with its
 * votes when it becomes public, the counters it leaves or joins, and the sitemap index while it is public (its page
 * changed). Nothing else: a car never public changes only its own responses (none are kept).
 */
export function carMoved(before: CarPlacement | null, after: CarPlacement | null): string[] {
  const car = after ?? before;
  if (!car) return [];
  const was = before?.listed ? before : null;
  const is = after?.listed ? after : null;
  const tags = [carTag(car.id)];
  // The site's vote counter sums every car's votes: a removed car's leave it.
  if (before && !after && before.totalVotes > 0) tags.push(VOTES_TAG);
  if (!was && !is) return tags;
  tags.push(SITEMAP_TAG, carSlugTag(car.slug), CAR_SEARCH_TAG);
  const listsBefore = was ? carListTags(was) : [];
  const entered = is ? carListTags(is).filter((tag) => !listsBefore.includes(tag)) : [];
  if (entered.length > 0) tags.push(ANY_CAR_LIST_TAG, ...entered);
  if ((was?.featured ?? false) !== (is?.featured ?? false)) tags.push(CAR_COUNTS_TAG);
  if (is && !was) {
    if (is.monthVotes > 0) tags.push(rankingTag('month', is.monthVotes));
    if (is.totalVotes > 0) tags.push(rankingTag('all', is.totalVotes), HALL_OF_FAME_TAG);
  }
  return tags;
}

/** A new car: listed only with its first photo, so it is in nothing kept yet (its own responses are not found). */
export const carCreateInvalidates: Invalidates = (car: Car) => [carTag(car.id)];

/** A write whose resolver reports what it moved (carMoved, through noteInvalidated). */
export const carMoveInvalidates: Invalidates = () => [];

/**
 * A change of a car's photos: its own responses (and those of the lists it is in); one that listed or unlisted the
 * car (its first photo added, its last deleted) reports the car's placement since (carMoved).
 */
export const carPhotosChanged = (carId: number, listingChange: CarPlacement | null): string[] =>
  listingChange ? carMoved({ ...listingChange, listed: !listingChange.listed }, listingChange) : [carTag(carId)];

/** The primary photo changed: the car's responses (and the lists it is in). */
export const primaryPhotoInvalidates: Invalidates = (_images: unknown, input: { carId: number | string }) => [
  carTag(Number(input.carId)),
];

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
