import { LIMITS } from '@curbside/shared';

/**
 * The inputs the landing pages query with: the pages use these, so the prefetched cache entries are theirs. Apart
 * from landing.ts, which loads the pages, so that a page importing them is no import cycle.
 */
export const LANDING_INPUTS = {
  homeTopCars: { period: 'month', limit: LIMITS.homeTopCars },
  homeFeatured: { featured: true, limit: LIMITS.galleryFetchLimit },
  gallery: { limit: LIMITS.galleryFetchLimit },
  carRankBadges: { period: 'month', limit: LIMITS.rankBadgeTop },
  leaderboard: { period: 'month', limit: LIMITS.leaderboardLimit },
} as const;
