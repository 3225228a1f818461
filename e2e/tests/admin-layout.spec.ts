import { expect, type Page, test } from '@playwright/test';
import {
  addMerchToCart,
  checkOutWithTestCard,
  DEMO_ADMIN,
  fillAdminLists,
  logIn,
  newUser,
  registerByApi,
} from './support';

// The admin dashboard's layout as the demo admin sees it (issue 39, item 11): the content lines up with the header,
// headings and badges are whole, every tab is reachable and in view at 390, 1280 and 1920 px (on a phone one row that
// scrolls sideways, its edges faded where tabs lie out of sight), and the arrow keys and each tab's address work.

/** Part 2 §2's eight tabs and API Tokens, then the trust and safety group (issue 41): Review, Users, Fair Votes. */
const ADMIN_TABS = [
  ['cars', 'Manage Cars'],
  ['submissions', 'Submissions'],
  ['products', 'Products'],
  ['orders', 'Order Management'],
  ['events', 'Events'],
  ['ads', 'Advertisements'],
  ['statistics', 'Statistics'],
  ['site-settings', 'Site Settings'],
  ['api-tokens', 'API Tokens'],
  ['review', 'Review'],
  ['users', 'Users'],
  ['fair-votes', 'Fair Votes'],
] as const;
const ADMIN_TAB_COUNT = ADMIN_TABS.length;
const TRUST_GROUP = ['Review', 'Users', 'Fair Votes'];

const tabTop = async (page: Page, name: string) =>
  Math.round((await page.getByRole('tab', { name, exact: true }).boundingBox())?.y ?? -1);

/** Nothing on the page is wider than the screen (no sideways scroll of the whole page). */
async function expectNoSidewaysScroll(page: Page) {
  const { scroll, view } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    view: document.documentElement.clientWidth,
  }));
  expect(scroll, 'the page does not scroll sideways').toBeLessThanOrEqual(view);
}

/**
 * Each of the list's cards (`testId`) lies within the screen's width, and everything in a card within the card: no
 * control or word past the edge. Returns what sticks out, as text.
 */
async function overflowOfCards(page: Page, testId: string): Promise<string[]> {
  return page.getByTestId(testId).evaluateAll((cards) => {
    const width = document.documentElement.clientWidth;
    return cards.flatMap((card, i) => {
      const box = card.getBoundingClientRect();
      const out = box.left < 0 || box.right > width + 0.5 ? [`card ${i}: ${box.left}-${box.right} of ${width}`] : [];
      for (const inner of card.querySelectorAll('*')) {
        const r = inner.getBoundingClientRect();
        if (r.width > 0 && (r.left < box.left - 0.5 || r.right > box.right + 0.5)) {
          out.push(
            `card ${i}: <${inner.tagName.toLowerCase()}> "${inner.textContent?.slice(0, 40)}" ${r.left}-${r.right}`,
          );
        }
      }
      return out;
    });
  });
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

for (const width of [1280, 1920]) {
  test(`at ${width} px every tab is in view without scrolling, the trust and safety tabs grouped`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await logIn(page, DEMO_ADMIN);
    await page.goto('/admin');
    // The dashboard's chunk loads on demand: generous on a busy machine.
    await expect(page.getByRole('tab')).toHaveCount(ADMIN_TAB_COUNT, { timeout: 30_000 });
    for (const [, name] of ADMIN_TABS) {
      // Whole and on screen where it stands: nothing scrolled or clipped away.
      await expect(page.getByRole('tab', { name, exact: true }), `${name} is in view`).toBeInViewport({ ratio: 1 });
    }
    const tops = new Set(await Promise.all(TRUST_GROUP.map((name) => tabTop(page, name))));
    expect(tops.size, 'the trust and safety tabs share a row').toBe(1);
    const [groupTop] = [...tops];
    if (width === 1280) {
      // Twelve tabs do not fit one row here: the group takes the second row, below the rest.
      expect(groupTop, 'the group is on a row of its own').toBeGreaterThan(await tabTop(page, 'API Tokens'));
    } else {
      expect(groupTop, 'all twelve on one row').toBe(await tabTop(page, 'Manage Cars'));
    }
    await expectNoSidewaysScroll(page);
  });
}

test('the arrow keys move between the tabs, across the group edge, and each tab keeps its address', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page, DEMO_ADMIN);
  await page.goto('/admin?tab=api-tokens');
  const apiTokens = page.getByRole('tab', { name: 'API Tokens' });
  await expect(apiTokens).toHaveAttribute('aria-selected', 'true');
  await apiTokens.focus();
  await page.keyboard.press('ArrowRight');
  const review = page.getByRole('tab', { name: 'Review', exact: true });
  await expect(review).toBeFocused();
  await expect(review).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/\/admin\?tab=review$/);
  await page.keyboard.press('ArrowLeft');
  await expect(apiTokens).toBeFocused();
  await expect(page).toHaveURL(/\/admin\?tab=api-tokens$/);
  // End moves the focus to the last tab, at the end of the group; Enter opens it.
  await page.keyboard.press('End');
  await expect(page.getByRole('tab', { name: 'Fair Votes' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\?tab=fair-votes$/);
  await page.goBack();
  await expect(page.getByRole('tab', { name: 'API Tokens' })).toHaveAttribute('aria-selected', 'true');
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

  test('every tab is reachable in the sideways row, with faded edges where more tabs lie out of sight', async ({
    page,
  }) => {
    await logIn(page, DEMO_ADMIN);
    await page.goto('/admin?tab=cars');
    const list = page.getByRole('tablist');
    // At the start: more to the right only.
    await expect(list).toHaveAttribute('data-more-end', '');
    await expect(list).not.toHaveAttribute('data-more-start', '');
    await expect(page.getByRole('tab', { name: 'Fair Votes' })).not.toBeInViewport();

    for (const [value, name] of ADMIN_TABS) {
      const tab = page.getByRole('tab', { name, exact: true });
      await tab.click();
      await expect(page).toHaveURL(new RegExp(`/admin\\?tab=${value}$`));
      await expect(tab).toHaveAttribute('aria-selected', 'true');
      await expect(tab, `${name} is in view once open`).toBeInViewport({ ratio: 0.95 });
    }
    // At the end: more to the left only.
    await expect(list).toHaveAttribute('data-more-start', '');
    await expect(list).not.toHaveAttribute('data-more-end', '');
    await expectNoSidewaysScroll(page);
  });

  test('Manage Cars is a card per car with every action of its row, nothing past the screen edge', async ({ page }) => {
    await logIn(page, DEMO_ADMIN);
    await page.goto('/admin?tab=cars');
    const cards = page.getByTestId('car-card');
    await expect(cards.first()).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('table')).toHaveCount(0);
    const first = cards.first();
    const name = (await first.getByRole('link').first().textContent()) ?? '';
    for (const control of [
      first.getByRole('checkbox', { name: `Meet card: ${name}` }),
      first.getByRole('switch', { name: `Featured: ${name}` }),
      first.getByRole('link', { name: 'View' }),
      first.getByRole('link', { name: 'Edit' }),
      first.getByRole('button', { name: 'Delete' }),
    ]) {
      await expect(control).toBeInViewport({ ratio: 1 });
    }
    expect(await overflowOfCards(page, 'car-card')).toEqual([]);
    await expectNoSidewaysScroll(page);
  });

  test('with rows in every list, each tab shows cards that fit the screen', async ({ page, browser }) => {
    await logIn(page, DEMO_ADMIN);
    await fillAdminLists(browser, page.request);
    for (const [tab, testId] of [
      ['cars', 'car-card'],
      ['products', 'product-row'],
      ['orders', 'order-card'],
      ['events', 'event-row'],
      ['ads', 'ad-row'],
      ['review', 'review-action'],
      ['users', 'suspension-record'],
      ['fair-votes', 'fair-vote-car'],
    ] as const) {
      await page.goto(`/admin?tab=${tab}`);
      await expect(page.getByTestId(testId).first(), `${tab} lists its rows`).toBeVisible({ timeout: 30_000 });
      expect(await overflowOfCards(page, testId), `${tab}: nothing past a card's edge`).toEqual([]);
      await expectNoSidewaysScroll(page);
    }
  });
});
