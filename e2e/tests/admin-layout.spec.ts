import { expect, type Page, test } from '@playwright/test';
import { addMerchToCart, checkOutWithTestCard, DEMO_ADMIN, logIn, newUser, registerByApi } from './support';

// The admin dashboard's layout as the demo admin sees it (issue 39, item 11): the content lines up with the header,
// headings and badges are whole, and on a phone all the dashboard's tabs are one row that scrolls sideways.

/** Part 2 §2's eight tabs, Fair Votes (issue 41 part 7), API Tokens, Users and Review (issue 41). */
const ADMIN_TAB_COUNT = 12;

/** Nothing on the page is wider than the screen (no sideways scroll of the whole page). */
async function expectNoSidewaysScroll(page: Page) {
  const { scroll, view } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    view: document.documentElement.clientWidth,
  }));
  expect(scroll, 'the page does not scroll sideways').toBeLessThanOrEqual(view);
}

test('at 1280 px the dashboard lines up with the header; headings stay on one line and badges are whole', async ({
  page,
  browser,
}) => {
  // An order to list: a shopper buys one item.
  const shopper = await (await browser.newContext()).newPage();
  await registerByApi(shopper, newUser('layout'));
  await addMerchToCart(shopper);
  await checkOutWithTestCard(shopper);
  await shopper.context().close();

  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page, DEMO_ADMIN);
  await page.goto('/admin?tab=orders');
  await expect(page.getByTestId('order-row').first()).toBeVisible();

  const logo = await page.getByRole('link', { name: 'Curbside home' }).boundingBox();
  const title = await page.getByRole('heading', { name: 'Admin Dashboard' }).boundingBox();
  expect(Math.abs((title?.x ?? 0) - (logo?.x ?? 0)), 'the title starts where the logo does').toBeLessThanOrEqual(2);

  for (const heading of await page.getByRole('columnheader').all()) {
    const lines = await heading.evaluate((th) => {
      const style = getComputedStyle(th);
      const content = th.clientHeight - Number.parseFloat(style.paddingTop) - Number.parseFloat(style.paddingBottom);
      return Math.round(content / Number.parseFloat(style.lineHeight));
    });
    expect(lines, `"${await heading.textContent()}" is on one line`).toBeLessThanOrEqual(1);
  }
  const badges = page.getByTestId('order-row').first().locator('.mantine-Badge-label');
  await expect(badges).toHaveCount(2);
  for (const badge of await badges.all()) {
    const cut = await badge.evaluate((label) => label.scrollWidth > label.clientWidth + 1);
    expect(cut, `the badge "${await badge.textContent()}" is not cut short`).toBe(false);
  }
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('all the tabs are one row that scrolls sideways, with the open tab in view', async ({ page }) => {
    await logIn(page, DEMO_ADMIN);
    await page.goto('/admin?tab=site-settings');
    const tabs = page.getByRole('tab');
    await expect(tabs).toHaveCount(ADMIN_TAB_COUNT);
    const tops = new Set<number>();
    for (const tab of await tabs.all()) tops.add(Math.round((await tab.boundingBox())?.y ?? -1));
    expect(tops.size, 'every tab sits on the same row').toBe(1);

    const open = page.getByRole('tab', { name: 'Site Settings' });
    await expect(open).toHaveAttribute('aria-selected', 'true');
    // Whole, give or take a sub-pixel.
    await expect(open).toBeInViewport({ ratio: 0.95 });
    await expectNoSidewaysScroll(page);
  });
});
