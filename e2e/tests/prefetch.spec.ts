import { expect, type Page, test } from '@playwright/test';
import { DEMO_DRIVER, logIn } from './support';

// Navigation without spinners: pointing at a link starts loading the next page's code and data, and the
// current page stays on screen until the next one can render, so no loading spinner comes between two pages.

declare global {
  interface Window {
    /** Set when the page loader (the spinner shown while a page's code arrives) appeared. */
    loaderSeen?: boolean;
  }
}

/** Waits until the app listens for links being pointed at: its prefetch code (loaded after the first render) has run. */
async function prefetchReady(page: Page) {
  const chunk = await page.waitForFunction(
    () =>
      performance.getEntriesByType('resource').find((entry) => /\/assets\/prefetch-[\w-]+\.js$/.test(entry.name))?.name,
  );
  const url = String(await chunk.jsonValue());
  await page.evaluate(async (chunkUrl) => {
    await import(chunkUrl);
  }, url);
}

const withoutYear = (title: string) => title.replace(/^\d{4}\s+/, '');

test('from the gallery to a car, the gallery stays until the car page renders: no spinner page between', async ({
  page,
}) => {
  // A member: the app's gallery (a signed-out visitor's is the server's page with the islands' script, whose links
  // load their pages: islands.spec.ts).
  await logIn(page, DEMO_DRIVER);
  await page.goto('/gallery');
  const card = page.getByTestId('car-card').first();
  await expect(card).toBeVisible();
  await prefetchReady(page);
  const name = (await card.getByRole('heading', { level: 2 }).textContent())?.trim() ?? '';
  expect(name).not.toBe('');

  // Watches every change of the page from here on for the page loader (role status, "Loading…").
  await page.evaluate(() => {
    window.loaderSeen = false;
    const check = () => {
      const statuses = Array.from(document.querySelectorAll('[role="status"]'));
      if (statuses.some((status) => status.textContent?.trim() === 'Loading…')) window.loaderSeen = true;
    };
    new MutationObserver(check).observe(document.body, { childList: true, subtree: true, characterData: true });
  });

  await card.hover();
  await card.click();
  await expect(page).toHaveURL(/\/cars\/[^/]+$/);
  // The card's title leads with the year; the car page's heading is make and model.
  await expect(page.getByRole('heading', { level: 1, name: withoutYear(name) })).toBeVisible();
  expect(await page.evaluate(() => window.loaderSeen), 'the page loader appeared during the navigation').toBe(false);

  // Back on the gallery (its code is loaded) and to another car the same way.
  await page.goBack();
  await expect(page.getByTestId('car-card').first()).toBeVisible();
  const other = page.getByTestId('car-card').nth(1);
  const otherName = (await other.getByRole('heading', { level: 2 }).textContent())?.trim() ?? '';
  await page.evaluate(() => {
    window.loaderSeen = false;
  });
  await other.hover();
  await other.click();
  await expect(page.getByRole('heading', { level: 1, name: withoutYear(otherName) })).toBeVisible();
  expect(await page.evaluate(() => window.loaderSeen), 'the page loader appeared during the navigation').toBe(false);
});

test.describe('on a touch screen', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the home page (islands) fetches no page’s code ahead; the browser renders a linked landing page ahead', async ({
    page,
  }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'View Gallery' }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    const fetches = (name: string) =>
      page.evaluate(
        (pageName) =>
          performance
            .getEntriesByType('resource')
            .filter((entry) => new RegExp(`/assets/${pageName}-[\\w-]+\\.js$`).test(entry.name))
            .map((entry) => (entry as PerformanceResourceTiming).initiatorType),
        name,
      );
    // A visitor who only reads downloads nothing for the pages they have not chosen.
    expect(await fetches('GalleryPage')).toEqual([]);
    expect(await fetches('CarDetailPage')).toEqual([]);
    // The landing pages it links are rendered ahead by the browser once a link is pointed at or pressed
    // (shared/src/islands.ts), with rules the browser accepts.
    const rules = await page.evaluate(() => {
      const script = document.querySelector('script[type="speculationrules"]');
      return { supported: HTMLScriptElement.supports?.('speculationrules'), text: script?.textContent ?? '' };
    });
    expect(rules.supported).toBe(true);
    expect(JSON.parse(rules.text).prerender[0].eagerness).toBe('moderate');
    expect(violations, 'no content security policy violation').toEqual([]);

    // The gallery then opens.
    await page.getByRole('link', { name: 'View Gallery' }).first().tap();
    await expect(page).toHaveURL(/\/gallery$/);
    await expect(page.getByTestId('car-card').first()).toBeVisible();
  });

  test('signing in fetches the page it leads to, and ahead only a couple of the pages linked from it', async ({
    page,
  }) => {
    await page.goto('/auth');
    await prefetchReady(page);
    await page.getByRole('tab', { name: 'Log In' }).tap();
    const form = page.getByRole('tabpanel', { name: 'Log In' });
    await form.getByLabel(/^Email/).tap();
    await page.keyboard.type(DEMO_DRIVER.email);
    await form.getByLabel(/^Password/).tap();
    await page.keyboard.type(DEMO_DRIVER.password);
    const signedInAt = await page.evaluate(() => performance.now());
    await form.getByRole('button', { name: 'Log In', exact: true }).tap();
    await expect(page.getByText('Login successful')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');

    // The visitor reads the whole home page, touching it (its headline: not a link, which a tap would follow) and
    // scrolling down to the footer.
    await page.getByRole('heading', { level: 1 }).tap();
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let y = 0; y < height; y += 600) {
      await page.evaluate(async (top) => {
        window.scrollTo({ top });
        // Two frames: the browser has told the page which links came into view.
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      }, y);
    }
    await page.waitForLoadState('networkidle');

    // The pages' own chunks (HomePage-….js, GalleryPage-….js…) fetched over the network since the sign-in.
    const pages = await page.evaluate(
      (since) =>
        performance
          .getEntriesByType('resource')
          .filter((entry) => entry.startTime >= since && (entry as PerformanceResourceTiming).transferSize > 0)
          .map((entry) => entry.name.match(/\/assets\/(\w+Page)-[\w-]+\.js$/)?.[1])
          .filter((name) => name !== undefined),
      signedInAt,
    );
    // The home page itself (unless fetched ahead on /auth) and at most two pages ahead: not the dozen pages the home
    // page links to.
    expect(new Set(pages).size, `page chunks fetched: ${pages.join(', ')}`).toBeLessThanOrEqual(3);
  });
});
