import { adminOrderPageSchema, carListSchema, carPageSchema, LIMITS, MESSAGES } from '@curbside/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAdminTestApp } from '../../test/admin-session';
import type { TestApp } from '../../test/app';
import { HttpClient } from '../../test/http';

// Keyset pagination over HTTP on generated data: walking a list by its cursors visits every row once, in the order of
// a straightforward reference query (newest first, ties by id, no paging), whatever is added meanwhile.

const V = MESSAGES.validation;
const CATEGORIES = ['JDM', 'Euro', 'Muscle'];

let t: TestApp;
let admin: HttpClient;
let visitor: HttpClient;
let userId: number;

/** Stored timestamps with ties (several rows per instant) and rows apart by microseconds only (MySQL keeps them). */
function stamp(i: number): string {
  const second = String(Math.floor(i / 4) % 60).padStart(2, '0');
  const minute = String(Math.floor(i / 240)).padStart(2, '0');
  const fraction = i % 4 === 3 ? '.000500' : i % 4 === 2 ? '.000250' : '';
  return `2026-03-01 10:${minute}:${second}${fraction}`;
}

async function insertCars(count: number, from: number, createdAt: (i: number) => string) {
  const rows = Array.from({ length: count }, (_, k) => {
    const i = from + k;
    return [`page-car-${i}`, 'Make', `Model ${i}`, 1990, CATEGORIES[i % 3], 'Owner', i % 5 === 0 ? 1 : 0, createdAt(i)];
  });
  await t.app.services.ds.query(
    `INSERT INTO cars (slug, make, model, year, category, ownerName, featured, createdAt)
     VALUES ${rows.map(() => '(?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}`,
    rows.flat(),
  );
}

/** The reference: the listed cars matching `where`, newest first, ties by id, in one query without paging. */
async function referenceCars(where = ''): Promise<number[]> {
  const rows: { id: number }[] = await t.app.services.ds.query(
    `SELECT id FROM cars WHERE published = 1 ${where} ORDER BY createdAt DESC, id DESC`,
  );
  return rows.map((row) => Number(row.id));
}

/** Follows GET /api/cars's X-Next-Cursor from the first page to the last; each page's ids. */
async function walkRest(query: string, onPage?: (page: number) => Promise<void>): Promise<number[][]> {
  const pages: number[][] = [];
  let url: string | null = `/api/cars?${query}`;
  while (url) {
    const res = await visitor.get(url);
    expect(res.status).toBe(200);
    pages.push(carListSchema.parse(res.body).map((car) => car.id));
    const next = res.headers.get('x-next-cursor');
    if (next) expect(res.headers.get('link')).toBe(`</api/cars?${query}&cursor=${next}>; rel="next"`);
    url = next ? `/api/cars?${query}&cursor=${next}` : null;
    await onPage?.(pages.length);
  }
  return pages;
}

beforeAll(async () => {
  ({ t, admin } = await startAdminTestApp());
  visitor = new HttpClient(t.baseUrl);
  await insertCars(90, 0, stamp);
  const [user] = await t.app.services.ds.query('SELECT MIN(id) AS id FROM users');
  userId = Number(user.id);
  const orders = Array.from({ length: 40 }, (_, i) => [
    userId,
    `buyer${i}@example.com`,
    'Buyer',
    '1 Main St',
    'Springfield',
    'IL',
    '62701',
    1000,
    0,
    0,
    1000,
    `page-payment-${i}`,
    'test',
    i % 2 === 0 ? 'pending' : 'shipped',
    stamp(i),
  ]);
  await t.app.services.ds.query(
    `INSERT INTO orders (userId, email, shipName, shipLine1, shipCity, shipState, shipPostalCode, subtotal, shipping,
       tax, total, paymentId, paymentProvider, status, createdAt)
     VALUES ${orders.map(() => `(${Array(15).fill('?').join(', ')})`).join(', ')}`,
    orders.flat(),
  );
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('the gallery by cursor (GET /api/cars, cars.page)', () => {
  it('visits every listed car once, in the reference order, ties broken by id', async () => {
    const pages = await walkRest('limit=7');
    expect(pages.flat()).toEqual(await referenceCars());
    expect(pages.slice(0, -1).every((page) => page.length === 7)).toBe(true);
    // The last page says so: no cursor, no Link.
    expect(pages.length).toBe(Math.ceil(90 / 7));
  });

  it('keeps to the filters: featured and category', async () => {
    expect((await walkRest('limit=4&featured=true')).flat()).toEqual(await referenceCars('AND featured = 1'));
    expect((await walkRest('limit=5&category=Euro')).flat()).toEqual(await referenceCars("AND category = 'Euro'"));
  });

  it('skips nothing older and repeats nothing when cars are added while paging', async () => {
    const before = await referenceCars();
    let added = 0;
    const pages = await walkRest('limit=9', async (page) => {
      if (page !== 2) return;
      // Newer cars (they belong before the pages already read) and one at the very instant of the cars being read.
      await insertCars(5, 1000, () => '2026-06-01 00:00:00');
      await insertCars(1, 2000, () => stamp(60));
      added = 6;
    });
    const seen = pages.flat();
    expect(added).toBe(6);
    expect(new Set(seen).size).toBe(seen.length);
    for (const id of before) expect(seen).toContain(id);
    const [tie] = await t.app.services.ds.query(`SELECT id FROM cars WHERE slug = 'page-car-2000'`);
    // The one stored at an instant still ahead of the cursor, with the largest id, is read in its place.
    expect(seen).toContain(Number(tie.id));
    expect(seen).toEqual((await referenceCars()).filter((id) => seen.includes(id)));
  });

  it('answers cars.page on /trpc with the items and the next cursor, the same walk as REST', async () => {
    const ids: number[] = [];
    let cursor: string | null = null;
    do {
      const input: { limit: number; category: string; cursor?: string } = { limit: 6, category: 'JDM' };
      if (cursor) input.cursor = cursor;
      const res = await visitor.trpc('query', 'cars.page', input);
      expect(res.status).toBe(200);
      const page = carPageSchema.parse(res.body.result.data);
      ids.push(...page.items.map((car) => car.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(ids).toEqual(await referenceCars("AND category = 'JDM'"));
  });

  it('sends the next cursor with a response the read cache answers, too', async () => {
    const first = await visitor.get('/api/cars?limit=3&category=Muscle');
    const again = await new HttpClient(t.baseUrl).get('/api/cars?limit=3&category=Muscle');
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('x-next-cursor')).toBe(first.headers.get('x-next-cursor'));
    expect(again.headers.get('x-next-cursor')).toBeTruthy();
  });

  it('refuses a malformed or changed cursor, an offset past the bound and both together with 400 and a message', async () => {
    const cursor = (await visitor.get('/api/cars?limit=2')).headers.get('x-next-cursor') ?? '';
    const changed = `${cursor[0] === 'A' ? 'B' : 'A'}${cursor.slice(1)}`;
    const invalid = [
      'abc',
      encodeURIComponent('not a cursor!'),
      changed,
      Buffer.from('2026-02-30 10:00:00~5').toString('base64url'),
    ];
    for (const bad of invalid) {
      const res = await visitor.get(`/api/cars?limit=2&cursor=${bad}`);
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(V.invalidCursor);
    }
    const deep = await visitor.get(`/api/cars?limit=2&offset=${LIMITS.listOffsetMax + 1}`);
    expect(deep.status).toBe(400);
    expect(deep.body.message).toContain('cursor');
    expect((await visitor.get(`/api/cars?limit=2&offset=${LIMITS.listOffsetMax}`)).status).toBe(200);
    const both = await visitor.get(`/api/cars?limit=2&offset=2&cursor=${cursor}`);
    expect(both.status).toBe(400);
    expect(both.body.message).toBe(V.cursorWithOffset);
    const trpc = await visitor.trpc('query', 'cars.page', { limit: 2, cursor: changed });
    expect(trpc.status).toBe(400);
  });

  it('still answers the documented offset within the bound, as before', async () => {
    const res = await visitor.get('/api/cars?limit=5&offset=5');
    expect(carListSchema.parse(res.body).map((car) => car.id)).toEqual((await referenceCars()).slice(5, 10));
  });
});

describe('the admin order lists by cursor', () => {
  const referenceOrders = async (where = '') =>
    (
      (await t.app.services.ds.query(
        `SELECT id FROM orders WHERE userId = ? ${where} ORDER BY createdAt DESC, id DESC`,
        [userId],
      )) as { id: number }[]
    ).map((row) => Number(row.id));

  it('walks GET /api/orders by X-Next-Cursor in the reference order, filtered by status', async () => {
    for (const status of [undefined, 'shipped']) {
      const ids: number[] = [];
      let url: string | null = `/api/orders?limit=6${status ? `&status=${status}` : ''}`;
      while (url) {
        const res = await admin.get(url);
        expect(res.status).toBe(200);
        ids.push(...(res.body as { id: number }[]).map((order) => order.id));
        const next = res.headers.get('x-next-cursor');
        url = next ? `/api/orders?limit=6${status ? `&status=${status}` : ''}&cursor=${next}` : null;
      }
      expect(ids).toEqual(await referenceOrders(status ? `AND status = '${status}'` : ''));
    }
  });

  it('walks GET /api/orders/search by nextCursor with the total; refuses a bad cursor and a deep page', async () => {
    const ids: number[] = [];
    let cursor: string | null = null;
    let page = 1;
    do {
      const res = await admin.get(`/api/orders/search?pageSize=7&page=${page}${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      const body = adminOrderPageSchema.parse(res.body);
      expect(body.total).toBe(40);
      ids.push(...body.orders.map((order) => order.id));
      cursor = body.nextCursor;
      page += 1;
    } while (cursor);
    expect(ids).toEqual(await referenceOrders());
    const bad = await admin.get('/api/orders/search?cursor=Zm9v');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain(V.invalidCursor);
    const deep = await admin.get(`/api/orders/search?pageSize=100&page=${LIMITS.listOffsetMax / 100 + 2}`);
    expect(deep.status).toBe(400);
    expect(deep.body.message).toContain('cursor');
  });

  it('keeps the order lists from visitors and users', async () => {
    expect((await visitor.get('/api/orders?limit=5')).status).toBe(401);
  });
});
