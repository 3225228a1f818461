import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import {
  addMerchToCart,
  checkOutWithTestCard,
  DEMO_ADMIN,
  demoCar,
  logIn,
  newUser,
  registerByApi,
  seeToast,
} from './support';

// The admin fulfilling orders: find yesterday's print order by the customer's e-mail, see the
// photo to print and download its original, print the packing slip, ship it with a tracking number and see that in
// the status history; then ship two orders at once and export them as CSV, whose rows are those two orders.

interface CustomerOrder {
  id: number;
  email: string;
  total: number;
  createdAt: string;
}

const money = (cents: number) => (cents / 100).toFixed(2);
/** 'YYYY-MM-DD' of an instant in Central time, as the orders tab's date filters take it. */
const centralDay = (iso: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date(iso));

/** A customer in a browser context of their own, registered through the API (signed in); `email` names theirs. */
async function customer(browser: Browser, prefix: string, email?: string) {
  const page = await (await browser.newContext()).newPage();
  const user = { ...newUser(prefix), ...(email ? { email } : {}) };
  await registerByApi(page, user);
  return { page, user };
}

/** The customer's newest order, as My Orders reads it. */
async function newestOrder(page: Page): Promise<CustomerOrder> {
  const orders = (await (await page.request.get('/api/user/orders')).json()) as CustomerOrder[];
  expect(orders.length).toBeGreaterThan(0);
  return orders[0] as CustomerOrder;
}

/**
 * Moves an order's date back by a day, in the e2e server's embedded database (playwright.config.ts: DATA_DIR). The
 * test's own fixture, as the integration tests write dates: no route of the app can backdate an order, nor should.
 */
function placeOrderYesterday(orderId: number) {
  const Database = createRequire(new URL('../../server/package.json', import.meta.url))('better-sqlite3') as new (
    file: string,
  ) => {
    pragma(text: string): unknown;
    prepare(sql: string): { run(...params: unknown[]): { changes: number } };
    close(): void;
  };
  const db = new Database(join(process.env.E2E_DATA_DIR ?? '', 'curbside.sqlite'));
  try {
    db.pragma('busy_timeout = 10000');
    const { changes } = db
      .prepare(`UPDATE orders SET createdAt = strftime('%Y-%m-%d %H:%M:%f', createdAt, '-1 day') WHERE id = ?`)
      .run(orderId);
    expect(changes).toBe(1);
  } finally {
    db.close();
  }
}

/** The fields of a CSV text (RFC 4180: quoted fields, doubled quotes, CRLF rows), byte-order mark dropped. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const input = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < input.length; i++) {
    const ch = input[i];
    if (quoted) {
      if (ch === '"' && input[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\r' && input[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += ch;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

async function openOrdersTab(page: Page) {
  await page.goto('/admin?tab=orders');
  await expect(page.getByRole('tab', { name: 'Order Management' })).toHaveAttribute('aria-selected', 'true');
}

test("find yesterday's print order by e-mail, download its photo, print the slip, ship it and see the history", async ({
  page,
  browser,
}) => {
  // The customer: a 12x18 poster of a demo car's photo, paid with the test card; then the order is made yesterday's.
  const buyer = await customer(browser, 'print');
  const car = await demoCar(buyer.page.request);
  const photo = car.images.find((image) => image.url.endsWith('-w1600.webp')) as { url: string; id?: number };
  const products = (await (await buyer.page.request.get('/api/products?limit=100')).json()) as {
    id: number;
    name: string;
  }[];
  const poster = products.find((product) => product.name === 'Poster Print 12x18');
  expect(poster, 'the demo data has the 12x18 poster').toBeDefined();
  const added = await buyer.page.request.post('/api/cart', {
    data: { productId: poster?.id, quantity: 1, carId: car.id, imageId: photo.id },
  });
  expect(added.ok(), await added.text()).toBe(true);
  await checkOutWithTestCard(buyer.page);
  const placed = await newestOrder(buyer.page);
  placeOrderYesterday(placed.id);
  const order = await newestOrder(buyer.page);
  expect(Date.parse(placed.createdAt) - Date.parse(order.createdAt)).toBe(86_400_000);
  const yesterday = centralDay(order.createdAt);

  // The admin finds it by the customer's e-mail, among yesterday's orders (Central days).
  await logIn(page, DEMO_ADMIN);
  await openOrdersTab(page);
  await page.getByLabel('Search orders').fill(buyer.user.email);
  const rows = page.getByTestId('order-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`#${order.id}`);
  await expect(rows.first()).toContainText(buyer.user.email);
  await expect(page.getByText('Page 1 of 1 · 1 order', { exact: true })).toBeVisible();
  await page.getByLabel('From (Central)').fill(yesterday);
  await page.getByLabel('To (Central)').fill(yesterday);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`#${order.id}`);
  // Not among today's: the order really is yesterday's.
  await page.getByLabel('From (Central)').fill(centralDay(new Date().toISOString()));
  await page.getByLabel('To (Central)').fill(centralDay(new Date().toISOString()));
  await expect(page.getByText('No orders match your filter criteria.')).toBeVisible();
  await page.getByLabel('From (Central)').fill(yesterday);
  await page.getByLabel('To (Central)').fill(yesterday);
  await rows.first().getByRole('button', { name: 'View' }).click();

  // The print line: the photo's thumbnail, its pixels against the print size, and the original to download.
  const dialog = page.getByRole('dialog', { name: `Order #${order.id}` });
  const print = dialog.getByTestId('print-photo');
  const thumbnail = print.getByRole('img', { name: `${car.make} ${car.model} for Poster Print 12x18` });
  await expect(thumbnail).toBeVisible();
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(print).toContainText(/\d+ × \d+ px/);
  await expect(print).toContainText(/(Large enough|Too small for this print).*150 dpi/);
  const original = print.getByRole('link', { name: 'Download original' });
  const downloading = page.waitForEvent('download');
  await original.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(new RegExp(`^order-${order.id}-item-\\d+-12x18-\\d+x\\d+\\.jpg$`));
  const bytes = readFileSync(await download.path());
  // A JPEG (its start-of-image marker), of the size the server says, and served as one.
  expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  const served = await page.request.get((await original.getAttribute('href')) ?? '');
  expect(served.headers()['content-type']).toBe('image/jpeg');
  expect(Number(served.headers()['content-length'])).toBe(bytes.length);
  expect(bytes.length).toBeGreaterThan(10_000);

  // The packing slip: order number, date, ship-to and the line with its photo; Print prints only the slip.
  await dialog.getByRole('button', { name: 'Packing slip' }).click();
  const slip = page.getByTestId('packing-slip');
  await expect(slip.getByRole('heading', { name: `Order #${order.id}` })).toBeVisible();
  await expect(slip).toContainText('Ship to');
  await expect(slip).toContainText('Dana Driver');
  await expect(slip).toContainText('1 Market St');
  await expect(slip).toContainText('San Francisco, CA 94105');
  const line = slip.getByTestId('slip-line');
  await expect(line).toHaveCount(1);
  await expect(line).toContainText('Poster Print 12x18');
  await expect(line).toContainText(`${car.make} ${car.model} · 12x18`);
  await expect(line.getByRole('cell').last()).toHaveText('1');
  const slipPhoto = line.getByRole('img', { name: `${car.make} ${car.model} for Poster Print 12x18` });
  await expect.poll(() => slipPhoto.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed++;
    };
  });
  await slip.getByRole('button', { name: 'Print' }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  // As printed: the slip alone, without the dashboard, the order dialog or the Print button.
  await page.emulateMedia({ media: 'print' });
  const number = slip.getByRole('heading', { name: `Order #${order.id}` });
  await expect(number).toBeVisible();
  // Black on the white paper (the dark theme's headings are white).
  expect(await number.evaluate((heading) => getComputedStyle(heading).color)).toBe('rgb(0, 0, 0)');
  await expect(slip.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(page.getByRole('tab', { name: 'Order Management' })).toBeHidden();
  await expect(dialog).toBeHidden();
  await page.screenshot({ path: test.info().outputPath('packing-slip-print.png'), fullPage: true });
  await page.emulateMedia({ media: 'screen' });
  await page
    .getByRole('dialog', { name: `Packing slip: #${order.id}` })
    .getByRole('button')
    .first()
    .click();
  await expect(slip).toBeHidden();

  // Shipped with a tracking number; the history says from what to what, by whom, and the number.
  await expect(dialog).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Change status' }).click();
  await page.getByRole('option', { name: 'Shipped' }).click();
  await dialog.getByLabel('Tracking number').fill('1Z999AA10123456784');
  await dialog.getByRole('button', { name: 'Update Status' }).click();
  await seeToast(page, 'Success!');
  const history = dialog.getByRole('list', { name: 'Status history' });
  await expect(history.getByRole('listitem')).toHaveCount(2);
  await expect(history.getByRole('listitem').first()).toContainText('Pending by the system');
  await expect(history.getByRole('listitem').last()).toContainText(
    /Pending → Shipped by \S+.* · Tracking 1Z999AA10123456784/,
  );
  await expect(dialog.getByText('Shipped', { exact: true }).first()).toBeVisible();
  // The customer sees it shipped, with the number.
  const mine = await newestOrder(buyer.page);
  expect(mine).toMatchObject({ id: order.id, status: 'shipped', trackingNumber: '1Z999AA10123456784' });
});

test('ship two orders at once and export them as CSV: the rows are those orders', async ({ page, browser }) => {
  // Two customers whose e-mails share a tag, each with a paid merchandise order.
  const tag = `bulk${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const orders: CustomerOrder[] = [];
  for (const n of [1, 2]) {
    const buyer = await customer(browser, 'bulk', `${tag}-${n}@example.com`);
    await addMerchToCart(buyer.page);
    await checkOutWithTestCard(buyer.page);
    orders.push(await newestOrder(buyer.page));
  }
  const [older, newer] = orders as [CustomerOrder, CustomerOrder];

  await logIn(page, DEMO_ADMIN);
  await openOrdersTab(page);
  await page.getByLabel('Search orders').fill(tag);
  const rows = page.getByTestId('order-row');
  await expect(rows).toHaveCount(2);
  for (const order of orders) await page.getByRole('checkbox', { name: `Select order #${order.id}` }).check();
  const bar = page.getByTestId('bulk-bar');
  await expect(bar).toContainText('2 selected');
  await bar.getByRole('button', { name: 'Move to Shipped' }).click();

  const ship = page.getByRole('dialog', { name: 'Tracking numbers' });
  for (const order of orders) await ship.getByLabel(`Tracking number for #${order.id}`).fill(`TRK-${order.id}`);
  await ship.getByRole('button', { name: 'Move to Shipped' }).click();
  await seeToast(page, '2 orders updated');
  await expect(ship).toBeHidden();
  for (const order of orders) {
    await expect(rows.filter({ hasText: `#${order.id}` })).toContainText('Shipped');
  }

  // The export holds what the filters match: these two orders, newest first.
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
  const [header, ...records] = parseCsv(readFileSync(await download.path(), 'utf8'));
  expect(header).toEqual([
    'Order',
    'Date (Central)',
    'Status',
    'Customer',
    'E-mail',
    'Ship to',
    'City',
    'State',
    'Postal code',
    'Country',
    'Items',
    'Subtotal',
    'Shipping',
    'Tax',
    'Total',
    'Refunded',
    'Payment',
    'Tracking number',
  ]);
  const column = (name: string) => (header ?? []).indexOf(name);
  const cells = (record: string[]) =>
    ['Order', 'Status', 'E-mail', 'Total', 'Payment', 'Tracking number', 'Ship to', 'State'].map(
      (name) => record[column(name)],
    );
  expect(records.map(cells)).toEqual(
    [newer, older].map((order) => [
      String(order.id),
      'shipped',
      order.email,
      money(order.total),
      'paid',
      `TRK-${order.id}`,
      'Dana Driver',
      'CA',
    ]),
  );
});
