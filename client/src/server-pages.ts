import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { type LandingPageAt, landingPageAt } from './landing';
import type { AppRouter } from './lib/trpc';
import { hallOfFameMonth } from './pages/hall-of-fame-month';

// The pages the server renders (entry-server.tsx) and keeps by address (page-address.ts): the landing pages
// (landing.ts), and pages that are no landing page, such as the Hall of Fame. These are not in landing.ts, which is in
// the browser's first download (at its budget): the browser hydrates them as any page the server sent (main.tsx), and
// their route loads their chunk, which the server's page links with its styles. Imported by the server entry only.

const HALL_OF_FAME_MODULE = 'src/pages/HallOfFamePage.tsx';

/** The page at `path` (a pathname; `search` its query string) the server renders, or undefined when it renders none. */
export function serverPageAt(path: string, search = ''): LandingPageAt | undefined {
  const landing = landingPageAt(path, search);
  if (landing || !/^\/hall-of-fame\/?$/.test(path)) return landing;
  return {
    module: HALL_OF_FAME_MODULE,
    load: () => import('./pages/HallOfFamePage'),
    // The closed months, then the one the page shows (the address's, else the newest): one after the other.
    prefetch: ({ queryClient, trpcClient }) => {
      const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });
      const winners = trpc.hallOfFame.winners.queryOptions();
      return [
        queryClient.prefetchQuery(winners).then(() => {
          const month = hallOfFameMonth(search, queryClient.getQueryData(winners.queryKey));
          return month ? queryClient.prefetchQuery(trpc.hallOfFame.month.queryOptions({ month })) : undefined;
        }),
      ];
    },
  };
}

export { HALL_OF_FAME_MODULE };
