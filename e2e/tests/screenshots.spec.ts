import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { DEMO_ADMIN, demoCar, logIn } from './support';

// Screenshots of the main pages at a desktop and a phone width, saved in e2e/screenshots/ (not committed) on every
// run, once each page shows its heading and its pictures. The README's pictures in docs/screenshots/ are copies of
// some of them.

const OUT_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');
mkdirSync(OUT_DIR, { recursive: true });

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

interface Shot {
  name: string;
  path: (page: Page) => Promise<string>;
  heading: string | RegExp;
}

const SHOTS: Shot[] = [
  { name: 'home', path: async () => '/', heading: 'Featured Cars' },
  { name: 'gallery', path: async () => '/gallery', heading: 'Car Gallery' },
  {
    name: 'car',
    path: async (page) => {
      return `/cars/${(await demoCar(page.request)).slug}`;
    },
    heading: 'Meet the Owner',
  },
  { name: 'leaderboard', path: async () => '/leaderboard', heading: 'Voting Leaderboard' },
  { name: 'hall-of-fame', path: async () => '/hall-of-fame', heading: 'Hall of Fame' },
  { name: 'merch', path: async () => '/merch', heading: 'Merchandise' },
  { name: 'events', path: async () => '/events', heading: 'Upcoming Events' },
];

/** Waits until every picture in view has arrived, so the screenshot shows the page as a visitor sees it. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(async () => {
    const visible = Array.from(document.images).filter(
      (image) => image.getBoundingClientRect().top < window.innerHeight,
    );
    await Promise.all(visible.map((image) => (image.complete ? null : image.decode().catch(() => null))));
  });
}

for (const viewport of VIEWPORTS) {
  test.describe(`screenshots at ${viewport.name} width`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('the public pages', async ({ page }) => {
      for (const shot of SHOTS) {
        await page.goto(await shot.path(page));
        await expect(page.getByRole('heading', { name: shot.heading }).first()).toBeVisible();
        await settle(page);
        await page.screenshot({ path: join(OUT_DIR, `${shot.name}-${viewport.name}.png`) });
      }
    });

    test('the admin statistics', async ({ page }) => {
      await logIn(page, DEMO_ADMIN);
      await page.goto('/admin?tab=statistics');
      await expect(page.getByRole('heading', { name: 'Category Distribution' })).toBeVisible();
      await settle(page);
      await page.screenshot({ path: join(OUT_DIR, `admin-statistics-${viewport.name}.png`) });
    });
  });
}
