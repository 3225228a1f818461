import { expect, type Locator, type Page, test } from '@playwright/test';
import { demoCar } from './support';

// Issue 39: photos lead (items 4), a leaderboard and Hall of Fame worth showing off (6) and an advertisement that
// neither splits a page nor moves it (8), measured as a visitor sees them at a phone's, a laptop's and a wide
// screen's width.

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 800 };
const WIDE = { width: 1920, height: 1080 };

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator} is not on screen`);
  return box;
}

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Every car card's title shows its whole text: nothing cut off sideways or clamped. */
async function expectWholeCardTitles(page: Page) {
  const cards = page.getByTestId('car-card');
  await expect(cards.first()).toBeVisible();
  const titles = await cards.getByRole('heading').evaluateAll((headings) =>
    headings.map((h) => ({
      text: h.textContent ?? '',
      cut: h.scrollWidth > h.clientWidth || h.scrollHeight > h.clientHeight,
    })),
  );
  expect(titles.length).toBeGreaterThan(0);
  for (const title of titles) {
    expect(title.text, 'the title names the year first').toMatch(/^\d{4} \S/);
    expect(title.cut, `"${title.text}" is cut off`).toBe(false);
  }
}

/** How many times a card shows (to the eye, not only to a screen reader) which period its votes are from. */
const periodsShown = (card: Locator) =>
  card.evaluate((element) => {
    const seen = element.cloneNode(true) as HTMLElement;
    for (const hidden of Array.from(seen.querySelectorAll('.mantine-VisuallyHidden-root'))) hidden.remove();
    return (seen.textContent?.match(/this month|all time/gi) ?? []).length;
  });

for (const viewport of [PHONE, LAPTOP, WIDE]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('car cards show the whole "Year Make Model" and one vote chip with one period', async ({ page }) => {
      await page.goto('/gallery');
      await expectWholeCardTitles(page);
      // A car with votes names their period once; one nobody has voted for says 'No votes yet', with no period. The
      // newest cars (other journeys add some) may have none yet.
      const card = page.getByTestId('car-card').first();
      const unvoted = (await card.getByText('No votes yet').count()) > 0;
      expect(await periodsShown(card)).toEqual(unvoted ? 0 : 1);
      expect(await card.evaluate((element) => (element.textContent?.match(/♥/g) ?? []).length)).toBe(1);

      await page.goto('/');
      await expectWholeCardTitles(page);
      // A ranked card's badge says 'This Month': its chip does not say it again.
      const ranked = page.getByTestId('car-card').filter({ hasText: '#1 This Month' });
      expect(await periodsShown(ranked)).toEqual(1);
    });
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: PHONE, hasTouch: true });

  test("the home page shows this month's leader on the first screen, across it", async ({ page }) => {
    await page.goto('/');
    const hero = page.locator('main a[href^="/cars/"]').filter({ hasText: '#1 This Month' }).first();
    const photo = hero.locator('img');
    await expect(photo).toBeVisible();
    const box = await boxOf(photo);
    expect(box.y, 'the photo starts on the first screen').toBeLessThan(PHONE.height / 2);
    expect(box.y + box.height, 'and is whole on it').toBeLessThanOrEqual(PHONE.height);
    expect(box.width, 'across the screen').toBeGreaterThanOrEqual(PHONE.width - 1);
    await expect
      .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
  });

  test('the leaderboard is a podium and cards, no table; every card fits the screen', async ({ page }) => {
    await page.goto('/leaderboard');
    await expect(page.getByTestId('podium-place')).toHaveCount(3);
    await expect(page.getByRole('table')).toBeHidden();
    const cards = page.getByTestId('leaderboard-card');
    await expect(cards.first()).toBeVisible();
    // The leader stands first, across the screen; second and third side by side under it.
    const [first, second, third] = await Promise.all(
      [0, 1, 2].map((i) => boxOf(page.getByTestId('podium-place').nth(i))),
    );
    expect(first?.width).toBeGreaterThan((second?.width ?? 0) * 1.5);
    expect(second?.y).toBeGreaterThan((first?.y ?? 0) + (first?.height ?? 0) - 1);
    expect(Math.abs((second?.y ?? 0) - (third?.y ?? 0))).toBeLessThanOrEqual(1);
    // Twelve places take under two screens (a table took three and a half), nothing runs off the side.
    const list = await boxOf(page.locator('ol').filter({ has: cards.first() }));
    expect(list.y + list.height - (first?.y ?? 0)).toBeLessThan(PHONE.height * 2.5);
    for (const card of await cards.all()) {
      const box = await boxOf(card);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
      // A card is at most four lines tall: the name wraps once at most at this width.
      expect(box.height).toBeLessThan(130);
    }
    await cards.first().getByRole('link').click();
    await expect(page).toHaveURL(/\/cars\/[^/]+$/);
  });

  test('the Hall of Fame is in the menu', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open navigation menu' }).click();
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Hall of Fame' }).click();
    await expect(page).toHaveURL(/\/hall-of-fame$/);
    await expect(page.getByRole('heading', { name: 'Hall of Fame', level: 1 })).toBeVisible();
  });

  test("the Hall of Fame's places are whole: names and votes not cut off", async ({ page }) => {
    await page.goto('/hall-of-fame');
    const places = page.getByTestId('hall-of-fame-place');
    // The page's code and data arrive after the server's frame (it is not a landing page).
    await expect(places.first()).toBeVisible({ timeout: 30_000 });
    const cut = await places.evaluateAll((items) =>
      items.flatMap((item) =>
        Array.from(item.querySelectorAll('a, p')).filter(
          (el) => el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight,
        ),
      ),
    );
    expect(cut).toHaveLength(0);
    for (const place of await places.all()) {
      const box = await boxOf(place);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    }
  });
});

test.describe('on a laptop', () => {
  test.use({ viewport: LAPTOP });

  test('the leaderboard is a podium, the leader in the middle, then the table with a fixed rank column', async ({
    page,
  }) => {
    await page.goto('/leaderboard');
    const podium = page.getByTestId('podium-place');
    await expect(podium).toHaveCount(3);
    const [first, second, third] = await Promise.all([0, 1, 2].map((i) => boxOf(podium.nth(i))));
    expect(second?.x).toBeLessThan(first?.x ?? 0);
    expect(third?.x).toBeGreaterThan(first?.x ?? 0);
    expect(first?.width).toBeGreaterThan(second?.width ?? 0);
    await expect(podium.nth(0)).toContainText('#1');

    await expect(page.getByRole('table')).toBeVisible();
    await expect(page.getByTestId('leaderboard-card').first()).toBeHidden();
    // Every rank cell is as wide as the Rank header, whatever its digits.
    const header = await boxOf(page.getByRole('columnheader', { name: 'Rank' }));
    const widths = await page
      .getByTestId('leaderboard-row')
      .evaluateAll((rows) => rows.map((row) => row.querySelector('td')?.getBoundingClientRect().width ?? 0));
    for (const width of widths) expect(Math.abs(width - header.width)).toBeLessThanOrEqual(1);
    expect(header.width).toBeLessThan(100);
  });

  test("the period switch's highlight sits on the chosen label, and on nothing for a past month", async ({ page }) => {
    /** The switch's options drawn with a filled background, and the box of each one's label. */
    const highlighted = () =>
      page.getByRole('radiogroup', { name: 'Period' }).evaluate((group) => {
        const base = getComputedStyle(group).backgroundColor;
        return Array.from(group.querySelectorAll('*'))
          .filter((el) => {
            const bg = getComputedStyle(el).backgroundColor;
            return bg !== base && bg !== 'rgba(0, 0, 0, 0)' && el.getBoundingClientRect().width > 0;
          })
          .map((el) => {
            const { x, y, width, height } = el.getBoundingClientRect();
            return { text: (el.textContent ?? '').trim(), box: { x, y, width, height } };
          });
      });
    const labelBox = (text: string) => boxOf(page.getByRole('radiogroup').getByText(text, { exact: true }));

    await page.goto('/leaderboard');
    await page.waitForLoadState('networkidle');
    let shown = await highlighted();
    expect(shown.map((h) => h.text)).toEqual(['This Month']);
    expect(overlaps(shown[0]?.box as Box, await labelBox('This Month'))).toBe(true);
    expect(overlaps(shown[0]?.box as Box, await labelBox('All Time'))).toBe(false);

    await page.getByText('All Time', { exact: true }).click();
    await expect(page.getByRole('radio', { name: 'All Time' })).toBeChecked();
    shown = await highlighted();
    expect(shown.map((h) => h.text)).toEqual(['All Time']);
    expect(overlaps(shown[0]?.box as Box, await labelBox('All Time'))).toBe(true);
    expect(overlaps(shown[0]?.box as Box, await labelBox('This Month'))).toBe(false);

    // A past month: neither period is chosen, and neither looks it.
    const pastMonths = page.getByLabel('Past months');
    await pastMonths.focus();
    await pastMonths.selectOption({ index: 1 });
    await expect(page).toHaveURL(/\/leaderboard\?month=\d{4}-\d{2}$/);
    await expect(page.getByRole('radio', { name: 'All Time' })).not.toBeChecked();
    await expect(page.getByRole('radio', { name: 'This Month' })).not.toBeChecked();
    expect(await highlighted()).toEqual([]);
  });

  test('the Hall of Fame is in the navigation, marked as the current page there', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Hall of Fame' }).click();
    await expect(page).toHaveURL(/\/hall-of-fame$/);
    await expect(nav.locator('[aria-current="page"]')).toHaveText(['Hall of Fame']);
  });

  test('a car card shows where the keyboard is, and lifts under the pointer', async ({ page }) => {
    await page.goto('/gallery');
    const card = page.getByTestId('car-card').first();
    await expect(card).toBeVisible();
    const before = await boxOf(card);
    await card.hover();
    await expect.poll(async () => (await boxOf(card)).y).toBeLessThan(before.y);

    await page.mouse.move(0, 0);
    await page.keyboard.press('Tab'); // a keyboard visitor: focus rings show from here on
    await card.focus();
    const ring = await card.evaluate((el) => {
      const css = getComputedStyle(el);
      return { style: css.outlineStyle, width: Number.parseFloat(css.outlineWidth) };
    });
    expect(ring.style).toBe('solid');
    expect(ring.width).toBeGreaterThanOrEqual(2);
  });

  test('the gallery shows the advertisement after the cars, as wide as the column', async ({ page }) => {
    await page.goto('/gallery');
    const ad = page.getByTestId('banner-slot');
    await expect(page.getByTestId('banner-ad')).toBeVisible();
    const slot = await boxOf(ad);
    const filters = await boxOf(page.getByRole('group', { name: 'Filter by category' }));
    const lastCard = await boxOf(page.getByTestId('car-card').last());
    expect(slot.y, 'below the cars, not between the title and the filters').toBeGreaterThan(
      lastCard.y + lastCard.height,
    );
    expect(slot.y).toBeGreaterThan(filters.y);
    const search = await boxOf(page.getByRole('searchbox', { name: 'Search cars' }));
    const column = await boxOf(page.getByRole('heading', { name: 'Car Gallery' }).locator('..'));
    expect(Math.abs(slot.x - search.x)).toBeLessThanOrEqual(1);
    expect(Math.abs(slot.width - column.width)).toBeLessThanOrEqual(1);
  });
});

test.describe('on a wide screen', () => {
  test.use({ viewport: WIDE });

  test("a car page's main photo uses the width: more than half the screen", async ({ page }) => {
    const car = await demoCar(page.request);
    await page.goto(`/cars/${car.slug}`);
    const photo = page.getByRole('button', { name: 'Enlarge photo' }).locator('img');
    await expect(photo).toBeVisible();
    const box = await boxOf(photo);
    expect(box.width).toBeGreaterThanOrEqual(WIDE.width * 0.55);
    // Whole on the first screen, under the title.
    expect(box.y + box.height).toBeLessThanOrEqual(WIDE.height);
  });

  test('the column is wider than a laptop’s from 1440 px, and header, content and footer share it', async ({
    page,
  }) => {
    await page.goto('/');
    const content = await boxOf(page.locator('main .mantine-Container-root').first());
    const header = await boxOf(page.locator('header .mantine-Container-root').first());
    expect(content.width).toBeGreaterThan(1400);
    expect(Math.abs(header.width - content.width)).toBeLessThanOrEqual(1);
  });

  test("the Hall of Fame's places fill the width in columns", async ({ page }) => {
    await page.goto('/hall-of-fame');
    const winner = await boxOf(page.getByTestId('hall-of-fame-winner'));
    const places = page.getByTestId('hall-of-fame-place');
    await expect(places.first()).toBeVisible({ timeout: 30_000 });
    const boxes = await Promise.all((await places.all()).map(boxOf));
    const right = Math.max(...boxes.map((b) => b.x + b.width));
    expect(right).toBeGreaterThan(winner.x + winner.width - 2);
    expect(new Set(boxes.map((b) => Math.round(b.x))).size).toBeGreaterThanOrEqual(3);
  });
});

/** The page's layout shift so far (the sum Chromium reports for shifts not caused by the visitor's input). */
const layoutShift = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!entry.hadRecentInput) total += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 200);
      }),
  );

for (const viewport of [PHONE, LAPTOP]) {
  test(`the advertisement's slot is held at its exact height: nothing moves when the ad arrives (${viewport.width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    // The ad list answers only when the test lets it: the slot is seen loading first.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(
      (url) => url.pathname.startsWith('/trpc/') && url.pathname.includes('ads.active'),
      async (route) => {
        await held;
        await route.continue();
      },
    );
    await page.goto('/');
    const slot = page.getByTestId('banner-slot');
    await expect(slot).toBeAttached();
    await slot.scrollIntoViewIfNeeded();
    const next = page.getByRole('heading', { name: 'How It Works' });
    const before = { slot: await boxOf(slot), next: await boxOf(next) };
    const shiftBefore = await layoutShift(page);

    release();
    const image = page.getByTestId('banner-ad').locator('img');
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    const after = { slot: await boxOf(slot), next: await boxOf(next) };
    expect(after.slot.height).toBeCloseTo(before.slot.height, 0);
    expect(after.next.y).toBeCloseTo(before.next.y, 0);
    expect(await layoutShift(page)).toBeLessThanOrEqual(shiftBefore + 0.001);
    // As wide as the column.
    const column = await boxOf(next.locator('..'));
    expect(Math.abs(after.slot.width - column.width)).toBeLessThanOrEqual(1);
  });
}
