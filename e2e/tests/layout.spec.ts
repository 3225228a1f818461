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
