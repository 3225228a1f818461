import { expect, test } from '@playwright/test';
import { DEMO_DRIVER, demoCar } from './support';

// Issue 39 item 7: choosing a print is plain. Each thumbnail is a tile with a labelled "Select for print" checkbox
// (44 px high), "Select all photos" ticks them all and the summary says so, and a signed-out visitor's Add to Cart
// goes to sign-in and back to the car with the photos, print and quantity still chosen. Nothing is added to the
// shared demo cart here.

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
]) {
  test(`at ${viewport.width} px, a signed-out choice of prints survives sign-in`, async ({ page }, testInfo) => {
    await page.setViewportSize(viewport);
    const car = await demoCar(page.request);
    await page.goto(`/cars/${car.slug}`);

    const tiles = page.getByRole('checkbox', { name: /^Select for print: / });
    await expect(tiles.first()).toBeVisible();
    const photoCount = await tiles.count();
    const bar = await tiles.first().locator('xpath=..').boundingBox();
    expect(bar?.height ?? 0, 'the tile’s select bar is a thumb’s target').toBeGreaterThanOrEqual(44);

    // The print card is drawn once it comes near the viewport (under the owner's card on a phone).
    await page.getByRole('heading', { name: 'Meet the Owner' }).scrollIntoViewIfNeeded();
    const selectAll = page.getByRole('checkbox', { name: 'Select all photos' });
    await selectAll.scrollIntoViewIfNeeded();
    await selectAll.check();
    const summary = page.getByTestId('print-selected-count');
    await expect(summary).toHaveText(`${photoCount} image${photoCount === 1 ? '' : 's'} selected`);
    for (const box of await tiles.all()) await expect(box).toBeChecked();

    // One photo off again: the summary follows, Select all is no longer ticked.
    if (photoCount > 1) {
      await tiles.first().uncheck();
      await expect(summary).toHaveText(`${photoCount - 1} image${photoCount - 1 === 1 ? '' : 's'} selected`);
      await expect(selectAll).not.toBeChecked();
    }
    const chosen = photoCount > 1 ? photoCount - 1 : photoCount;

    const picker = page.getByRole('combobox', { name: 'Print product' });
    await expect(picker).toHaveAttribute('placeholder', 'Choose a print');
    await picker.click();
    const options = page.getByRole('option');
    const prices = (await options.allTextContents()).map((text) => Number(text.replace(/.*\$/, '').replace(',', '')));
    expect(prices, 'sizes listed cheapest first').toEqual([...prices].sort((a, b) => a - b));
    const firstOption = (await options.first().textContent()) ?? '';
    await options.first().click();
    await page.getByRole('button', { name: 'Increase Quantity' }).click();
    await page.screenshot({ path: testInfo.outputPath(`print-choice-${viewport.width}.png`), fullPage: true });

    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page).toHaveURL(/\/auth\?next=/);
    const form = page.getByRole('tabpanel', { name: 'Log In' });
    await form.getByLabel(/^Email/).fill(DEMO_DRIVER.email);
    await form.getByLabel(/^Password/).fill(DEMO_DRIVER.password);
    await form.getByRole('button', { name: 'Log In', exact: true }).click();

    await expect(page).toHaveURL(new RegExp(`/cars/${car.slug}\\?print=`));
    await page.getByRole('heading', { name: 'Meet the Owner' }).scrollIntoViewIfNeeded();
    await expect(summary).toHaveText(`${chosen} image${chosen === 1 ? '' : 's'} selected`);
    // Once the print card has taken the choice back, the address is the car's plain one.
    await expect(page).toHaveURL(new RegExp(`/cars/${car.slug}$`));
    await expect(page.getByRole('combobox', { name: 'Print product' })).toHaveValue(firstOption);
    await expect(page.getByRole('textbox', { name: 'Quantity' })).toHaveValue('2');
    if (photoCount > 1) await expect(tiles.first()).not.toBeChecked();
    await expect(tiles.last()).toBeChecked();
    await page.screenshot({ path: testInfo.outputPath(`print-choice-kept-${viewport.width}.png`), fullPage: true });
  });
}
