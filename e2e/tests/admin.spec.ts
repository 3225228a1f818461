import { readFileSync } from 'node:fs';
import { type Browser, expect, type Page, test } from '@playwright/test';
import {
  checkOutWithTestCard,
  DEMO_ADMIN,
  demoCar,
  type ListedCar,
  logIn,
  newUser,
  registerByApi,
  seeToast,
} from './support';

// The admin dashboard as the demo admin would use it: feature a car and find it in the home
// slider; create a product, have a shopper buy it, ship that order with a tracking number the shopper then sees,
// refuse to move a delivered order back, and cancel another order to get the stock back.

interface ApiProduct {
  id: number;
  name: string;
  stock: number;
}

async function shopper(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await registerByApi(page, newUser('shop'));
  return page;
}

async function merchStock(page: Page, name: string): Promise<number | undefined> {
  const merch = (await (await page.request.get('/api/merch')).json()) as ApiProduct[];
  return merch.find((p) => p.name === name)?.stock;
}

async function buyOne(page: Page, productName: string): Promise<number> {
  await page.goto('/merch');
  const card = page.getByTestId('merch-card').filter({ hasText: productName });
  await card.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText(`1 x ${productName} added to your cart`)).toBeVisible();
  await checkOutWithTestCard(page);
  const orders = (await (await page.request.get('/api/user/orders')).json()) as { id: number }[];
  return orders[0]!.id;
}

test('feature a car and see it in the home slider', async ({ page }) => {
  await logIn(page, DEMO_ADMIN);
  const cars = (await (await page.request.get('/api/cars?limit=100')).json()) as ListedCar[];
  const car = cars.find((c) => !c.featured && c.images.length > 0);
  expect(car, 'the demo data has a car that is not featured').toBeDefined();
  const title = `${car!.year} ${car!.make} ${car!.model}`;

  await page.goto('/admin');
  await expect(page.getByRole('tab', { name: 'Manage Cars' })).toHaveAttribute('aria-selected', 'true');
  // The switch follows the server's response, so click and wait for it rather than check() at once.
  const featured = page.getByRole('switch', { name: `Featured: ${title}` });
  await featured.click();
  await expect(featured).toBeChecked();
  await seeToast(page, 'Success!');

  await page.goto('/');
  await page.getByRole('button', { name: `Show ${car!.make} ${car!.model}` }).click();
  await expect(page.getByRole('region', { name: 'Featured cars' }).getByRole('heading', { name: title })).toBeVisible();
});

test('create a product, sell it, ship one order and cancel another', async ({ page, browser }) => {
  const productName = `Track Day Hoodie ${Date.now().toString(36)}`;
  await logIn(page, DEMO_ADMIN);

  // Products tab: a merchandise item, typed in dollars.
  await page.goto('/admin?tab=products');
  const form = page.getByRole('form', { name: 'New product' });
  await form.getByLabel('Name').fill(productName);
  await form.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Apparel' });
  await form.getByLabel('Price ($)').fill('45.00');
  await form.getByLabel('Stock').fill('3');
  await form.getByLabel('SKU').fill(`HOOD-${Date.now().toString(36)}`);
  await form.getByRole('switch', { name: 'Merchandise Item' }).check();
  // Its picture, uploaded from the admin's computer.
  const picture = await page.request.get((await carPhotoUrl(page)) ?? '');
  const chooser = page.waitForEvent('filechooser');
  await form.getByRole('button', { name: 'Upload Image' }).click();
  await (await chooser).setFiles({
    name: 'hoodie.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from(await picture.body()),
  });
  await expect(form.getByLabel('Image URL')).toHaveValue(/^\/api\/file\/products\//);
  await form.getByRole('button', { name: 'Create Product' }).click();
  await seeToast(page, 'Success!');
  await page.goto('/merch');
  const merchCard = page.getByTestId('merch-card').filter({ hasText: productName });
  await expect(merchCard.getByRole('img', { name: productName })).toHaveAttribute('src', /^\/api\/file\/products\//);

  // A shopper buys one.
  const buyer = await shopper(browser);
  const firstOrder = await buyOne(buyer, productName);
  expect(await merchStock(buyer, productName)).toBe(2);

  // Order Management: ship it with a tracking number.
  await page.goto('/admin?tab=orders');
  const row = page.getByTestId('order-row').filter({ hasText: `#${firstOrder}` });
  await row.getByRole('button', { name: 'View' }).click();
  const dialog = page.getByRole('dialog');
  const updateStatus = dialog.getByRole('button', { name: 'Update Status' });
  await expect(updateStatus).toBeDisabled();
  await dialog.getByRole('combobox', { name: 'Change status' }).click();
  await page.getByRole('option', { name: 'Shipped' }).click();
  await dialog.getByLabel('Tracking number').fill('1Z999AA10123456784');
  await updateStatus.click();
  await seeToast(page, 'Success!');

  // The shopper sees the tracking number in My Orders.
  await buyer.goto('/user/orders');
  await buyer.getByTestId('order-row').first().getByRole('button', { name: 'View Details' }).click();
  await expect(buyer.getByRole('dialog').getByText('1Z999AA10123456784')).toBeVisible();

  // Delivered is final: the dialog offers no way back, and the server refuses one.
  await page.goto('/admin?tab=orders');
  await page
    .getByTestId('order-row')
    .filter({ hasText: `#${firstOrder}` })
    .getByRole('button', { name: 'View' })
    .click();
  await dialog.getByRole('combobox', { name: 'Change status' }).click();
  await page.getByRole('option', { name: 'Delivered' }).click();
  await dialog.getByRole('button', { name: 'Update Status' }).click();
  await seeToast(page, 'Success!');
  const back = await page.request.put(`/api/orders/${firstOrder}/status`, { data: { status: 'processing' } });
  expect(back.status()).toBe(409);
  expect((await back.json()).message).toMatch(/delivered order cannot be moved back/i);
  await page.keyboard.press('Escape');
  await expect(
    page
      .getByTestId('order-row')
      .filter({ hasText: `#${firstOrder}` })
      .getByRole('button', { name: 'Cancel' }),
  ).toBeDisabled();

  // A second order, canceled: the unit goes back in stock.
  const secondOrder = await buyOne(buyer, productName);
  expect(await merchStock(buyer, productName)).toBe(1);
  await page.goto('/admin?tab=orders');
  await page
    .getByTestId('order-row')
    .filter({ hasText: `#${secondOrder}` })
    .getByRole('button', { name: 'Cancel' })
    .click();
  await expect(
    page.getByText(`Are you sure you want to cancel order #${secondOrder}? This action cannot be undone.`),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Cancel Order' }).click();
  await seeToast(page, 'Success!');
  await expect(page.getByTestId('order-row').filter({ hasText: `#${secondOrder}` })).toContainText('Canceled');
  expect(await merchStock(buyer, productName)).toBe(2);

  // The statistics tab opens with its chart of the showcase's categories.
  await page.goto('/admin?tab=statistics');
  await expect(page.getByRole('heading', { name: 'Category Distribution' })).toBeVisible();
});

test('an event in Central time and a banner ad: created, seen by visitors, edited into summer time, deleted', async ({
  page,
  browser,
}) => {
  const stamp = Date.now().toString(36);
  const eventTitle = `Lakefront Cars & Coffee ${stamp}`;
  const adName = `Detailing Co. ${stamp}`;
  await logIn(page, DEMO_ADMIN);

  // 7:30 PM on 15 January 2027 in Chicago is standard time: the page must say CST.
  await page.goto('/admin?tab=events');
  const eventForm = page.getByRole('form', { name: 'New event' });
  await eventForm.getByLabel(/^Title/).fill(eventTitle);
  await eventForm.getByLabel(/^Description/).fill('Coffee, cars and the skyline.');
  await eventForm.getByLabel(/Date and time/).fill('2027-01-15T19:30');
  await eventForm.getByLabel(/^Location/).fill('Montrose Harbor, Chicago');
  await eventForm.getByLabel(/^Image URL/).fill('https://images.example.com/lakefront.jpg');
  await eventForm.getByLabel(/Facebook event URL/).fill('https://facebook.com/events/4242');
  await eventForm.getByRole('button', { name: 'Create Event' }).click();
  await seeToast(page, 'Success!');

  // The advertisement: a banner with an uploaded picture, live for the default 30 days.
  await page.goto('/admin?tab=ads');
  const adForm = page.getByRole('form', { name: 'New advertisement' });
  await adForm.getByLabel(/^Name/).fill(adName);
  await adForm.getByRole('combobox', { name: /^Type/ }).selectOption('banner');
  await expect(adForm.getByText(/728x90 or 970x250 px/)).toBeVisible();
  const picture = await page.request.get((await carPhotoUrl(page)) ?? '');
  await adForm.locator('input[type="file"]').setInputFiles({
    name: 'banner.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from(await picture.body()),
  });
  await expect(adForm.getByLabel(/^Image URL/)).toHaveValue(/^\/api\/file\/ads\//);
  await adForm.getByLabel(/^Link URL/).fill('https://detailing.example.com');
  await adForm.getByRole('button', { name: 'Create Advertisement' }).click();
  await seeToast(page, 'Success!');

  // A visitor sees both.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/events');
  const card = visitor.getByTestId('event-card').filter({ hasText: eventTitle });
  await expect(card.getByText('Fri, Jan 15, 2027 · 7:30 PM CST')).toBeVisible();
  await expect(card.getByRole('link', { name: 'View Facebook Event' })).toHaveAttribute('target', '_blank');
  // Add to Calendar saves an .ics file holding the event, its start in UTC.
  const [download] = await Promise.all([
    visitor.waitForEvent('download'),
    card.getByRole('link', { name: `Add to Calendar: ${eventTitle}` }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.ics$/);
  const ics = readFileSync(await download.path(), 'utf8');
  expect(ics).toContain('\r\nDTSTART:20270116T013000Z\r\n');
  expect(ics).toContain(`\r\nSUMMARY:${eventTitle}\r\n`);

  // Several banners may be live (the demo has one); the home page picks one at random, so look until ours shows.
  await expect(async () => {
    await visitor.goto('/');
    await expect(visitor.getByRole('img', { name: adName })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 45_000 });

  // Moved to the Fourth of July: summer time, so the page now says CDT.
  await page.goto('/admin?tab=events');
  await page.getByTestId('event-row').filter({ hasText: eventTitle }).getByRole('button', { name: 'Edit' }).click();
  const editForm = page.getByRole('form', { name: 'Edit event' });
  await expect(editForm.getByLabel(/Date and time/)).toHaveValue('2027-01-15T19:30');
  await editForm.getByLabel(/Date and time/).fill('2027-07-04T12:00');
  await editForm.getByRole('button', { name: 'Update Event' }).click();
  await seeToast(page, 'Success!');
  await visitor.goto('/events');
  await expect(card.getByText('Sun, Jul 4, 2027 · 12:00 PM CDT')).toBeVisible();

  // Both deleted, after the confirmation: gone for visitors too.
  for (const { tab, rowId, name } of [
    { tab: 'events', rowId: 'event-row', name: eventTitle },
    { tab: 'ads', rowId: 'ad-row', name: adName },
  ]) {
    await page.goto(`/admin?tab=${tab}`);
    await page.getByTestId(rowId).filter({ hasText: name }).getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: `Delete ${name}?` });
    await expect(confirm.getByText('This action cannot be undone.')).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByTestId(rowId).filter({ hasText: name })).toHaveCount(0);
  }
  await visitor.goto('/events');
  await expect(visitor.getByRole('heading', { name: 'Upcoming Events' })).toBeVisible();
  await expect(visitor.getByTestId('event-card').filter({ hasText: eventTitle })).toHaveCount(0);
  const liveAds = (await (await visitor.request.get('/api/advertisements/active')).json()) as { name: string }[];
  expect(liveAds.map((ad) => ad.name)).not.toContain(adName);
});

/** A real picture the server already serves: a demo car photo. */
async function carPhotoUrl(page: Page): Promise<string | undefined> {
  return (await demoCar(page.request)).images[0]?.url;
}
