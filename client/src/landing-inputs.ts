import { ALL_CARS_FILTER, type CarPage, type GalleryFilter, LIMITS } from '@curbside/shared';

/**
 * The inputs the landing pages query with: the pages use these, so the prefetched cache entries are theirs. Apart
 * from landing.ts, which loads the pages, so that a page importing them is no import cycle.
 */
export const LANDING_INPUTS = {
  homeTopCars: { period: 'month', limit: LIMITS.homeTopCars },
  homeFeatured: { featured: true, limit: LIMITS.galleryFetchLimit },
  carRankBadges: { period: 'month', limit: LIMITS.rankBadgeTop },
  leaderboard: { period: 'month', limit: LIMITS.leaderboardLimit },
} as const;

/** The gallery's list, a page of cards at a time by cursor (cars.page), of one category or all. */
export const galleryPageInput = (category: GalleryFilter) => ({
  limit: LIMITS.galleryPageSize,
  ...(category === ALL_CARS_FILTER ? {} : { category }),
});

/** The cursor of the page after `page` (keyset pagination); undefined after the last. */
export const galleryNextCursor = (page: CarPage) => page.nextCursor ?? undefined;

/**
 * A search's results as the gallery asks for them: the cards of the pages shown and one more (which tells whether
 * Load More has more to show), up to galleryFetchLimit. Asking for all of them at once made every search cost the
 * server the cards of eight pages. A category filters the results in the browser: then all of them are asked for.
 */
export const gallerySearchInput = (q: string, category: GalleryFilter, pages: number) => ({
  q,
  limit:
    category === ALL_CARS_FILTER
      ? Math.min(LIMITS.galleryFetchLimit, pages * LIMITS.galleryPageSize + 1)
      : LIMITS.galleryFetchLimit,
});
