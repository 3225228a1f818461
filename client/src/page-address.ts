// The address a server-rendered page is kept under (server/src/plugins/client.ts): for the server entry only
// (entry-server.tsx), so what it imports stays out of the browser's first download.
import { LANDING_INPUTS } from './landing-inputs';
import { parseGalleryQuery, withGalleryQuery } from './pages/gallery/query';
import { askedHallOfFameMonth } from './pages/hall-of-fame-month';
import { leaderboardMonthOf, leaderboardPeriodOf } from './pages/leaderboard-period';
import { HALL_OF_FAME_MODULE, serverPageAt } from './server-pages';

/**
 * The query string of the parameters each landing page reads, as it reads them ('' when it reads none, as the home
 * and car pages): the page rendered for any other address with the same state is the same page.
 */
const PAGE_STATE: Record<string, (search: string) => string> = {
  'src/pages/GalleryPage.tsx': (search) => withGalleryQuery('', parseGalleryQuery(search)),
  'src/pages/LeaderboardPage.tsx': (search) => {
    const state = new URLSearchParams();
    const period = leaderboardPeriodOf(search);
    if (period !== LANDING_INPUTS.leaderboard.period) state.set('period', period);
    const month = leaderboardMonthOf(search);
    if (month) state.set('month', month);
    return state.toString();
  },
  [HALL_OF_FAME_MODULE]: (search) => {
    const month = askedHallOfFameMonth(search);
    return month ? `month=${month}` : '';
  },
};

/**
 * The address of the page at `path` with `search` (its query string, without '?') as the page reads it: its path
 * %-decoded (a car page reads its slug so: `/cars/%6Dazda` is `/cars/mazda`) and only the parameters it reads, in one
 * order, out-of-range values as the page shows them (`/gallery?junk=1&pages=999999` is `/gallery?pages=9`). Addresses
 * that differ in nothing the page reads get one kept page, so neither made-up parameters nor escaped letters can make
 * the server render and keep a page per address. An address that is no landing page is kept whole.
 */
export function pageAddress(path: string, search: string): string {
  const page = serverPageAt(path, search);
  if (!page) return search ? `${path}?${search}` : path;
  const state = PAGE_STATE[page.module]?.(search) ?? '';
  const readPath = decodedPath(path);
  return state ? `${readPath}?${state}` : readPath;
}

/** `path` with its %-escapes decoded; as it is when one is malformed (the page then reports it, and is not kept). */
function decodedPath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
