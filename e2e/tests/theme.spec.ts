import { type Browser, expect, type Page, test } from '@playwright/test';
import { gotoServerPage } from './support';

// The brand's look as a visitor gets it: its own faces (Inter, Barlow Condensed), served by the site with a long
// cache, and the light or dark scheme their system prefers, right from the page the server sends (no dark page that
// turns light once the app's code has run), with a switch in the header (light, dark, or the same as the system's,
// the default) that the next visit remembers.

/** The page's Content-Security-Policy violations (the scheme's inline script, the fonts), as Chromium reports them. */
function cspViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

test('the brand faces are loaded from the site, the headings face preloaded, cached as immutable', async ({ page }) => {
  const violations = cspViolations(page);
  const html = await (await page.request.get('/')).text();
  const preloaded = html.match(/<link rel="preload" href="(\/assets\/[^"]+\.woff2)" as="font"[^>]*crossorigin/)?.[1];
  expect(preloaded, 'the home page preloads a font').toMatch(/barlow-condensed/);

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const faces = await page.evaluate(async () => {
    await document.fonts.ready;
    return [...document.fonts]
      .filter((face) => face.status === 'loaded')
      .map((face) => `${face.family.replaceAll('"', '')} ${face.weight}`);
  });
  // check() alone says true for a family no face names (the system's): the faces themselves must have loaded.
  expect(faces).toEqual(expect.arrayContaining(['Inter 100 900', 'Barlow Condensed 800']));
  expect(
    await page.evaluate(
      () => document.fonts.check('16px Inter') && document.fonts.check('800 32px "Barlow Condensed"'),
    ),
  ).toBe(true);
  // The title and the text are drawn in them: their first family is the brand's.
  const family = (selector: string) =>
    page
      .locator(selector)
      .first()
      .evaluate((element) => getComputedStyle(element).fontFamily.split(',')[0]?.trim());
  expect(await family('h1')).toBe('"Barlow Condensed"');
  expect(await family('main p')).toBe('Inter');

  const response = await page.request.get(preloaded ?? '');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('font/woff2');
  expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(violations, 'no content security policy violation').toEqual([]);
});

/**
 * Opens `path` in a browser whose system prefers `colorScheme` (and where an earlier visit chose `stored`, if given),
 * with the app's code held back: what shows is the page as the server sent it, before any of the app's scripts could
 * change it. Returns the page and a function that lets the code through.
 */
async function serverPageOnly(browser: Browser, colorScheme: 'light' | 'dark', path: string, stored?: string) {
  const context = await browser.newContext({ colorScheme, viewport: { width: 390, height: 844 } });
  if (stored) {
    // Where the switch keeps the choice (Mantine's colour-scheme manager), there before the page's first script.
    await context.addInitScript((value) => localStorage.setItem('mantine-color-scheme-value', value), stored);
  }
  const page = await context.newPage();
  const violations = cspViolations(page);
  const release = await gotoServerPage(page, path);
  return { page, context, violations, release };
}

const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

for (const [colorScheme, colour] of [
  ['light', 'rgb(255, 255, 255)'],
  ['dark', 'rgb(36, 36, 36)'],
] as const) {
  test(`a visitor whose system prefers ${colorScheme} gets the ${colorScheme} page from the server, before any app code runs`, async ({
    browser,
  }) => {
    const { page, context, violations, release } = await serverPageOnly(browser, colorScheme, '/');
    // The server's page: its heading is there although the app's code has not arrived.
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.locator('html').getAttribute('data-mantine-color-scheme')).toBe(colorScheme);
    expect(await background(page)).toBe(colour);
    await page.screenshot({ path: test.info().outputPath(`server-page-${colorScheme}.png`) });

    // Once the app runs, the page stays in that scheme.
    release();
    await expect(page.getByRole('button', { name: 'Theme: same as system' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await page.locator('html').getAttribute('data-mantine-color-scheme')).toBe(colorScheme);
    expect(await background(page)).toBe(colour);
    expect(violations, 'no content security policy violation').toEqual([]);
    await context.close();
  });
}

const SWITCH = /^Theme: /;

test("the header switch goes to the other scheme, then the system's kept, then the system's followed; visits keep it", async ({
  browser,
}) => {
  const context = await browser.newContext({ colorScheme: 'light' });
  const page = await context.newPage();
  await page.goto('/gallery');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await background(page)).toBe('rgb(255, 255, 255)');
  const schemeSwitch = page.getByRole('button', { name: SWITCH });
  await expect(schemeSwitch).toHaveAccessibleName('Theme: same as system');

  await schemeSwitch.click();
  await expect.poll(() => background(page)).toBe('rgb(36, 36, 36)');
  await expect(schemeSwitch).toHaveAccessibleName('Theme: dark');

  // A new visit (the server's page again) is dark from the start, although the system still prefers light.
  await page.route(/\/assets\/[\w-]+\.js$/, (route) => route.abort());
  await page.goto('/gallery', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await background(page)).toBe('rgb(36, 36, 36)');
  await page.unroute(/\/assets\/[\w-]+\.js$/);

  // Light, kept even when the system turns dark.
  await page.goto('/gallery');
  await schemeSwitch.click();
  await expect(schemeSwitch).toHaveAccessibleName('Theme: light');
  await expect.poll(() => background(page)).toBe('rgb(255, 255, 255)');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await background(page)).toBe('rgb(255, 255, 255)');

  // Then the system's scheme kept (dark), then the system's followed: dark now, and light as soon as the system turns
  // light, without a new visit.
  await schemeSwitch.click();
  await expect(schemeSwitch).toHaveAccessibleName('Theme: dark');
  await expect.poll(() => background(page)).toBe('rgb(36, 36, 36)');
  await schemeSwitch.click();
  await expect(schemeSwitch).toHaveAccessibleName('Theme: same as system');
  await expect.poll(() => background(page)).toBe('rgb(36, 36, 36)');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(() => background(page)).toBe('rgb(255, 255, 255)');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await background(page)).toBe('rgb(255, 255, 255)');
  await context.close();
});

test("a choice kept from an earlier visit wins over the system's preference, from the server's page on", async ({
  browser,
}) => {
  for (const [system, chosen, colour] of [
    ['light', 'dark', 'rgb(36, 36, 36)'],
    ['dark', 'light', 'rgb(255, 255, 255)'],
  ] as const) {
    const { page, context, violations, release } = await serverPageOnly(browser, system, '/', chosen);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.locator('html').getAttribute('data-mantine-color-scheme')).toBe(chosen);
    expect(await background(page)).toBe(colour);
    release();
    await expect(page.getByRole('button', { name: `Theme: ${chosen}` })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await background(page)).toBe(colour);
    expect(violations, 'no content security policy violation').toEqual([]);
    await context.close();
  }
});
