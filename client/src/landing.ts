import type { QueryClient } from '@tanstack/react-query';
import { createTRPCOptionsProxy, type TRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { AppClients } from './App';
import { galleryNextCursor, galleryPageInput, gallerySearchInput, LANDING_INPUTS } from './landing-inputs';
import { preloadable } from './lib/preloadable';
import type { AppRouter } from './lib/trpc';
import { parseGalleryQuery } from './pages/gallery/query';

// The pages people arrive on from outside (links, search, shares). On arrival at one of them, its code and its data
// are requested at once, beside the signed-in user and the site settings, instead of one after the other: the page
// can render after one round trip instead of three.

export const homePage = preloadable(() => import('./pages/HomePage'));
export const galleryPage = preloadable(() => import('./pages/GalleryPage'));
export const carDetailPage = preloadable(() => import('./pages/CarDetailPage'));
export const leaderboardPage = preloadable(() => import('./pages/LeaderboardPage'));

type Trpc = TRPCOptionsProxy<AppRouter>;
type Prefetch = (queryClient: QueryClient, trpc: Trpc, match: RegExpExecArray, search: string) => Promise<unknown>[];

interface LandingPage {
  pattern: RegExp;
  /** The page's module as the build manifest names it: the server links its chunk and styles from the HTML. */
  module: string;
  load: () => Promise<unknown>;
  prefetch: Prefetch;
}

const LANDING_PAGES: LandingPage[] = [
  {
    pattern: /^\/$/,
    module: 'src/pages/HomePage.tsx',
    load: homePage.load,
    prefetch: (qc, trpc) => [
      qc.prefetchQuery(trpc.stats.site.queryOptions()),
      qc.prefetchQuery(trpc.cars.top.queryOptions(LANDING_INPUTS.homeTopCars)),
      qc.prefetchQuery(trpc.cars.list.queryOptions(LANDING_INPUTS.homeFeatured)),
      qc.prefetchQuery(trpc.hallOfFame.winners.queryOptions()),
    ],
  },
  {
    pattern: /^\/(gallery|cars)\/?$/,
    module: 'src/pages/GalleryPage.tsx',
    load: galleryPage.load,
    prefetch: (qc, trpc, _match, search) => {
      // The list is read even while searching (clearing the search shows it at once), as many pages as the address
      // shows, each by the cursor of the one before; a search in the address too.
      const { category, q, pages } = parseGalleryQuery(search);
      const list = trpc.cars.page.infiniteQueryOptions(galleryPageInput(category), {
        getNextPageParam: galleryNextCursor,
      });
      return [
        qc.prefetchInfiniteQuery({ ...list, pages }),
        ...(q ? [qc.prefetchQuery(trpc.cars.search.queryOptions(gallerySearchInput(q, category, pages)))] : []),
      ];
    },
  },
  {
    pattern: /^\/(?:gallery|cars)\/([^/]+)\/?$/,
    module: 'src/pages/CarDetailPage.tsx',
    load: carDetailPage.load,
    prefetch: (qc, trpc, match) => [
      qc.prefetchQuery(trpc.cars.bySlug.queryOptions({ slug: decodeURIComponent(match[1] ?? '') })),
      qc.prefetchQuery(trpc.cars.top.queryOptions(LANDING_INPUTS.carRankBadges)),
    ],
  },
  {
    pattern: /^\/leaderboard\/?$/,
    module: 'src/pages/LeaderboardPage.tsx',
    load: leaderboardPage.load,
    prefetch: (qc, trpc) => [qc.prefetchQuery(trpc.cars.top.queryOptions(LANDING_INPUTS.leaderboard))],
  },
];

export interface LandingPageAt {
  /** The page's module as the build manifest names it. */
  module: string;
  /** Loads the page's chunk. */
  load: () => Promise<unknown>;
  /**
   * Starts the page's first queries into the clients' cache; the promises never reject (prefetchQuery), the cache
   * holds the outcome. Throws on an address it cannot read (a malformed %-escape in a car address).
   */
  prefetch: (clients: AppClients) => Promise<unknown>[];
}

/** The landing page at `path` (a pathname; `search` its query string), or undefined when `path` is not one. */
export function landingPageAt(path: string, search = ''): LandingPageAt | undefined {
  const page = LANDING_PAGES.find((candidate) => candidate.pattern.test(path));
  const match = page?.pattern.exec(path);
  if (!page || !match) return undefined;
  return {
    module: page.module,
    load: page.load,
    prefetch: (clients) => {
      const trpc = createTRPCOptionsProxy<AppRouter>({ client: clients.trpcClient, queryClient: clients.queryClient });
      return page.prefetch(clients.queryClient, trpc, match, search);
    },
  };
}

/**
 * Starts fetching the landing page at `path`: its chunk and, unless `dataToo` is false (the server sent the page
 * with its data), its first queries. Only a head start: any failure (a request, or an address it cannot read) is
 * left to the page, which asks again and reports it; the app starts anyway.
 */
export function preloadLanding(path: string, clients: AppClients, { dataToo = true, search = '' } = {}) {
  const page = landingPageAt(path, search);
  if (!page) return;
  page.load().catch(() => undefined);
  if (!dataToo) return;
  try {
    for (const request of page.prefetch(clients)) request.catch(() => undefined);
  } catch {
    // e.g. a malformed %-escape in a car address: the page itself shows what becomes of it
  }
}
