import { expect, type Locator, type Page, test } from '@playwright/test';
import { demoCar } from './support';

// The leaderboard and a car page on a phone (390 px), and the car's photo viewer: what a visitor reaches without
// scrolling sideways or down, and the viewer's arrows, keys and swipe.

const PHONE = { width: 390, height: 844 };

/** How wide the page is: wider than the screen means the visitor has to scroll sideways. */
const pageWidth = (page: Page) => page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0);

/** The element is entirely on screen and nothing covers its middle. */
async function expectInFirstScreen(target: Locator) {
  await expect(target).toBeInViewport({ ratio: 1 });
  const covered = await target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return top === null || !element.contains(top);
  });
  expect(covered, 'something covers it').toBe(false);
}

/** The photo's size as drawn (object-fit: contain inside its box). */
const drawnWidth = (photo: Locator) =>
  photo.evaluate((img: HTMLImageElement) => {
    const scale = Math.min(img.clientWidth / img.naturalWidth, img.clientHeight / img.naturalHeight);
    return img.naturalWidth * scale;
  });

test.describe('on a phone', () => {
  test.use({ viewport: PHONE, hasTouch: true });

  test('the leaderboard fits the screen: podium, then a card per place with rank, photo, car, votes and change', async ({
    page,
  }) => {
    await page.goto('/leaderboard');
    await expect(page.getByTestId('podium-place').first()).toBeVisible();
    const first = page.getByTestId('leaderboard-card').first();
    await expect(first).toBeVisible();
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await first.scrollIntoViewIfNeeded();
    await expect(first).toBeInViewport({ ratio: 1 });
    await expect(first).toContainText(/^#4/);
    await expect(first.locator('img')).toBeInViewport({ ratio: 1 });
    await expect(first.getByText(/^♥ \d+ votes?$/)).toBeInViewport({ ratio: 1 });

    const car = first.getByRole('link');
    const name = (await car.textContent()) ?? '';
    await car.click();
    await expect(page).toHaveURL(/\/cars\/[^/]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name.replace(/^\d{4} /, ''));
  });

  test('the period is in the address: a shared link and Back show the same list', async ({ page }) => {
    await page.goto('/leaderboard');
    await expect(page.getByTestId('podium-place').first()).toBeVisible();
    // The server's page is live once its code has arrived: a choice made before that is not seen by the app.
    await page.waitForLoadState('networkidle');
    await page.getByText('All Time').click();
    await expect(page).toHaveURL(/\/leaderboard\?period=all$/);
    await expect(page.getByRole('radio', { name: 'All Time' })).toBeChecked();

    // As a shared link: the server's page is already All Time's.
    const served = await (await page.request.get('/leaderboard?period=all')).text();
    expect(served).toMatch(/<input[^>]*value="all"[^>]*checked|<input[^>]*checked[^>]*value="all"/);
    await page.reload();
    await expect(page.getByRole('radio', { name: 'All Time' })).toBeChecked();

    await page.goBack();
    await expect(page).toHaveURL(/\/leaderboard$/);
    await expect(page.getByRole('radio', { name: 'This Month' })).toBeChecked();
    await page.goForward();
    await expect(page.getByRole('radio', { name: 'All Time' })).toBeChecked();
  });

  test('the Vote button is on the first screen of a car page, and stays in reach while scrolling', async ({ page }) => {
    const car = await demoCar(page.request);
    await page.goto(`/cars/${car.slug}`);
    const vote = page.getByRole('button', { name: 'Vote for this Car' });
    await expectInFirstScreen(vote);
    // Half-way down the story, it is still there; at the end of the page it sits in its place, above the owner.
    await page.getByRole('tab', { name: 'Car Story' }).scrollIntoViewIfNeeded();
    await expectInFirstScreen(vote);
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
  });

  test('a swipe shows the next and the previous photo', async ({ page }) => {
    const car = await demoCar(page.request);
    await page.goto(`/cars/${car.slug}`);
    await page.waitForLoadState('networkidle'); // the server's page is live
    await page.getByRole('button', { name: 'Enlarge photo' }).click();
    const dialog = page.getByRole('dialog', { name: `${car.year} ${car.make} ${car.model}` });
    const counter = dialog.getByText(/ · \d of \d$/);
    await expect(counter).toHaveText(/ · 1 of \d$/);
    const box = await dialog.getByTestId('viewer-photo').boundingBox();
    if (!box) throw new Error('the photo is not on screen');
    const swipe = async (fromX: number, toX: number) => {
      const y = box.y + box.height / 2;
      await page.mouse.move(fromX, y);
      await page.mouse.down();
      await page.mouse.move((fromX + toX) / 2, y);
      await page.mouse.move(toX, y);
      await page.mouse.up();
    };
    await swipe(box.x + box.width * 0.8, box.x + box.width * 0.2);
    await expect(counter).toHaveText(/ · 2 of \d$/);
    await swipe(box.x + box.width * 0.2, box.x + box.width * 0.8);
    await expect(counter).toHaveText(/ · 1 of \d$/);
  });
});

test('the photo viewer: larger than the page, arrows, keys, caption, Escape', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const car = await demoCar(page.request);
  await page.goto(`/cars/${car.slug}`);
  const enlarge = page.getByRole('button', { name: 'Enlarge photo' });
  await page.waitForLoadState('networkidle'); // the server's page is live
  const pageWidthOfPhoto = await enlarge.locator('img').evaluate((img) => img.clientWidth);
  await enlarge.click();
  const dialog = page.getByRole('dialog', { name: `${car.year} ${car.make} ${car.model}` });
  await expect(dialog).toBeVisible();
  const photo = dialog.getByTestId('viewer-photo');
  await expect(photo).toHaveJSProperty('complete', true);
  await expect.poll(() => drawnWidth(photo)).toBeGreaterThan(pageWidthOfPhoto * 1.2);
  // The demo's photos carry captions: the first one's is under it.
  await expect(dialog.getByText('Golden hour at the spring meet')).toBeVisible();
  const counter = dialog.getByText(/ · \d of \d$/);
  await expect(counter).toHaveText(/^Official photo 1 · 1 of \d$/);

  await dialog.getByRole('button', { name: 'Next photo' }).click();
  await expect(counter).toHaveText(/ · 2 of \d$/);
  await expect(dialog.getByText('Head-on as the street lights come on')).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(counter).toHaveText(/ · 3 of \d$/);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(counter).toHaveText(/ · 1 of \d$/);
  await dialog.getByRole('button', { name: 'Previous photo' }).click();
  await expect(counter).toHaveText(/ · (\d) of \1$/);

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(enlarge).toBeFocused();
});
