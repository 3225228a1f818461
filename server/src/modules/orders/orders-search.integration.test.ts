import { ADMIN_ORDER_COUNT_MAX, type AdminOrderPage, adminOrderPageSchema, ORDER_STATUSES } from '@curbside/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAdminTestApp } from '../../../test/admin-session';
import type { TestApp } from '../../../test/app';
import type { HttpClient } from '../../../test/http';
import { insertOrders } from '../../../test/order-rows';
import { random } from '../../seed/demo-votes';
import { UserEntity } from '../accounts/user.entity';
import { OrderEntity } from './order.entity';
import { ORDER_SEARCH_WORDS_MAX, TEXT_DRIVE_MAX } from './order-search';

// GET /api/orders/search and GET /api/orders through the word index (order_words), on SQLite and MySQL/MariaDB: on
// a generated set of orders, every search answers what a plain reference computed here from the rows answers, in
// the same order, with the same (capped) total; and the index follows a customer's new name or e-mail and an
// order's new ship-to name at once.

let t: TestApp;
let admin: HttpClient;

// ---- The reference: every typed word begins a word of the order's or its customer's texts ------------------------

const wordsOf = (text: string | null) =>
  (text ?? '')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

interface Row {
  id: number;
  status: string;
  createdAt: number;
  words: string[];
}

/** Every order as the database holds it now, with its customer's texts. */
async function rows(): Promise<Row[]> {
  const orders = await t.app.services.ds.getRepository(OrderEntity).find({ relations: { user: true } });
  return orders.map((o) => ({
    id: o.id,
    status: o.status,
    createdAt: o.createdAt.getTime(),
    words: [o.email, o.shipName, o.user.email, o.user.name, o.user.username].flatMap(wordsOf),
  }));
}

/** The ids the search should answer, newest first: an order number alone, or orders with every typed word. */
function reference(all: Row[], q: string, status?: string): number[] {
  const number = /^#?\s*(\d{1,9})$/.exec(q.trim());
  const typed = [...new Set(wordsOf(q))].slice(0, ORDER_SEARCH_WORDS_MAX);
  return all
    .filter((row) =>
      number
        ? row.id === Number(number[1])
        : typed.length > 0 && typed.every((word) => row.words.some((w) => w.startsWith(word.slice(0, 60)))),
    )
    .filter((row) => !status || row.status === status)
    .sort((a, b) => b.createdAt - a.createdAt || b.id - a.id)
    .map((row) => row.id);
}

// ---- The generated set ------------------------------------------------------------------------------------------

/** Seeded numbers, so a failure names a set that can be made again. */
function generator(seed: number) {
  const next = random(seed);
  return { next, pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T };
}

const FIRST = ['José', 'Zoë', 'Ana-María', 'Émile', 'Kim', 'Sean', 'Jan', 'Jo'];
const LAST = ['Pérez', "O'Brien", 'Novák', 'Zola', 'de la Cruz', 'Smith', 'Jones'];
const SHIP_TO = ['Front Desk', 'Gift for Mom', 'Jürgen Weiß', 'Garage B', 'Ana Pérez'];
/** Orders in all: more than TEXT_DRIVE_MAX carry the word "example", so a search for it walks the list itself. */
const ORDERS = TEXT_DRIVE_MAX + 300;
let users: UserEntity[] = [];

beforeAll(async () => {
  ({ t, admin } = await startAdminTestApp());
  const ds = t.app.services.ds;
  const g = generator(37);
  const tag = Date.now().toString(36);
  users = await ds.getRepository(UserEntity).save(
    Array.from({ length: 60 }, (_, i) => {
      const first = g.pick(FIRST);
      const last = g.pick(LAST);
      const username = `${first.slice(0, 3)}_${i}${tag}`.replace(/[^\w]/g, 'x');
      return {
        email: `${wordsOf(first).join('-')}.${wordsOf(last).join('_')}+shop${i}@${g.pick(['example.com', 'mail.example.org'])}`,
        username,
        usernameKey: username.toLowerCase(),
        name: i % 9 === 0 ? null : `${first} ${last}`,
        passwordHash: 'x',
      };
    }),
  );
  const start = Date.UTC(2026, 0, 1);
  const orders = Array.from({ length: ORDERS }, (_, i) => {
    const user = g.pick(users);
    return {
      userId: user.id,
      status: g.pick(ORDER_STATUSES),
      // The address the customer had then, now and again another.
      email: i % 50 === 0 ? `old.${user.id}@example.net` : user.email,
      shipName: g.next() < 0.5 ? (user.name ?? 'Customer') : g.pick(SHIP_TO),
      paymentId: `search-${tag}-${i}`,
      // Some share their instant: the id then orders them.
      createdAt: new Date(start + Math.floor(g.next() * 300) * 3_600_000),
    };
  });
  await insertOrders(ds, orders);
}, 300_000);
afterAll(async () => {
  await t?.close();
});

const get = async (path: string) => {
  const res = await admin.get(path);
  expect(res.status, `${path}: ${res.text}`).toBe(200);
  return res;
};

/** Every page of the search by its cursors (a few at most), and the first page's total. */
async function searchAll(q: string, status?: string): Promise<{ ids: number[]; first: AdminOrderPage }> {
  const query = `q=${encodeURIComponent(q)}${status ? `&status=${status}` : ''}&pageSize=100`;
  const first = adminOrderPageSchema.parse((await get(`/api/orders/search?${query}`)).body);
  const ids = first.orders.map((o) => o.id);
  let cursor = first.nextCursor;
  for (let page = 2; cursor && page <= 4; page++) {
    const next = adminOrderPageSchema.parse((await get(`/api/orders/search?${query}&cursor=${cursor}`)).body);
    ids.push(...next.orders.map((o) => o.id));
    cursor = next.nextCursor;
  }
  return { ids, first };
}

/** The search answers the reference: the same orders in the same order (the first 400), and the total. */
async function expectReference(all: Row[], q: string, status?: string) {
  const expected = reference(all, q, status);
  const { ids, first } = await searchAll(q, status);
  const label = `${q} ${status ?? ''}`;
  expect(ids, label).toEqual(expected.slice(0, 400));
  expect(first.total, label).toBe(Math.min(expected.length, ADMIN_ORDER_COUNT_MAX));
  expect(first.totalExact, label).toBe(expected.length <= ADMIN_ORDER_COUNT_MAX);
  // GET /api/orders takes the same filter.
  const listed = await get(`/api/orders?q=${encodeURIComponent(q)}${status ? `&status=${status}` : ''}&limit=20`);
  expect(
    (listed.body as { id: number }[]).map((o) => o.id),
    label,
  ).toEqual(expected.slice(0, 20));
  return expected;
}

describe('admin order search by words (GET /api/orders/search)', () => {
  it('answers the reference for names, accents, e-mail parts, numbers and words nobody has', async () => {
    const all = await rows();
    const someone = users[4] as UserEntity;
    const anOrder = all[123] as Row;
    const queries = [
      'jose',
      'JOSÉ PÉR',
      'perez jose',
      'zoe',
      "o'brien",
      'ana-maría',
      'maria ana',
      'de la cruz',
      'jurgen weiss',
      'weiß',
      'shop1',
      'shop12',
      someone.email,
      someone.email.toUpperCase(),
      someone.username,
      'mail example',
      'example',
      'example com',
      'example jo',
      'old example net',
      'gift mom',
      `#${anOrder.id}`,
      `${anOrder.id}`,
      '#999999999',
      'zzyzx',
      'jose zzyzx',
      '!!! ??',
      '100%_',
      'a b c d e f g h i j',
    ];
    let some = 0;
    for (const q of queries) if ((await expectReference(all, q)).length > 0) some++;
    expect(some).toBeGreaterThan(15);
    // With a status: the text and the status together.
    for (const status of ['shipped', 'canceled']) {
      for (const q of ['jose', 'example', 'example com', someone.email]) await expectReference(all, q, status);
    }
    // A full e-mail finds its customer's orders (and those whose words begin with its words).
    const mine = reference(all, someone.email);
    expect(mine.length).toBeGreaterThan(0);
  }, 300_000);

  it("follows a customer's new name and e-mail, and an order's new ship-to name, at once", async () => {
    const ds = t.app.services.ds;
    const customer = users[7] as UserEntity;
    const before = await rows();
    const theirs = before.filter((row) => row.words.includes(wordsOf(customer.username)[0] as string));
    expect(theirs.length).toBeGreaterThan(0);

    await ds
      .getRepository(UserEntity)
      .update(
        { id: customer.id },
        { name: 'Þórunn Ísold Quixote', email: `quixote.${customer.id}@la-mancha.example.es` },
      );
    let all = await rows();
    const quixote = await expectReference(all, 'isold quix');
    expect(quixote.length).toBeGreaterThan(0);
    await expectReference(all, `quixote.${customer.id}@la-mancha.example.es`);
    await expectReference(all, 'mancha');
    // The old e-mail's own words no longer find the orders through the customer (only where an order kept it).
    await expectReference(all, customer.email);

    const order = theirs[0] as Row;
    await ds.getRepository(OrderEntity).update({ id: order.id }, { shipName: 'Dulcinea del Toboso' });
    all = await rows();
    expect(await expectReference(all, 'dulcinea tob')).toEqual([order.id]);
    await ds.getRepository(OrderEntity).update({ id: order.id }, { shipName: 'Sancho Panza' });
    all = await rows();
    expect(await expectReference(all, 'dulcinea')).toEqual([]);
    expect(await expectReference(all, 'sancho')).toEqual([order.id]);
  }, 300_000);
});

describe('the number of orders of a status (GET /api/orders/search without a text)', () => {
  /** The totals the admin's list shows, by status ('' for all). */
  async function totals() {
    const shown: Record<string, { total: number; totalExact: boolean }> = {};
    for (const status of ['', ...ORDER_STATUSES]) {
      const page = adminOrderPageSchema.parse(
        (await get(`/api/orders/search?status=${status}`.replace(/\?status=$/, ''))).body,
      );
      shown[status] = { total: page.total, totalExact: page.totalExact };
    }
    return shown;
  }
  /** The same counted from the rows. */
  async function counted() {
    const all = await rows();
    const expected: Record<string, { total: number; totalExact: boolean }> = {
      '': { total: all.length, totalExact: true },
    };
    for (const status of ORDER_STATUSES) {
      expected[status] = { total: all.filter((row) => row.status === status).length, totalExact: true };
    }
    return expected;
  }

  it('is exact however many there are, and follows orders placed, moved and removed at once', async () => {
    expect((await counted())['']?.total).toBeGreaterThan(ADMIN_ORDER_COUNT_MAX);
    expect(await totals()).toEqual(await counted());

    const ds = t.app.services.ds;
    const [order] = await ds.getRepository(OrderEntity).find({ where: { status: 'pending' }, take: 1 });
    await ds.getRepository(OrderEntity).update({ id: order?.id }, { status: 'shipped' });
    const [gone] = await ds.getRepository(OrderEntity).find({ where: { status: 'delivered' }, take: 1 });
    await ds.getRepository(OrderEntity).delete({ id: gone?.id });
    await insertOrders(ds, [
      {
        userId: (users[0] as UserEntity).id,
        status: 'pending',
        email: 'new.order@example.com',
        shipName: 'New Order',
        paymentId: `status-totals-${Date.now()}`,
        createdAt: new Date(),
      },
    ]);
    expect(await totals()).toEqual(await counted());
  }, 300_000);
});
