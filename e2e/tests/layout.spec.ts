import { expect, type Locator, type Page, test } from '@playwright/test';
import { addMerchToCart, newUser, registerByApi } from './support';

// Layout a missing stylesheet would break without any other test noticing (Mantine's styles are imported per
// component: a forgotten file leaves its components unstyled, not broken).

/** The label of a checkbox sits beside it, on the same line, not under it. */
async function expectLabelBeside(page: Page, checkbox: Locator) {
  const id = await checkbox.getAttribute('id');
  const box = await checkbox.boundingBox();
  const label = await page.locator(`label[for="${id}"]`).boundingBox();
  if (!box || !label) throw new Error(`checkbox ${id} or its label is not on screen`);
  expect(label.x, 'the label starts right of the box').toBeGreaterThanOrEqual(box.x + box.width - 1);
  expect(label.y, 'the label starts above the bottom of the box').toBeLessThan(box.y + box.height);
}

test("checkbox labels sit beside their boxes (Mantine's inline-input styles are in the build)", async ({ page }) => {
  await registerByApi(page, newUser('layout'));
  await page.goto('/upload');
  await expect(page.getByRole('heading', { name: 'Submit Your Car' })).toBeVisible();
  await expectLabelBeside(page, page.getByRole('checkbox', { name: 'Modified' }));
  await expectLabelBeside(page, page.getByRole('checkbox', { name: /I confirm that I own this car/ }));
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test("the cart's quantity buttons and box are thumb-sized (at least 44 px)", async ({ page }) => {
    await registerByApi(page, newUser('touch'));
    await addMerchToCart(page);
    await page.goto('/cart');
    const line = page.getByTestId('cart-line');
    await expect(line).toHaveCount(1);
    for (const control of [
      line.getByRole('button', { name: /^Decrease Quantity of/ }),
      line.getByRole('button', { name: /^Increase Quantity of/ }),
      line.getByRole('textbox', { name: /^Quantity of/ }),
    ]) {
      const box = await control.boundingBox();
      expect(box?.height).toBeGreaterThanOrEqual(44);
      expect(box?.width).toBeGreaterThanOrEqual(44);
    }
    // Nothing on the line runs off a phone's screen.
    const lineBox = await line.boundingBox();
    expect((lineBox?.x ?? 0) + (lineBox?.width ?? Infinity)).toBeLessThanOrEqual(390);
  });
});

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator} is not on screen`);
  return box;
}

/** Raises a toast the way a visitor can: the footer's newsletter form with an address that is not one. */
async function raiseToast(page: Page) {
  const form = page.getByRole('form', { name: 'Newsletter sign-up' });
  await form.getByRole('textbox', { name: 'Email address' }).fill('not-an-address');
  await form.getByRole('button', { name: 'Subscribe' }).click();
  const raised = page.getByRole('alert').filter({ hasText: 'Invalid Email' });
  await expect(raised).toBeVisible();
  // Scrolled back up, as a visitor reading the page would be: the header is where it always is.
  await page.evaluate(() => window.scrollTo({ top: 0 }));
  return raised;
}

test.describe('on a wide screen (1600 px)', () => {
  test.use({ viewport: { width: 1600, height: 1000 } });

  test('the header, the content and the footer share one column', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const header = await boxOf(page.locator('header .mantine-Container-root').first());
    const content = await boxOf(page.locator('main .mantine-Container-root').first());
    const footer = await boxOf(page.locator('footer .mantine-Container-root').first());
    for (const [name, box] of [
      ['header', header],
      ['footer', footer],
    ] as const) {
      expect(Math.abs(box.x - content.x), `${name}'s left edge is the content's`).toBeLessThanOrEqual(1);
      expect(Math.abs(box.width - content.width), `${name} is as wide as the content`).toBeLessThanOrEqual(1);
    }
    // The brand starts where the headline does.
    const brand = await boxOf(page.getByRole('link', { name: 'Curbside home' }));
    const headline = await boxOf(page.getByRole('heading', { level: 1 }));
    expect(Math.abs(brand.x - headline.x)).toBeLessThanOrEqual(1);
  });

  test("the shop's cards in a row end with their buttons on one line, a sold-out card's too", async ({ page }) => {
    await page.goto('/merch');
    const cards = page.getByTestId('merch-card');
    await expect(cards.first()).toBeVisible();
    // The demo shop's first row: three items of different description lengths, one sold out.
    const bottoms: number[] = [];
    for (let index = 0; index < 3; index++) {
      const button = cards.nth(index).getByRole('button', { name: /Add to Cart|Sold out/ });
      const box = await boxOf(button);
      bottoms.push(box.y + box.height);
    }
    const [first, ...others] = bottoms as [number, ...number[]];
    for (const bottom of others) expect(Math.abs(bottom - first)).toBeLessThanOrEqual(1);
  });

  test("the hero shows this month's leader beside the headline", async ({ page }) => {
    await page.goto('/');
    const headline = await boxOf(page.getByRole('heading', { level: 1 }));
    const photo = page.locator('main a[href^="/cars/"]').filter({ hasText: '#1 This Month' }).first();
    await expect(photo).toBeVisible();
    const box = await boxOf(photo);
    expect(box.x, 'right of the headline').toBeGreaterThan(headline.x + headline.width);
    expect(box.y, 'on the first screen').toBeLessThan(1000);
    // The photo has arrived (not a broken or empty box).
    await expect
      .poll(() => photo.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
  });

  test("a toast sits under the header, clear of the cart, Login/Register and the user's controls", async ({ page }) => {
    await page.goto('/merch');
    const raised = await raiseToast(page);
    const toastBox = await boxOf(raised);
    const header = await boxOf(page.locator('header'));
    expect(toastBox.y, 'below the header').toBeGreaterThanOrEqual(header.y + header.height);
    for (const control of [
      page.getByRole('link', { name: 'Login to view cart' }),
      page.getByRole('link', { name: 'Login/Register' }),
    ]) {
      expect(overlaps(toastBox, await boxOf(control))).toBe(false);
    }
  });

  test('secondary buttons read as active: a red tint and outline, not a dull dark fill', async ({ page }) => {
    await page.goto('/');
    const button = page.getByRole('link', { name: 'Pick a Photo to Print' });
    await button.scrollIntoViewIfNeeded();
    const style = await button.evaluate((el) => {
      const css = getComputedStyle(el);
      return { background: css.backgroundColor, border: css.borderTopColor, color: css.color };
    });
    // Mantine's dark-scheme light variant: #550006 behind #ffeaea, no outline.
    expect(style.background).not.toBe('rgb(85, 0, 6)');
    expect(style.border).not.toBe('rgba(0, 0, 0, 0)');
    expect(style.color).toBe('rgb(252, 165, 165)');
  });
});

test.describe('toasts on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('a toast sits at the bottom of the screen, clear of the whole header', async ({ page }) => {
    await page.goto('/merch');
    const raised = await raiseToast(page);
    const toastBox = await boxOf(raised);
    const header = await boxOf(page.locator('header'));
    expect(overlaps(toastBox, header)).toBe(false);
    expect(toastBox.y + toastBox.height).toBeGreaterThan(844 / 2);
    expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(844);
  });
});
