import {
  adminOrderDetailSchema,
  adminOrderPageSchema,
  adminOrderSchema,
  bulkStatusResultSchema,
  centralWallTimeToUtc,
  type Order,
  orderListSchema,
} from '@curbside/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, unique } from '../../../test/app';
import { HttpClient } from '../../../test/http';
import { makeCar } from '../../../test/showcase-fixtures';
import { UserEntity } from '../accounts/user.entity';
import { CarImageEntity } from '../cars/car-image.entity';
import { makeProduct, payCartWithTestCard, shopper } from '../checkout/shop-test-fixtures';
import { uploadCarImage } from '../images/upload-test-helpers';
import { OrderEntity } from './order.entity';

// The admin fulfilling print orders over /api: finding an order by number, customer, status and Central
// dates page by page; the photo to print with its pixel check and the admin-only download; the status history;
// internal notes kept from the customer; bulk moves; the CSV export; and the refund choice when cancelling.

const ADMIN = { email: 'fulfil-boss@example.com', password: 'admin-password-1' };
let t: TestApp;
let admin: HttpClient;

beforeAll(async () => {
  t = await startTestApp({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  admin = new HttpClient(t.baseUrl);
  expect((await admin.post('/api/login', ADMIN)).status).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

const ds = () => t.app.services.ds;

/** A new customer pays for `lines` (product id, quantity, optional car photo) with the test card. */
async function buy(lines: { productId: number; quantity: number; carId?: number; imageId?: number }[]) {
  const customer = await shopper(t.baseUrl);
  for (const line of lines) expect((await customer.client.post('/api/cart', line)).status).toBe(201);
  const { order } = await payCartWithTestCard(customer);
  return { customer, order };
}

async function buyMerch(quantity = 1) {
  const product = await makeProduct(ds(), { isMerch: true, price: 1500, stock: 50 });
  return buy([{ productId: product.id, quantity }]);
}

/** An admin-uploaded photo of a new car, carrying EXIF the upload must strip, and a 12x18 poster of it. */
async function printOrder(width: number, height: number) {
  const car = await makeCar(ds(), { slug: unique('fj60-'), make: 'Toyota', model: 'Land Cruiser FJ60' });
  const withExif = await sharp({ create: { width, height, channels: 3, background: '#a05020' } })
    .withExif({ IFD0: { Copyright: 'Secret Owner', Artist: 'GPS here' } })
    .jpeg()
    .toBuffer();
  const uploaded = await uploadCarImage(admin, car.id, withExif, true);
  expect(uploaded.status).toBe(201);
  const poster = await makeProduct(ds(), { name: 'Poster Print 12x18', printSize: '12x18', price: 2500 });
  const bought = await buy([{ productId: poster.id, quantity: 2, carId: car.id, imageId: uploaded.body.id }]);
  return { ...bought, imageId: uploaded.body.id as number };
}

const search = async (query: string, client = admin) => {
  const res = await client.get(`/api/orders/search?${query}`);
  return { res, page: res.status === 200 ? adminOrderPageSchema.parse(res.body) : null };
};

describe('finding orders (GET /api/orders/search)', () => {
  it('finds an order by its number, by the customer e-mail or name, and nothing for a stranger', async () => {
    const { order, customer } = await buyMerch(3);
    await buyMerch();

    const byNumber = await search(`q=${encodeURIComponent(`#${order.id}`)}`);
    expect(byNumber.page?.orders.map((o) => o.id)).toContain(order.id);
    expect(byNumber.page?.orders.every((o) => o.id === order.id || o.email.includes(String(order.id)))).toBe(true);

    const byEmail = await search(`q=${encodeURIComponent(customer.email.toUpperCase())}`);
    expect(byEmail.page?.orders.map((o) => o.id)).toEqual([order.id]);
    expect(byEmail.page?.total).toBe(1);
    // The list's columns: item count, ship-to state, payment state.
    expect(byEmail.page?.orders[0]).toMatchObject({
      itemCount: 3,
      shippingAddress: { state: 'CA' },
      paymentState: 'paid',
    });

    // The beginning of the customer's (unique) last name, as the admin types it.
    const name = order.customer?.name as string;
    const byName = await search(`q=${encodeURIComponent((name.split(' ').at(-1) as string).slice(0, -2))}`);
    expect(byName.page?.orders.map((o) => o.id)).toEqual([order.id]);

    const none = await search(`q=${encodeURIComponent('100%_nobody')}`);
    expect(none.page).toMatchObject({ orders: [], total: 0 });
  });

  it('pages past 100 orders with a total, newest first, and filters by status', async () => {
    const repo = ds().getRepository(OrderEntity);
    const template = await repo.findOneByOrFail({ id: (await buyMerch()).order.id });
    // 105 more orders written directly (the checkout is tested elsewhere); tagged by e-mail to search them.
    const tag = unique('bulk');
    for (let i = 0; i < 105; i++) {
      const { id: _id, createdAt: _c, updatedAt: _u, items: _i, user: _us, ...rest } = template;
      await repo.insert({ ...rest, email: `${tag}-${i}@example.com`, paymentId: `${tag}-${i}` });
    }
    const first = await search(`q=${tag}&pageSize=100&page=1`);
    const second = await search(`q=${tag}&pageSize=100&page=2`);
    expect(first.page?.total).toBe(105);
    expect(first.page?.orders).toHaveLength(100);
    expect(second.page?.orders).toHaveLength(5);
    const ids = [...(first.page?.orders ?? []), ...(second.page?.orders ?? [])].map((o) => o.id);
    expect(new Set(ids).size).toBe(105);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const someId = ids[7];
    expect((await admin.put(`/api/orders/${someId}/status`, { status: 'processing' })).status).toBe(200);
    const processing = await search(`q=${tag}&status=processing`);
    expect(processing.page?.orders.map((o) => o.id)).toEqual([someId]);
  });

  it('filters by Central calendar days: an order at 11:30 pm Central belongs to that day, not the next', async () => {
    const { order } = await buyMerch();
    const tag = order.email;
    // 2026-03-09 23:30 CDT is 2026-03-10 04:30 UTC.
    const late = centralWallTimeToUtc('2026-03-09T23:30') as Date;
    await ds().getRepository(OrderEntity).update({ id: order.id }, { createdAt: late });
    const q = `q=${encodeURIComponent(tag)}`;
    expect((await search(`${q}&from=2026-03-09&to=2026-03-09`)).page?.total).toBe(1);
    expect((await search(`${q}&from=2026-03-10`)).page?.total).toBe(0);
    expect((await search(`${q}&to=2026-03-08`)).page?.total).toBe(0);
    const backwards = await search(`${q}&from=2026-03-10&to=2026-03-09`);
    expect(backwards.res.status).toBe(400);
    expect(backwards.res.body.message).toMatch(/end date/i);
  });

  it('is for admins only, as is GET /api/orders with the same filters', async () => {
    const { customer, order } = await buyMerch();
    expect((await search('q=x', customer.client)).res.status).toBe(403);
    expect((await search('q=x', new HttpClient(t.baseUrl))).res.status).toBe(401);
    const listed = await admin.get(`/api/orders?limit=5&q=${encodeURIComponent(customer.email)}`);
    expect(listed.status).toBe(200);
    expect(listed.body.map((o: { id: number }) => o.id)).toEqual([order.id]);
  });
});

describe('the photo to print', () => {
  it('shows the pixel size and warns when it is too small for the print at 150 dpi', async () => {
    const { order, imageId } = await printOrder(1200, 800);
    const res = await admin.get(`/api/orders/${order.id}`);
    expect(res.status).toBe(200);
    const detail = adminOrderDetailSchema.parse(res.body);
    expect(detail.items[0]).toMatchObject({
      isPrint: true,
      printSize: '12x18',
      photo: { width: 1200, height: 800, required: { width: 1800, height: 2700 }, largeEnough: false },
    });
    // A big enough photo (landscape is fine: the print is turned).
    await ds().getRepository(CarImageEntity).update({ id: imageId }, { width: 2700, height: 1800 });
    const again = adminOrderDetailSchema.parse((await admin.get(`/api/orders/${order.id}`)).body);
    expect(again.items[0]?.photo?.largeEnough).toBe(true);
  });

  it('downloads the stored original without metadata, to admins only', async () => {
    const { order, customer } = await printOrder(640, 480);
    const detail = adminOrderDetailSchema.parse((await admin.get(`/api/orders/${order.id}`)).body);
    const url = detail.items[0]?.photo?.downloadUrl as string;
    expect(url).toBe(`/api/orders/${order.id}/items/${detail.items[0]?.id}/original`);

    const res = await fetch(t.baseUrl + url, { headers: { cookie: admin.cookie ?? '' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="order-\d+-item-\d+-12x18-640x480\.jpg"$/,
    );
    const bytes = Buffer.from(await res.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ width: 640, height: 480, format: 'jpeg' });
    expect(meta.exif).toBeUndefined();
    expect(bytes.includes(Buffer.from('Secret Owner'))).toBe(false);

    expect((await customer.client.get(url)).status).toBe(403);
    expect((await new HttpClient(t.baseUrl).get(url)).status).toBe(401);
    expect((await admin.get(`/api/orders/${order.id}/items/999999/original`)).status).toBe(404);
  });
});

describe('history and notes', () => {
  it('records who moved the order, when, from what to what, and the tracking number', async () => {
    const { order } = await buyMerch();
    expect((await admin.put(`/api/orders/${order.id}/status`, { status: 'processing' })).status).toBe(200);
    const shipped = await admin.put(`/api/orders/${order.id}/status`, {
      status: 'shipped',
      trackingNumber: '1Z999AA10123456784',
    });
    expect(shipped.status).toBe(200);
    // A corrected tracking number on the same status is history too.
    await admin.put(`/api/orders/${order.id}/status`, { status: 'shipped', trackingNumber: '1Z999AA10123456785' });

    const { history } = adminOrderDetailSchema.parse((await admin.get(`/api/orders/${order.id}`)).body);
    expect(history.map((h) => [h.from, h.to, h.trackingNumber])).toEqual([
      [null, 'pending', null],
      ['pending', 'processing', null],
      ['processing', 'shipped', '1Z999AA10123456784'],
      ['shipped', 'shipped', '1Z999AA10123456785'],
    ]);
    expect(history[0]?.by).toBeNull();
    expect(history[1]?.by).toEqual(expect.any(String));
    expect(Date.parse(history[2]?.at ?? '')).toBeGreaterThanOrEqual(Date.parse(history[1]?.at ?? ''));
  });

  it('keeps the internal note from the customer, and shows the customer the message meant for them', async () => {
    const { order, customer } = await buyMerch();
    const noted = await admin.put(`/api/orders/${order.id}/internal-note`, { internalNote: 'Packed by Sam' });
    expect(noted.status).toBe(200);
    expect(adminOrderSchema.parse(noted.body).internalNote).toBe('Packed by Sam');
    const moved = await admin.put(`/api/orders/${order.id}/status`, {
      status: 'shipped',
      trackingNumber: 'TRACK-1',
      notes: 'Thanks for your order!',
    });
    expect(moved.body).toMatchObject({ notes: 'Thanks for your order!', internalNote: 'Packed by Sam' });

    const mine = await customer.client.get('/api/user/orders');
    expect(mine.status).toBe(200);
    expect(mine.text).not.toContain('Packed by Sam');
    expect(mine.text).not.toContain('internalNote');
    expect(orderListSchema.parse(mine.body)[0]?.notes).toBe('Thanks for your order!');
    const mails = t.mailer.sent.filter((m) => m.to === customer.email);
    expect(mails.length).toBeGreaterThan(0);
    for (const mail of mails) expect(mail.text).not.toContain('Packed by Sam');

    const cleared = await admin.put(`/api/orders/${order.id}/internal-note`, { internalNote: '  ' });
    expect(cleared.body.internalNote).toBeNull();
  });
});

describe('bulk moves and the CSV export', () => {
  it('moves several orders, and says which did not move and why', async () => {
    const a = await buyMerch();
    const b = await buyMerch();
    const c = await buyMerch();
    expect((await admin.put(`/api/orders/${c.order.id}/status`, { status: 'canceled' })).status).toBe(200);
    const res = await admin.post('/api/orders/bulk-status', {
      status: 'shipped',
      orders: [
        { id: a.order.id, trackingNumber: 'T-A' },
        { id: b.order.id },
        { id: c.order.id, trackingNumber: 'T-C' },
      ],
    });
    expect(res.status).toBe(200);
    const { results } = bulkStatusResultSchema.parse(res.body);
    expect(results).toEqual([
      { id: a.order.id, ok: true, status: 'shipped' },
      // The same rules as one change: shipping needs no tracking number (it can follow), a canceled order stays.
      { id: b.order.id, ok: true, status: 'shipped' },
      { id: c.order.id, ok: false, message: expect.stringMatching(/canceled/i) },
    ]);
    const after = await search(`q=${encodeURIComponent(c.customer.email)}`);
    expect(after.page?.orders[0]?.status).toBe('canceled');

    const refused = await admin.post('/api/orders/bulk-status', { status: 'canceled', orders: [{ id: a.order.id }] });
    expect(refused.status).toBe(400);
  });

  it('exports the filtered orders as CSV with quoted fields and amounts in dollars, to admins only', async () => {
    const { order, customer } = await buyMerch(2);
    // A name with a comma and a quote, and one a spreadsheet would run as a formula.
    await ds()
      .getRepository(OrderEntity)
      .update({ id: order.id }, { shipName: 'Sam "The Boss", Jr', shipCity: '=HYPERLINK("x")' });
    const path = `/api/orders/export.csv?q=${encodeURIComponent(customer.email)}`;
    const res = await admin.get(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe(
      '"Order","Date (Central)","Status","Customer","E-mail","Ship to","City","State","Postal code","Country","Items","Subtotal","Shipping","Tax","Total","Refunded","Payment","Tracking number"',
    );
    expect(lines[1]).toContain(`${order.id},`);
    expect(lines[1]).toContain(',"Sam ""The Boss"", Jr",');
    expect(lines[1]).toContain(`,"'=HYPERLINK(""x"")","CA",`);
    expect(lines[1]).toContain(`,2,"${(order.subtotal / 100).toFixed(2)}",`);
    expect(lines[1]).toContain(`,"${(order.total / 100).toFixed(2)}","0.00","paid",`);

    expect((await customer.client.get(path)).status).toBe(403);
    expect((await new HttpClient(t.baseUrl).get(path)).status).toBe(401);
    expect((await admin.get('/api/orders/export.csv?status=lost')).status).toBe(400);
  });
});

describe('cancelling with the refund choice (POST /api/orders/{id}/cancel)', () => {
  it('cancels a shipped order without a refund when the admin says so', async () => {
    const { order, customer } = await buyMerch();
    await admin.put(`/api/orders/${order.id}/status`, { status: 'shipped', trackingNumber: 'T-1' });
    const res = await admin.post(`/api/orders/${order.id}/cancel`, { refund: { kind: 'none' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'canceled', paymentState: 'not_refunded', refundedAmount: 0 });
    expect(t.mailer.lastTo(customer.email)?.text).toMatch(/No refund has been made/);
  });

  it('refunds part of it, refuses more than was paid, and a full refund is the total', async () => {
    const { order } = await buyMerch();
    const tooMuch = await admin.post(`/api/orders/${order.id}/cancel`, {
      refund: { kind: 'partial', amount: order.total + 1 },
    });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.message).toMatch(/cannot be more than/);
    expect((await search(`q=${encodeURIComponent(order.email)}`)).page?.orders[0]?.status).toBe('pending');

    const part = await admin.post(`/api/orders/${order.id}/cancel`, { refund: { kind: 'partial', amount: 500 } });
    expect(part.status).toBe(200);
    expect(part.body).toMatchObject({ paymentState: 'partially_refunded', refundedAmount: 500 });
    const { history } = adminOrderDetailSchema.parse((await admin.get(`/api/orders/${order.id}`)).body);
    expect(history.at(-1)?.note).toMatch(/^Refunded \$5\.00 of /);

    const other = await buyMerch();
    const full = await admin.post(`/api/orders/${other.order.id}/cancel`, { refund: { kind: 'full' } });
    expect(full.body).toMatchObject({ paymentState: 'refunded', refundedAmount: other.order.total });
  });
});

// What fulfilment needs of the server, beyond the cases above: the CSV's rows are exactly the filtered
// orders, every formula lead-in is neutralised, the history of a bulk move, and no customer response with the note.

/**
 * The CSV's rows as a spreadsheet whose list separator is `separator` reads them (a quote opens a quoted cell only at
 * the start of a cell, as LibreOffice and Excel do), without the byte-order mark.
 */
function csvRows(text: string, separator = ','): string[][] {
  const body = text.replace(/^\uFEFF/, '');
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i] as string;
    if (quoted && c === '"' && body[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (quoted && c === '"') quoted = false;
    else if (quoted) cell += c;
    else if (c === '"' && cell === '') quoted = true;
    else if (c === separator || (c === '\r' && body[i + 1] === '\n')) {
      row.push(cell);
      cell = '';
      if (c === '\r') {
        rows.push(row);
        row = [];
        i++;
      }
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

describe('the CSV and the history, as the done-means list checks them', () => {
  it('exports exactly the orders the filters match, newest first, with their status, totals and tracking', async () => {
    const tag = unique('csvrows');
    const bought = [];
    for (let i = 0; i < 3; i++) {
      const product = await makeProduct(ds(), { isMerch: true, price: 1000 + i * 100, stock: 5 });
      const customer = await shopper(t.baseUrl);
      await ds()
        .getRepository(UserEntity)
        .update({ id: customer.id }, { email: `${tag}-${i}@example.com` });
      customer.email = `${tag}-${i}@example.com`;
      expect((await customer.client.post('/api/cart', { productId: product.id, quantity: i + 1 })).status).toBe(201);
      bought.push((await payCartWithTestCard(customer)).order);
    }
    const [first, second, third] = bought as [Order, Order, Order];
    const moved = await admin.post('/api/orders/bulk-status', {
      status: 'shipped',
      orders: [
        { id: first.id, trackingNumber: 'TRK-FIRST' },
        { id: third.id, trackingNumber: 'TRK-THIRD' },
      ],
    });
    expect(moved.status).toBe(200);

    const shipped = await admin.get(`/api/orders/export.csv?q=${tag}&status=shipped`);
    expect(shipped.status).toBe(200);
    const [header, ...rows] = csvRows(shipped.text);
    const col = (name: string) => (header ?? []).indexOf(name);
    const pick = (row: string[]) =>
      ['Order', 'Status', 'E-mail', 'Items', 'Total', 'Tracking number'].map((name) => row[col(name)]);
    expect(rows.map(pick)).toEqual([
      [String(third.id), 'shipped', `${tag}-2@example.com`, '3', (third.total / 100).toFixed(2), 'TRK-THIRD'],
      [String(first.id), 'shipped', `${tag}-0@example.com`, '1', (first.total / 100).toFixed(2), 'TRK-FIRST'],
    ]);
    // Without the status filter, all three, as the list's pages show them.
    const all = csvRows((await admin.get(`/api/orders/export.csv?q=${tag}`)).text).slice(1);
    const listed = (await search(`q=${tag}`)).page?.orders ?? [];
    expect(all.map((row) => Number(row[col('Order')]))).toEqual(listed.map((o) => o.id));
    expect(all.map((row) => row[col('Order')])).toEqual([third.id, second.id, first.id].map(String));

    // Each bulk-moved order has its own history line, with its tracking number and who moved it.
    const { history } = adminOrderDetailSchema.parse((await admin.get(`/api/orders/${third.id}`)).body);
    expect(history.at(-1)).toMatchObject({ from: 'pending', to: 'shipped', trackingNumber: 'TRK-THIRD' });
    expect(history.at(-1)?.by).toEqual(expect.any(String));
    const untouched = adminOrderDetailSchema.parse((await admin.get(`/api/orders/${second.id}`)).body);
    expect(untouched.history.map((h) => h.to)).toEqual(['pending']);
  });

  it('neutralises every formula lead-in (= + - @ and tab) and quotes commas, quotes and line breaks', async () => {
    const { order, customer } = await buyMerch();
    await ds().getRepository(UserEntity).update({ id: customer.id }, { name: '@SUM(1+1)' });
    await ds().getRepository(OrderEntity).update(
      { id: order.id },
      {
        shipName: '+1-555-0100',
        shipCity: '-2+3',
        shipState: '\tTX',
        shipPostalCode: '=1+1',
        shipCountry: 'U"S, A\nB',
        trackingNumber: '=HYPERLINK("http://evil.example","x")',
      },
    );
    const res = await admin.get(`/api/orders/export.csv?q=${encodeURIComponent(customer.email)}`);
    const [header, row = []] = csvRows(res.text);
    const cell = (name: string) => row[(header ?? []).indexOf(name)];
    expect(cell('Customer')).toBe("'@SUM(1+1)");
    expect(cell('Ship to')).toBe("'+1-555-0100");
    expect(cell('City')).toBe("'-2+3");
    expect(cell('State')).toBe("'\tTX");
    expect(cell('Postal code')).toBe("'=1+1");
    // Its comma and quote could start a cell of their own: the quote gets an apostrophe too.
    expect(cell('Tracking number')).toBe(`'=HYPERLINK("http://evil.example",'"x")`);
    // Quoted whole, so the comma and the line break stay inside the one field.
    expect(res.text).toContain(',"U""S, A\nB",');
    expect(row).toHaveLength(header?.length ?? 0);
    // Amounts are numbers, not text: never prefixed.
    expect(cell('Total')).toBe((order.total / 100).toFixed(2));
  });

  it('gives no cell a formula lead-in whether the spreadsheet splits on `,` or `;`', async () => {
    const { order, customer } = await buyMerch();
    // No comma, quote or line break: unquoted, a `;` spreadsheet cut this into a formula cell.
    await ds().getRepository(UserEntity).update({ id: customer.id }, { name: "x;=cmd|' /C calc'!A0;" });
    await ds()
      .getRepository(OrderEntity)
      .update(
        { id: order.id },
        { shipName: 'a,"=1+1"', shipCity: 'y;"@SUM(1)";+2', shipState: 'TX\n=3', trackingNumber: 'T;\t-4' },
      );
    const res = await admin.get(`/api/orders/export.csv?q=${encodeURIComponent(customer.email)}`);
    expect(res.status).toBe(200);
    for (const separator of [',', ';']) {
      const rows = csvRows(res.text, separator);
      expect(rows.length, separator).toBeGreaterThanOrEqual(2);
      for (const cell of rows.flat()) expect(cell, `${separator} ${JSON.stringify(cell)}`).not.toMatch(/^[=+\-@\t\r]/);
    }
    // A spreadsheet that reads the quotes sees the name whole, behind its apostrophes.
    const [header, row = []] = csvRows(res.text);
    expect(row[(header ?? []).indexOf('Customer')]).toBe("x;'=cmd|' /C calc'!A0;");
    expect(row).toHaveLength(header?.length ?? 0);
  });

  it('finds an order by the name it ships to, and no order for a number that is none', async () => {
    const { order } = await buyMerch();
    const shipTo = unique('Recipient');
    await ds().getRepository(OrderEntity).update({ id: order.id }, { shipName: shipTo });
    expect((await search(`q=${shipTo.toLowerCase()}`)).page?.orders.map((o) => o.id)).toEqual([order.id]);
    // A number that is no order finds nothing (not every order whose e-mail has those digits in it).
    expect((await search('q=%23999999999')).page?.total).toBe(0);
  });

  it("never sends the internal note in a customer's order response: REST, tRPC, the payment's order", async () => {
    const customer = await shopper(t.baseUrl);
    const product = await makeProduct(ds(), { isMerch: true, price: 1500, stock: 5 });
    expect((await customer.client.post('/api/cart', { productId: product.id, quantity: 1 })).status).toBe(201);
    const { order, paymentId } = await payCartWithTestCard(customer);
    const secret = unique('Fragile-box-by-Sam');
    expect((await admin.put(`/api/orders/${order.id}/internal-note`, { internalNote: secret })).status).toBe(200);
    expect((await admin.get(`/api/orders/${order.id}`)).body.internalNote).toBe(secret);

    const rest = await customer.client.get('/api/user/orders');
    const trpc = await customer.client.trpc('query', 'orders.mine');
    const again = await customer.client.post('/api/payment-orders', { paymentId });
    for (const res of [rest, trpc, again]) {
      expect(res.status).toBeLessThan(300);
      expect(res.text).toContain(`"id":${order.id}`);
      expect(res.text).not.toContain(secret);
      expect(res.text).not.toContain('internalNote');
    }
  });
});
