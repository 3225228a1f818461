import { expect, test } from '@playwright/test';
import { demoCar } from './support';

// Issue 39, blocker 1: Mantine's styles are imported per component, and a car page's print picker (a Select: a
// Combobox in a Popover) came without the Popover's, which only a page visited earlier (/merch) brought. A visitor
// arriving from a shared link or a meet card's QR code saw the size list drawn unstyled under the footer, at the
// page's left edge. Each test runs in a fresh browser context: nothing visited before, nothing cached.

const PHONE = { width: 390, height: 844 };

test.describe('on a phone, a first visit to a car page', () => {
  test.use({ viewport: PHONE, hasTouch: true });

  test('the print picker opens styled, beside its field and on screen', async ({ page }, testInfo) => {
    const car = await demoCar(page.request);
    await page.goto(`/cars/${car.slug}`);

    // The print card is drawn in the browser once it comes near the viewport (just under the owner's card on a
    // phone), so it is React's when it shows.
    await page.getByRole('heading', { name: 'Meet the Owner' }).scrollIntoViewIfNeeded();
    const picker = page.getByRole('combobox', { name: 'Print product' });
    await picker.scrollIntoViewIfNeeded();
    // The list of prints has arrived once the placeholder says so.
    await expect(picker).toHaveAttribute('placeholder', 'Choose a print');
    await picker.click();

    const options = page.getByRole('listbox');
    await expect(options.getByRole('option').first()).toBeVisible();
    const dropdown = page.locator('.mantine-Select-dropdown');
    await expect(dropdown).toBeVisible();

    // Styled by Mantine's Popover: laid over the page (not in the flow after the footer), with its frame.
    await expect(dropdown).toHaveCSS('position', 'absolute');
    await expect(dropdown).not.toHaveCSS('border-top-left-radius', '0px');
    await expect(dropdown).not.toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');

    // On screen, and right against the field: below it or, with no room there, above it.
    await expect(dropdown).toBeInViewport({ ratio: 1 });
    const field = await picker.boundingBox();
    const list = await dropdown.boundingBox();
    if (!field || !list) throw new Error('the picker or its list has no box');
    const gap = Math.min(Math.abs(list.y - (field.y + field.height)), Math.abs(field.y - (list.y + list.height)));
    expect(gap, 'distance between the field and its list, px').toBeLessThan(24);
    expect(Math.abs(list.x - field.x), 'the list starts under the field').toBeLessThan(4);
    const footer = await page.locator('footer').boundingBox();
    if (footer) expect(list.y + list.height, 'the list ends above the footer').toBeLessThan(footer.y);

    await page.screenshot({ path: testInfo.outputPath('print-picker-390.png') });
    await options.getByRole('option').first().click();
    await expect(options).toBeHidden();
  });
});
