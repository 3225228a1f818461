import { LIMITS } from '@curbside/shared';
import type { QueryClient } from '@tanstack/react-query';
import { createTRPCOptionsProxy, type TRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { AppClients } from './App';
import type { AppRouter } from './lib/trpc';

// The pages people arrive on from outside (links, search, shares). On arrival at one of them, its code and its data
// are requested at once, beside the signed-in user and the site settings, instead of one after the other: the page
// can draw after one round trip instead of three.

export const loadHomePage = () => import('./pages/HomePage');
export const loadGalleryPage = () => import('./pages/GalleryPage');
export const loadCarDetailPage = () => import('./pages/CarDetailPage');
export const loadLeaderboardPage = () => import('./pages/LeaderboardPage');

/** The inputs the landing pages query with: the pages use these, so the prefetched cache entries are theirs. */
export const LANDING_INPUTS = {
  homeTopCars: { period: 'month', limit: LIMITS.homeTopCars },
  homeFeatured: { featured: true, limit: LIMITS.galleryFetchLimit },
  gallery: { limit: LIMITS.galleryFetchLimit },
  carRankBadges: { period: 'month', limit: LIMITS.rankBadgeTop },
  leaderboard: { period: 'month', limit: LIMITS.leaderboardLimit },
} as const;

type Trpc = TRPCOptionsProxy<AppRouter>;
type Prefetch = (queryClient: QueryClient, trpc: Trpc, match: RegExpExecArray) => Promise<unknown>[];

const LANDING_PAGES: { pattern: RegExp; load: () => Promise<unknown>; prefetch: Prefetch }[] = [
  {
    pattern: /^\/$/,
    load: loadHomePage,
    prefetch: (qc, trpc) => [
      qc.prefetchQuery(trpc.stats.site.queryOptions()),
      qc.prefetchQuery(trpc.cars.top.queryOptions(LANDING_INPUTS.homeTopCars)),
      qc.prefetchQuery(trpc.cars.list.queryOptions(LANDING_INPUTS.homeFeatured)),
    ],
  },
  {
    pattern: /^\/(gallery|cars)\/?$/,
    load: loadGalleryPage,
    prefetch: (qc, trpc) => [qc.prefetchQuery(trpc.cars.list.queryOptions(LANDING_INPUTS.gallery))],
  },
  {
    pattern: /^\/(?:gallery|cars)\/([^/]+)\/?$/,
    load: loadCarDetailPage,
    prefetch: (qc, trpc, match) => [
      qc.prefetchQuery(trpc.cars.bySlug.queryOptions({ slug: decodeURIComponent(match[1] ?? '') })),
      qc.prefetchQuery(trpc.cars.top.queryOptions(LANDING_INPUTS.carRankBadges)),
    ],
  },
  {
    pattern: /^\/leaderboard\/?$/,
    load: loadLeaderboardPage,
    prefetch: (qc, trpc) => [qc.prefetchQuery(trpc.cars.top.queryOptions(LANDING_INPUTS.leaderboard))],
  },
];

/**
 * Starts fetching the landing page at `path`: its chunk and its first queries. Only a head start: any failure (a
 * request, or an address it cannot read) is left to the page, which asks again and reports it; the app starts anyway.
 */
export function preloadLanding(path: string, clients: AppClients) {
  const page = LANDING_PAGES.find((candidate) => candidate.pattern.test(path));
  const match = page?.pattern.exec(path);
  if (!page || !match) return;
  page.load().catch(() => undefined);
  const trpc = createTRPCOptionsProxy<AppRouter>({ client: clients.trpcClient, queryClient: clients.queryClient });
  try {
    for (const request of page.prefetch(clients.queryClient, trpc, match)) request.catch(() => undefined);
  } catch {
    // e.g. a malformed %-escape in a car address: the page itself shows what becomes of it
  }
}
