import { expect, type Locator, type Page, test } from '@playwright/test';

// Issue 25: a server-rendered landing page hydrates its shell at once and the rest (header, footer, the page's
// sections: HydrationUnit defer) at the visitor's first interaction. A visitor who only reads costs the phone's main
// thread none of that; the first tap is not lost, because the part under the finger is hydrated before its handlers run.

// The home page, the gallery and the leaderboard are sent as islands (islands.spec.ts): the Hall of Fame is a page the
// server renders and the app hydrates for every visitor.

const PHONE = { width: 390, height: 844 };

/** Whether React has adopted the element (hydrated it): React keeps its fiber on the DOM node. */
const hydrated = (target: Locator) =>
  target.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$')));

/** The page's scripts have arrived and run: the shell is hydrated (the main column is React's). */
async function shellHydrated(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect.poll(() => hydrated(page.locator('#main-content')), { timeout: 30_000 }).toBe(true);
}

test.describe('on a phone', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test('the footer waits for the first tap, and that tap opens the menu', async ({ page }) => {
    await page.goto('/hall-of-fame');
    await shellHydrated(page);
    const footer = page.locator('footer');
    const footerNode = await footer.elementHandle();
    expect(await hydrated(footer), 'the footer is hydrated before any interaction').toBe(false);

    // The first tap lands on the (not yet hydrated) menu button: it opens the menu.
    await page.getByRole('button', { name: 'Open navigation menu' }).tap();
    await expect(page.getByRole('button', { name: 'Close navigation menu' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Leaderboard', exact: true }).first()).toBeVisible();

    // The rest is hydrated after it, adopting the server's markup rather than drawing it again.
    await expect.poll(() => hydrated(footer), { timeout: 30_000 }).toBe(true);
    expect(await footerNode?.evaluate((node) => node.isConnected), 'the footer was drawn again').toBe(true);
  });
});

test('a keyboard visitor: the first Tab reaches the skip link and the footer is then hydrated', async ({ page }) => {
  await page.goto('/hall-of-fame');
  await shellHydrated(page);
  expect(await hydrated(page.locator('footer'))).toBe(false);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await expect.poll(() => hydrated(page.locator('footer')), { timeout: 30_000 }).toBe(true);
});

test('a first click on a part not yet hydrated navigates, and the header marks the new page only', async ({ page }) => {
  await page.goto('/hall-of-fame');
  await shellHydrated(page);
  const link = page.locator('footer').getByRole('link', { name: 'Leaderboard' });
  expect(await hydrated(link)).toBe(false);
  await link.click();
  await expect(page).toHaveURL(/\/leaderboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Voting Leaderboard');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.locator('[aria-current="page"]')).toHaveText(['Leaderboard']);
  await nav.getByRole('link', { name: 'Gallery' }).click();
  await expect(nav.locator('[aria-current="page"]')).toHaveText(['Gallery']);
});
