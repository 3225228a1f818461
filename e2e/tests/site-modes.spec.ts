import { type Browser, expect, type Page, test } from '@playwright/test';
import { DEMO_ADMIN, logIn, seeToast } from './support';

// Maintenance and coming-soon modes, switched by the demo admin in Site Settings. This file runs alone, after every
// other journey (its own Playwright project), because a site mode changes what every page shows.

test.describe.configure({ mode: 'serial' });

const MAINTENANCE_MESSAGE = 'Back at 6 with new photos from the Friday meet.';
const COMING_SOON_MESSAGE = 'The doors open soon.';

/** A visitor with no session, in a browser context of their own. */
async function visitor(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

async function openSiteSettings(page: Page) {
  await page.goto('/admin?tab=site-settings');
  await expect(page.getByRole('button', { name: 'Save Settings' })).toBeVisible();
}

test.afterAll(async ({ browser }) => {
  // Leave the site open, whatever happened above.
  const page = await visitor(browser);
  await logIn(page, DEMO_ADMIN);
  const res = await page.request.put('/api/site-settings', {
    data: {
      maintenanceMode: false,
      comingSoonMode: false,
      maintenanceMessage: '',
      comingSoonMessage: '',
      launchDate: null,
    },
  });
  expect(res.ok()).toBe(true);
});

test('maintenance mode: visitors see the maintenance page, the admin previews the site', async ({ page, browser }) => {
  await logIn(page, DEMO_ADMIN);
  await openSiteSettings(page);
  await page.getByRole('switch', { name: 'Maintenance Mode' }).check();
  await page.getByLabel('Maintenance Message').fill(MAINTENANCE_MESSAGE);
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await seeToast(page, 'Success!');

  const guest = await visitor(browser);
  for (const path of ['/', '/gallery', '/merch']) {
    await guest.goto(path);
    await expect(guest.getByRole('heading', { name: 'Under Maintenance' })).toBeVisible();
    await expect(guest.getByText(MAINTENANCE_MESSAGE)).toBeVisible();
    await expect(
      guest.getByText("We're working hard to improve the site experience. Please check back later."),
    ).toBeVisible();
  }
  // Signing in stays open, and /admin sends a visitor there.
  await guest.goto('/admin');
  await expect(guest).toHaveURL(/\/auth\?next=%2Fadmin$/);
  await expect(guest.getByRole('tab', { name: 'Log In' })).toBeVisible();

  // Preview mode lasts from page to page until the visitor leaves it.
  await guest.goto('/?preview=true');
  await expect(guest.getByText('Maintenance Mode - Admin Preview')).toBeVisible();
  await guest.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Gallery' }).click();
  await expect(guest.getByRole('heading', { name: 'Car Gallery' })).toBeVisible();
  await expect(guest.getByText('Maintenance Mode - Admin Preview')).toBeVisible();
  await guest.getByRole('button', { name: 'Leave Preview' }).click();
  await expect(guest.getByRole('heading', { name: 'Under Maintenance' })).toBeVisible();

  // The admin sees the real site with the preview banner.
  await page.goto('/gallery');
  await expect(page.getByText('Maintenance Mode - Admin Preview')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Under Maintenance' })).toHaveCount(0);
});

test('coming-soon mode shows the launch date', async ({ page, browser }) => {
  await logIn(page, DEMO_ADMIN);
  const res = await page.request.put('/api/site-settings', {
    data: {
      maintenanceMode: false,
      comingSoonMode: true,
      maintenanceMessage: '',
      comingSoonMessage: COMING_SOON_MESSAGE,
      launchDate: '2027-03-05',
    },
  });
  expect(res.ok()).toBe(true);

  const guest = await visitor(browser);
  await guest.goto('/leaderboard');
  await expect(guest.getByRole('heading', { name: 'Coming Soon' })).toBeVisible();
  await expect(guest.getByText(COMING_SOON_MESSAGE)).toBeVisible();
  await expect(guest.getByText('March 5, 2027')).toBeVisible();

  await page.goto('/');
  await expect(page.getByText('Coming Soon Mode - Admin Preview')).toBeVisible();
});
