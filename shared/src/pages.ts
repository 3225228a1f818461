// The app's pages (client/src/routes.tsx; a test there keeps the two lists equal). The server sends every other path
// with 404, so crawlers and link checkers do not take "Page Not Found" for a page.

/** Paths of the pages at one address. */
export const APP_PAGE_PATHS = [
  '/',
  '/auth',
  '/reset-password',
  '/verify-email',
  '/gallery',
  '/cars',
  '/leaderboard',
  '/hall-of-fame',
  '/merch',
  '/events',
  '/terms-of-service',
  '/cart',
  '/checkout',
  '/order-success',
  '/user/orders',
  '/user/profile',
  '/upload',
  '/admin',
] as const;

/** Pages of one car each: the prefix, then the car's slug (`/cars/:slug`, `/gallery/:slug`). */
export const CAR_PAGE_PREFIXES = ['/cars/', '/gallery/'] as const;

/** Whether the path (without its query) is one of the app's pages; a car page only by its form, not its car. */
export function isAppPagePath(path: string): boolean {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  if ((APP_PAGE_PATHS as readonly string[]).includes(trimmed)) return true;
  return CAR_PAGE_PREFIXES.some((prefix) => {
    const slug = trimmed.slice(prefix.length);
    return trimmed.startsWith(prefix) && slug.length > 0 && !slug.includes('/');
  });
}
