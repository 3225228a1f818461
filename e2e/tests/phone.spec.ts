import { expect, type Locator, type Page, test } from '@playwright/test';
import { addMerchToCart, demoCar, fillShippingAddress, newUser, registerByApi } from './support';

// The leaderboard and a car page on a phone (390 px), and the car's photo viewer: what a visitor reaches without
// scrolling sideways or down, and the viewer's arrows, keys and swipe. Then what a thumb meets (issue 39, item 10):
// every control of the header, the menu, the footer, the cart and a car's photo tiles at least 44 × 44 px; the menu
// over a dimmed page, giving focus back to its button on Escape; a photo viewer whose photo stays put from photo to
// photo; a checkout that says which step it is at, with its way back beside the step's heading.

const PHONE = { width: 390, height: 844 };
/** A thumb's touch target, px. */
const TOUCH_PX = 44;

/**
 * The controls under `area` (links, buttons, fields, tabs) that a thumb finds smaller than 44 × 44 px, as "name w×h".
 * A field inside a label counts by its label: a tap anywhere on it works the field.
 */
const smallTargets = (area: Locator) =>
  area.evaluate((root, min) => {
    const controls = root.querySelectorAll(
      'a[href], button, input:not([type="hidden"]), select, textarea, [role="tab"]',
    );
    return [...controls].flatMap((control) => {
      const box = (control.closest('label') ?? control).getBoundingClientRect();
      if (box.width === 0 && box.height === 0) return []; // not shown at this width
      if (box.width >= min - 0.5 && box.height >= min - 0.5) return [];
      const name = control.getAttribute('aria-label') || control.textContent?.trim() || control.tagName;
      return [`${name} ${Math.round(box.width)}×${Math.round(box.height)}`];
    });
  }, TOUCH_PX);

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

/** A demo car's page with its photo viewer open on the first photo; the viewer and its "n of N" count. */
async function openPhotoViewer(page: Page) {
  const car = await demoCar(page.request);
  await page.goto(`/cars/${car.slug}`);
  await page.waitForLoadState('networkidle'); // the server's page is live
  await page.getByRole('button', { name: 'Enlarge photo' }).click();
  const dialog = page.getByRole('dialog', { name: `${car.year} ${car.make} ${car.model}` });
  const counter = dialog.getByText(/ · \d of \d$/);
  await expect(counter).toHaveText(/ · 1 of \d$/);
  return { dialog, counter };
}

test.describe('on a phone', () => {
  test.use({ viewport: PHONE, deviceScaleFactor: 2, hasTouch: true });

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
    // Half-way down the story, it is still there; at the end of the page it sits in its place, after the car's panels.
    await page.getByRole('tab', { name: 'Car Story' }).scrollIntoViewIfNeeded();
    await expectInFirstScreen(vote);
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
  });

  test('a swipe shows the next and the previous photo', async ({ page }) => {
    const { dialog, counter } = await openPhotoViewer(page);
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

test.describe('what a thumb meets on a phone', () => {
  test.use({ viewport: PHONE, deviceScaleFactor: 2, hasTouch: true });

  test('the header, the open menu, the footer and the featured cars’ dots are 44 px targets', async ({ page }) => {
    await registerByApi(page, newUser('thumb'), { verified: false });
    await addMerchToCart(page); // the header's cart then carries its count
    await page.goto('/');
    await page.waitForLoadState('networkidle'); // the server's page is live, the footer's form arrived
    await expect(page.getByRole('link', { name: /^Cart, 1 item/ })).toBeVisible();
    expect(await smallTargets(page.locator('header')), 'the header').toEqual([]);
    expect(await smallTargets(page.locator('footer')), 'the footer').toEqual([]);
    const dots = page.getByRole('button', { name: /^Show / });
    expect(await dots.count(), 'the featured cars have dots').toBeGreaterThan(1);
    expect(await smallTargets(dots.first().locator('..')), 'the featured cars’ dots').toEqual([]);

    const burger = page.getByRole('button', { name: 'Open navigation menu' });
    await burger.click();
    const menu = page.locator('#mobile-menu');
    await expect(menu.getByRole('link', { name: 'Gallery' })).toBeVisible();
    expect(await smallTargets(menu), 'the menu').toEqual([]);
  });

  test('the home page’s buttons and links are 44 px targets', async ({ page }) => {
    await page.goto('/');
    await page.waitForLoadState('networkidle'); // the server's page is live, its sections arrived
    await expect(page.getByRole('link', { name: 'View Leaderboard' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Hall of Fame' }).first()).toBeVisible();
    expect(await smallTargets(page.locator('main')), 'the home page').toEqual([]);
  });

  test('the menu dims the page, a tap there closes it, and Escape gives focus back to its button', async ({ page }) => {
    await page.goto('/gallery');
    await page.waitForLoadState('networkidle'); // the server's page is live
    const burger = page.getByRole('button', { name: 'Open navigation menu' });
    await burger.click();
    const menu = page.locator('#mobile-menu');
    const gallery = menu.getByRole('link', { name: 'Gallery' });
    await expect(gallery).toHaveAttribute('aria-current', 'page');

    // Under the menu, the page is covered (dimmed): a tap there closes the menu and does nothing else.
    const menuBox = await menu.boundingBox();
    if (!menuBox) throw new Error('the menu is not on screen');
    const below = { x: PHONE.width / 2, y: Math.min(PHONE.height - 10, menuBox.y + menuBox.height + 40) };
    expect(below.y, 'the page shows below the menu').toBeGreaterThan(menuBox.y + menuBox.height);
    const coveredBelow = await page.evaluate(
      ({ x, y }) => !document.querySelector('main')?.contains(document.elementFromPoint(x, y)),
      below,
    );
    expect(coveredBelow, 'the page under the open menu is covered').toBe(true);
    await page.mouse.click(below.x, below.y);
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL(/\/gallery$/);

    // From a link inside the open menu, Escape closes it and focus is on the menu's button again.
    await burger.click();
    await gallery.focus();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open navigation menu' })).toBeFocused();
  });

  test('a car page’s photo tiles are 44 px targets, and the owner follows the story', async ({ page }) => {
    const car = await demoCar(page.request);
    await page.goto(`/cars/${car.slug}`);
    const tile = page.getByRole('checkbox', { name: /^Select for print: / }).first();
    await tile.scrollIntoViewIfNeeded();
    await expect(tile).toBeVisible();
    for (const grid of await page.getByRole('heading', { name: /Photos$/ }).all()) {
      expect(await smallTargets(grid.locator('xpath=..')), (await grid.textContent()) ?? '').toEqual([]);
    }
    // No hole where the sticky Vote bar would stand: Meet the Owner comes right after the story.
    const story = await page.getByRole('tabpanel', { name: 'Car Story' }).boundingBox();
    const owner = await page.getByRole('heading', { name: 'Meet the Owner' }).boundingBox();
    if (!story || !owner) throw new Error('the story or the owner is not shown');
    expect(owner.y - (story.y + story.height), 'from the story to Meet the Owner, px').toBeLessThan(60);
  });

  test('a car page’s tabs, print card and share links are 44 px targets', async ({ page }) => {
    const car = await demoCar(page.request);
    await page.goto(`/cars/${car.slug}`);
    await page.waitForLoadState('networkidle'); // the server's page is live
    // The share card arrives when it comes near the screen.
    const share = page.getByRole('heading', { name: 'Share this Car' });
    await page.getByRole('heading', { name: 'Meet the Owner' }).scrollIntoViewIfNeeded();
    await share.scrollIntoViewIfNeeded();
    await expect(page.getByRole('link', { name: 'Facebook', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeVisible();
    expect(await smallTargets(page.locator('main')), 'the car page').toEqual([]);

    // The "Select all" row is its checkbox's label: a tap beside the box ticks every photo.
    const selectAll = page.getByRole('checkbox', { name: 'Select all' });
    const row = selectAll.locator('xpath=ancestor::label');
    const rowBox = await row.boundingBox();
    if (!rowBox) throw new Error('Select all is not shown');
    // Its top right corner: above the words, right of the box.
    await page.mouse.click(rowBox.x + rowBox.width - 4, rowBox.y + 4);
    await expect(selectAll).toBeChecked();
  });

  test('the photo viewer’s photo stays in place from photo to photo, captioned or not', async ({ page }) => {
    const { dialog, counter } = await openPhotoViewer(page);
    const photo = dialog.getByTestId('viewer-photo');
    const count = Number((await counter.textContent())?.match(/of (\d+)$/)?.[1]);
    expect(count, 'the demo car has photos to step through').toBeGreaterThan(1);
    expect(await smallTargets(dialog), 'the viewer’s buttons').toEqual([]);
    const first = await photo.boundingBox();
    for (let shown = 2; shown <= count; shown++) {
      await dialog.getByRole('button', { name: 'Next photo' }).click();
      await expect(counter).toHaveText(new RegExp(` · ${shown} of ${count}$`));
      const box = await photo.boundingBox();
      expect(box?.y, `photo ${shown}'s top`).toBe(first?.y);
      expect(box?.height, `photo ${shown}'s height`).toBe(first?.height);
    }
  });

  test('the cart’s and the checkout’s controls; the checkout’s steps, and its way back beside the heading', async ({
    page,
  }) => {
    await registerByApi(page, newUser('steps'), { verified: false });
    await addMerchToCart(page);
    await page.goto('/cart');
    await expect(page.getByTestId('cart-line')).toHaveCount(1);
    expect(await smallTargets(page.locator('main')), 'the cart').toEqual([]);

    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    const steps = page.getByRole('list', { name: 'Checkout steps' });
    await expect(steps.getByRole('listitem')).toHaveText([/Shipping$/, /Payment$/, /Confirmation$/]);
    await expect(steps.locator('[aria-current="step"]')).toHaveText(/Shipping$/);

    await fillShippingAddress(page);
    expect(await smallTargets(page.locator('main')), 'the checkout’s shipping step').toEqual([]);
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(steps.locator('[aria-current="step"]')).toHaveText(/Payment$/);
    await expect(page.getByRole('button', { name: 'Pay Now' })).toBeVisible();
    expect(await smallTargets(page.locator('main')), 'the checkout’s payment step').toEqual([]);

    // The step's heading and the way back on one row: each one's middle within the other's height.
    const heading = await page.getByRole('heading', { name: '2. Payment' }).boundingBox();
    const back = page.getByRole('button', { name: 'Back to Shipping Information' });
    const backBox = await back.boundingBox();
    if (!heading || !backBox) throw new Error('the heading or the way back is not shown');
    expect(heading.y + heading.height / 2, 'the heading beside the way back').toBeGreaterThan(backBox.y);
    expect(heading.y + heading.height / 2, 'the heading beside the way back').toBeLessThan(backBox.y + backBox.height);
    expect(backBox.x, 'the way back right of the heading').toBeGreaterThan(heading.x + heading.width);
    expect(backBox.height, 'the way back, px high').toBeGreaterThanOrEqual(TOUCH_PX);

    // The card field is empty and does not look filled in with the test card's number.
    const card = page.getByLabel('Card number');
    await expect(card).toHaveValue('');
    expect((await card.getAttribute('placeholder')) ?? '').not.toMatch(/\d{4}/);
  });
});
