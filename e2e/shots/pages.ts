import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
import { demoCar } from '../tests/support';

// The pages `npm run screenshots` shoots, in the order the gallery (docs/screenshots/README.md) shows them.

/** Where the pictures and their gallery page go. */
export const OUT_DIR = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));

/** Who looks at the page: a visitor signed out, the demo driver (an order placed, a cart with lines), the admin. */
export type Viewer = 'visitor' | 'driver' | 'admin';

/** The signed-in viewers' cookies and what the setup made, in the run's data directory (removed when it ends). */
export const stateFile = (name: 'driver' | 'admin' | 'order') =>
  join(process.env.E2E_DATA_DIR ?? '', `shots-${name}.json`);

export interface Shot {
  /** The file name's first part: docs/screenshots/<name>-<width>-<theme>.webp. */
  name: string;
  /** The gallery's heading for it. */
  title: string;
  viewer: Viewer;
  path: (page: Page, order: { paymentId: string }) => Promise<string> | string;
  /** The whole page, not just its top (one screen). */
  fullPage?: boolean;
  /** What else to wait for once the page has settled. */
  ready?: (page: Page) => Promise<void>;
}

/** The month's most-voted car, the one the home page leads with (any demo car with photos if none has a vote). */
async function carPath(page: Page): Promise<string> {
  const [top] = (await (await page.request.get('/api/cars/top?period=month&limit=1')).json()) as { slug: string }[];
  return `/cars/${top?.slug ?? (await demoCar(page.request)).slug}`;
}

/** The admin dashboard's tabs, as ?tab= names them (ADMIN_TABS in client/src/pages/AdminPage.tsx). */
const ADMIN_TABS = [
  ['cars', 'Manage Cars'],
  ['submissions', 'Submissions'],
  ['products', 'Products'],
  ['orders', 'Orders'],
  ['events', 'Events'],
  ['ads', 'Ads'],
  ['statistics', 'Statistics'],
  ['site-settings', 'Site settings'],
  ['api-tokens', 'API tokens'],
  ['review', 'Review'],
  ['users', 'Users'],
  ['fair-votes', 'Fair votes'],
] as const;

export const SHOTS: Shot[] = [
  { name: 'home', title: 'Home', viewer: 'visitor', path: () => '/' },
  { name: 'gallery', title: 'Gallery, one category (JDM)', viewer: 'visitor', path: () => '/gallery?category=JDM' },
  { name: 'car', title: 'A car', viewer: 'visitor', path: carPath },
  { name: 'car-full', title: 'A car, the whole page', viewer: 'visitor', path: carPath, fullPage: true },
  { name: 'leaderboard', title: 'Leaderboard', viewer: 'visitor', path: () => '/leaderboard' },
  { name: 'hall-of-fame', title: 'Hall of Fame', viewer: 'visitor', path: () => '/hall-of-fame' },
  { name: 'merch', title: 'Shop (merchandise)', viewer: 'visitor', path: () => '/merch' },
  { name: 'events', title: 'Events', viewer: 'visitor', path: () => '/events' },
  { name: 'cart', title: 'Cart with prints and merchandise', viewer: 'driver', path: () => '/cart' },
  { name: 'checkout', title: 'Checkout', viewer: 'driver', path: () => '/checkout' },
  {
    name: 'order-success',
    title: 'Order placed',
    viewer: 'driver',
    path: (_page, order) => `/order-success?payment_intent=${encodeURIComponent(order.paymentId)}`,
    // The order under the confetti, once it has fallen (about 3 s; canvas-confetti then takes its canvas away).
    ready: (page) => expect(page.locator('body > canvas')).toHaveCount(0, { timeout: 30_000 }),
  },
  { name: 'orders', title: 'My orders', viewer: 'driver', path: () => '/user/orders' },
  { name: 'profile', title: 'Profile', viewer: 'driver', path: () => '/user/profile' },
  { name: 'upload', title: 'Submit a car', viewer: 'driver', path: () => '/upload' },
  { name: 'upload-signed-out', title: 'Submit a car, signed out', viewer: 'visitor', path: () => '/upload' },
  { name: 'sign-in', title: 'Sign in', viewer: 'visitor', path: () => '/auth' },
  { name: 'register', title: 'Register', viewer: 'visitor', path: () => '/auth?tab=register' },
  { name: 'reset-password', title: 'Reset password', viewer: 'visitor', path: () => '/reset-password?token=demo' },
  {
    name: 'verify-email',
    title: 'Verify e-mail (a stale link)',
    viewer: 'visitor',
    path: () => '/verify-email?token=demo',
  },
  { name: 'terms', title: 'Terms of service', viewer: 'visitor', path: () => '/terms-of-service' },
  { name: 'not-found', title: 'Page not found (404)', viewer: 'visitor', path: () => '/no-such-page' },
  ...ADMIN_TABS.map(
    ([tab, label]): Shot => ({
      name: `admin-${tab}`,
      title: `Admin: ${label}`,
      viewer: 'admin',
      path: () => `/admin?tab=${tab}`,
    }),
  ),
];
