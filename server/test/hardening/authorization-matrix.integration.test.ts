import { defaultAdPeriod } from '@curbside/shared';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { CarEntity } from '../../src/modules/cars/car.entity';
import { CarImageEntity } from '../../src/modules/cars/car-image.entity';
import { CartItemEntity } from '../../src/modules/cart/cart-item.entity';
import { CALIFORNIA, makeProduct } from '../../src/modules/checkout/shop-test-fixtures';
import { HallOfFameMonthEntity, HallOfFamePlaceEntity } from '../../src/modules/hall-of-fame/hall-of-fame.entity';
import { jpegBytes, multipartPost } from '../../src/modules/images/upload-test-helpers';
import { OrderEntity } from '../../src/modules/orders/order.entity';
import { OrderItemEntity } from '../../src/modules/orders/order-item.entity';
import { PhotoMatchEntity } from '../../src/modules/photo-matches/photo-match.entity';
import { startTestApp, type TestApp, unique } from '../app';
import { HttpClient } from '../http';
import { callPlainRoute, PLAIN_ROUTES, type PlainRoute, type PlainRouteIds, plainRouteLabel } from '../plain-routes';
import { callProcedure, listProcedures, type ProcedurePath, procedureAt, type Transport } from '../procedures';
import { makeCar, makeImage, storePhoto } from '../showcase-fixtures';
import { type Account, makeAccount, NEW_CAR, PASSWORD, payForCart, signedIn, storedUser } from './fixtures';

// The authorization matrix: every procedure of the router × {anonymous, user, other user, admin}, over /trpc and over
// its /api route, with the outcome each must get. "user" owns the car, photos, cart line and order the inputs name;
// "other" is a second ordinary account. The table is typed by the router's procedure paths and checked against the
// router at run time, so a procedure added without a row fails here (and in tsc) until someone decides who may call it.

type Actor = 'anonymous' | 'user' | 'other' | 'admin';
const ACTORS: Actor[] = ['anonymous', 'user', 'other', 'admin'];
/**
 * 'ok' is any 2xx; a number is the refusal (or, for 400 and 409, the service's response once access was granted).
 */
type Outcome = 'ok' | 400 | 401 | 403 | 404 | 409;
type Expected = Record<Actor, Outcome>;

const PUBLIC: Expected = { anonymous: 'ok', user: 'ok', other: 'ok', admin: 'ok' };
const SIGNED_IN: Expected = { anonymous: 401, user: 'ok', other: 'ok', admin: 'ok' };
const ADMIN_ONLY: Expected = { anonymous: 401, user: 403, other: 403, admin: 'ok' };
/** Cars and their photos: the owner and admins write them. */
const OWNER_OR_ADMIN: Expected = { anonymous: 401, user: 'ok', other: 403, admin: 'ok' };
/** Carts and payments: only the owner; to anyone else they do not exist. */
const OWNER_ONLY: Expected = { anonymous: 401, user: 'ok', other: 404, admin: 404 };

interface Fixtures {
  t: TestApp;
  user: Account;
  car: CarEntity;
  /** The primary photo, then another. */
  images: readonly [CarImageEntity, CarImageEntity];
  print: { id: number };
  cartLineId: number;
  payment: { paymentId: string; clientSecret: string; orderId: number };
  eventId: number;
  adId: number;
  /** What the plain routes' URLs name. */
  ids: PlainRouteIds;
}

interface Row {
  expect: Expected;
  /** The input; made again for every call, so a call that deletes something gets its own thing to delete. */
  input?: (fx: Fixtures) => unknown;
  /** The call ends or replaces the caller's session (or empties their cart): each call gets a new account. */
  ownAccount?: boolean;
}

const newCar = async (fx: Fixtures) => makeCar(fx.t.app.services.ds, { ownerId: fx.user.row.id });
const event = () => ({
  title: `Meet ${unique()}`,
  description: 'Coffee and cars',
  eventDate: new Date(Date.now() + 7 * 86_400_000).toISOString(),
  location: 'Joliet, IL',
  imageUrl: 'https://example.com/meet.jpg',
});
const ad = () => ({
  name: `Ad ${unique()}`,
  type: 'banner',
  imageUrl: '/api/file/ads/banner.webp',
  linkUrl: 'https://detailing.example.com',
  ...defaultAdPeriod(),
});
const product = () => ({ name: `Poster ${unique()}`, category: 'poster', price: 2500, stock: 5, sku: unique('SKU-') });

/** A new car with one vote from a block, and the void that would take it back. */
async function voidableVote(fx: Fixtures) {
  const car = await newCar(fx);
  const block = unique('b')
    .replace(/[^0-9a-f]/g, '')
    .padEnd(64, 'b')
    .slice(0, 64);
  await fx.t.app.services.votes.vote(car.id, unique('ip-'), new Date(), null, [], block);
  const from = new Date(Date.now() - 60_000).toISOString();
  return {
    carId: car.id,
    blocks: [block],
    from,
    to: new Date(Date.now() + 60_000).toISOString(),
    note: 'Bought votes',
  };
}

/** A month of 2020 closed with the fixture's car as its winner (written as the Hall of Fame writes a closed month). */
async function closedMonth(fx: Fixtures): Promise<{ month: string }> {
  const month = '2020-01';
  const ds = fx.t.app.services.ds;
  if (!(await ds.getRepository(HallOfFameMonthEntity).existsBy({ month }))) {
    await ds.getRepository(HallOfFameMonthEntity).insert({ month, closedAt: new Date('2020-02-01T06:05:00Z') });
    await ds
      .getRepository(HallOfFamePlaceEntity)
      .insert({ month, rank: 1, carId: fx.car.id, votes: 3, name: '1999 Nissan Skyline', ownerName: 'Sam Driver' });
  }
  return { month };
}

/** A copied-photo flag on the fixture's photos (made once; dismissing it again changes nothing). */
async function photoMatch(fx: Fixtures): Promise<{ id: number }> {
  const repo = fx.t.app.services.ds.getRepository(PhotoMatchEntity);
  const pair = { imageId: fx.images[1].id, matchedImageId: fx.images[0].id };
  const found = await repo.findOneBy(pair);
  return { id: (found ?? (await repo.save({ ...pair, distance: 3 }))).id };
}

/** A pending copy of the fixture's order (each cancel gets its own to cancel). */
async function copyOrder(fx: Fixtures): Promise<number> {
  const repo = fx.t.app.services.ds.getRepository(OrderEntity);
  const { id: _id, createdAt: _c, updatedAt: _u, ...order } = await repo.findOneByOrFail({ id: fx.payment.orderId });
  const inserted = await repo.insert({ ...order, status: 'pending', paymentId: unique('copy-') });
  return Number(inserted.identifiers[0]?.id);
}

const MATRIX: Record<ProcedurePath, Row> = {
  'accounts.me': { expect: PUBLIC },
  'accounts.current': { expect: SIGNED_IN },
  'accounts.register': {
    expect: PUBLIC,
    ownAccount: true,
    input: () => ({ email: `${unique()}@example.com`, username: unique(), password: PASSWORD }),
  },
  'accounts.login': {
    expect: PUBLIC,
    ownAccount: true,
    input: (fx) => ({ email: fx.user.row.email, password: PASSWORD }),
  },
  'accounts.logout': { expect: PUBLIC, ownAccount: true },
  'accounts.logoutEverywhere': { expect: SIGNED_IN, ownAccount: true },
  'accounts.requestPasswordReset': { expect: PUBLIC, input: (fx) => ({ email: fx.user.row.email }) },
  'accounts.resetPassword': {
    expect: { anonymous: 400, user: 400, other: 400, admin: 400 },
    input: () => ({ token: 'x'.repeat(43), password: 'new-password-1' }),
  },
  'accounts.verifyEmail': {
    expect: { anonymous: 400, user: 400, other: 400, admin: 400 },
    input: () => ({ token: 'x'.repeat(43) }),
  },
  // Signed in; the fixtures' addresses are verified already, so there is nothing to send (409).
  'accounts.resendVerification': { expect: { anonymous: 401, user: 409, other: 409, admin: 409 } },
  'settings.get': { expect: PUBLIC },
  'newsletter.subscribe': { expect: PUBLIC, input: () => ({ email: `${unique()}@example.com`, source: 'footer' }) },
  'cars.list': { expect: PUBLIC, input: () => ({ limit: 5 }) },
  'cars.page': { expect: PUBLIC, input: () => ({ limit: 5 }) },
  'cars.search': { expect: PUBLIC, input: () => ({ q: 'Skyline' }) },
  'cars.top': { expect: PUBLIC, input: () => ({ period: 'month', limit: 3 }) },
  'cars.byId': { expect: PUBLIC, input: (fx) => ({ id: fx.car.id }) },
  'cars.bySlug': { expect: PUBLIC, input: (fx) => ({ slug: fx.car.slug }) },
  'cars.create': { expect: SIGNED_IN, input: () => NEW_CAR },
  'cars.update': { expect: OWNER_OR_ADMIN, input: (fx) => ({ id: fx.car.id, story: `Edited ${unique()}` }) },
  'cars.owned': { expect: SIGNED_IN },
  // The fixture's user owns the car: an owner cannot report their own car. Each call reports a car of its own.
  'moderation.report': {
    expect: { anonymous: 401, user: 403, other: 'ok', admin: 'ok' },
    input: async (fx) => ({ carId: (await newCar(fx)).id, reason: 'spam' }),
  },
  'images.setPrimary': { expect: OWNER_OR_ADMIN, input: (fx) => ({ id: fx.images[1].id, carId: fx.car.id }) },
  'images.delete': {
    expect: OWNER_OR_ADMIN,
    input: async (fx) => ({ id: (await makeImage(fx.t.app.services.ds, fx.car)).id }),
  },
  'profile.update': { expect: SIGNED_IN, input: () => ({ bio: `Bio ${unique()}` }) },
  'profile.changePassword': {
    expect: SIGNED_IN,
    ownAccount: true,
    input: () => ({ currentPassword: PASSWORD, newPassword: 'changed-password-1' }),
  },
  'profile.changeEmail': {
    expect: SIGNED_IN,
    ownAccount: true,
    input: () => ({ email: `${unique()}@example.com`, currentPassword: PASSWORD }),
  },
  'tokens.list': { expect: SIGNED_IN },
  'tokens.create': { expect: SIGNED_IN, input: () => ({ name: `Script ${unique()}`, scope: 'read' }) },
  'tokens.revoke': {
    expect: OWNER_ONLY,
    input: async (fx) => ({
      id: (await fx.t.app.services.tokens.create(fx.user.row, { name: 'CI', scope: 'read' })).id,
    }),
  },
  'votes.cast': { expect: PUBLIC, input: async (fx) => ({ carId: (await newCar(fx)).id }) },
  'share.qrCode': { expect: PUBLIC, input: (fx) => ({ slug: fx.car.slug }) },
  'stats.site': { expect: PUBLIC },
  'ads.active': { expect: PUBLIC },
  'events.upcoming': { expect: PUBLIC },
  'hallOfFame.winners': { expect: PUBLIC },
  'hallOfFame.month': { expect: PUBLIC, input: (fx) => closedMonth(fx) },
  'hallOfFame.honours': { expect: PUBLIC, input: (fx) => ({ slug: fx.car.slug }) },
  'products.list': { expect: PUBLIC, input: () => ({ limit: 5 }) },
  'products.merch': { expect: PUBLIC },
  'cart.list': { expect: SIGNED_IN },
  'cart.add': { expect: SIGNED_IN, input: (fx) => ({ productId: fx.print.id, imageId: fx.images[0].id }) },
  'cart.update': { expect: OWNER_ONLY, input: (fx) => ({ id: fx.cartLineId, quantity: 2 }) },
  'cart.remove': {
    expect: OWNER_ONLY,
    input: async (fx) => {
      const ds = fx.t.app.services.ds;
      const merch = await makeProduct(ds, { isMerch: true });
      const line = await ds
        .getRepository(CartItemEntity)
        .save({ userId: fx.user.row.id, productId: merch.id, imageKey: 0, quantity: 1 });
      return { id: line.id };
    },
  },
  'cart.clear': { expect: SIGNED_IN, ownAccount: true },
  'checkout.paymentConfig': { expect: PUBLIC },
  'checkout.createPaymentIntent': {
    expect: SIGNED_IN,
    input: () => ({ email: 'dana@example.com', shippingAddress: CALIFORNIA }),
  },
  'checkout.recordOrder': { expect: OWNER_ONLY, input: (fx) => ({ paymentId: fx.payment.paymentId }) },
  'checkout.payWithTestCard': {
    expect: OWNER_ONLY,
    input: (fx) => ({ ...fx.payment, cardNumber: '4242 4242 4242 4242' }),
  },
  'orders.mine': { expect: SIGNED_IN },
  'admin.cars.bySlug': { expect: ADMIN_ONLY, input: (fx) => ({ slug: fx.car.slug }) },
  'admin.cars.delete': { expect: ADMIN_ONLY, input: async (fx) => ({ id: (await newCar(fx)).id }) },
  'admin.products.create': { expect: ADMIN_ONLY, input: product },
  'admin.products.update': { expect: ADMIN_ONLY, input: (fx) => ({ id: fx.print.id, stock: 50 }) },
  'admin.products.delete': {
    expect: ADMIN_ONLY,
    input: async (fx) => ({ id: (await makeProduct(fx.t.app.services.ds)).id }),
  },
  'admin.orders.list': { expect: ADMIN_ONLY, input: () => ({ limit: 5 }) },
  'admin.orders.updateStatus': {
    expect: ADMIN_ONLY,
    input: (fx) => ({ id: fx.payment.orderId, status: 'processing', notes: 'Printing' }),
  },
  'admin.orders.search': { expect: ADMIN_ONLY, input: () => ({ q: 'shopper', page: 1 }) },
  'admin.orders.get': { expect: ADMIN_ONLY, input: (fx) => ({ id: fx.payment.orderId }) },
  'admin.orders.setInternalNote': {
    expect: ADMIN_ONLY,
    input: (fx) => ({ id: fx.payment.orderId, internalNote: 'Packed by Sam' }),
  },
  'admin.orders.bulkStatus': {
    expect: ADMIN_ONLY,
    input: (fx) => ({ status: 'processing', orders: [{ id: fx.payment.orderId }] }),
  },
  'admin.orders.cancel': {
    expect: ADMIN_ONLY,
    input: async (fx) => ({ id: await copyOrder(fx), refund: { kind: 'none' } }),
  },
  'admin.events.list': { expect: ADMIN_ONLY },
  'admin.events.create': { expect: ADMIN_ONLY, input: event },
  'admin.events.update': { expect: ADMIN_ONLY, input: (fx) => ({ id: fx.eventId, location: 'Aurora, IL' }) },
  'admin.events.delete': {
    expect: ADMIN_ONLY,
    input: async (fx) => ({ id: (await fx.t.app.services.events.create({ ...event(), active: true })).id }),
  },
  'admin.ads.list': { expect: ADMIN_ONLY },
  'admin.ads.create': { expect: ADMIN_ONLY, input: ad },
  'admin.ads.update': { expect: ADMIN_ONLY, input: (fx) => ({ id: fx.adId, name: `Renamed ${unique()}` }) },
  'admin.ads.delete': { expect: ADMIN_ONLY, input: async (fx) => ({ id: await createAd(fx.t) }) },
  'admin.stats.overview': { expect: ADMIN_ONLY },
  'admin.cardVotes.perEvent': { expect: ADMIN_ONLY },
  'admin.fairVotes.review': { expect: ADMIN_ONLY },
  'admin.fairVotes.voids': { expect: ADMIN_ONLY },
  'admin.fairVotes.void': { expect: ADMIN_ONLY, input: voidableVote },
  'admin.fairVotes.restore': {
    expect: ADMIN_ONLY,
    input: async (fx) => {
      const input = await voidableVote(fx);
      const done = await fx.t.app.services.fairVotes.void(input, { id: fx.user.row.id, name: 'Matrix' });
      return { id: done.void.id };
    },
  },
  'admin.photoMatches.list': { expect: ADMIN_ONLY, input: () => ({ status: 'open' }) },
  'admin.photoMatches.dismiss': { expect: ADMIN_ONLY, input: photoMatch },
  'admin.settings.update': {
    expect: ADMIN_ONLY,
    input: () => ({
      maintenanceMode: false,
      comingSoonMode: false,
      maintenanceMessage: 'Back soon.',
      comingSoonMessage: 'Launching soon.',
      launchDate: null,
    }),
  },
  'admin.settings.moderation': { expect: ADMIN_ONLY },
  'admin.settings.updateModeration': {
    expect: ADMIN_ONLY,
    input: () => ({ reportHoldThreshold: 3, reviewNewCars: false, reviewEdits: false }),
  },
  'admin.moderation.queue': { expect: ADMIN_ONLY },
  'admin.moderation.setAside': { expect: ADMIN_ONLY },
  'admin.moderation.actions': { expect: ADMIN_ONLY, input: () => ({}) },
  'admin.moderation.act': {
    expect: ADMIN_ONLY,
    input: async (fx) => ({ carId: (await newCar(fx)).id, action: 'hide', note: 'Not a street car.' }),
  },
  'admin.users.find': { expect: ADMIN_ONLY, input: (fx) => ({ q: fx.user.row.username }) },
  'admin.users.suspensions': { expect: ADMIN_ONLY },
  // Each call suspends (or lifts) an account of its own, so every caller's call meets an account it may act on.
  'admin.users.suspend': {
    expect: ADMIN_ONLY,
    input: async (fx) => ({ id: (await makeAccount(fx.t)).id, note: 'Spam cars' }),
  },
  'admin.users.lift': { expect: ADMIN_ONLY, input: async (fx) => ({ id: await suspendedAccount(fx.t) }) },
};

/** A new account, suspended by a new admin (each lift gets its own suspension to lift). */
async function suspendedAccount(t: TestApp): Promise<number> {
  const [account, admin] = await Promise.all([makeAccount(t), makeAccount(t, 'admin')]);
  await t.app.services.suspensions.suspend(admin.id, { id: account.id, note: 'Spam cars' });
  return account.id;
}

async function createAd(t: TestApp): Promise<number> {
  const created = await t.app.services.ads.create({ ...ad(), type: 'banner', active: true, description: null });
  return created.id;
}

/** The plain routes' levels (test/plain-routes.ts) as the table's outcomes. */
const PLAIN_EXPECT: Record<PlainRoute['level'], Expected> = {
  public: PUBLIC,
  signedIn: SIGNED_IN,
  ownerOrAdmin: OWNER_OR_ADMIN,
  admin: ADMIN_ONLY,
};

/**
 * An admin's API token of each scope. Only the admin scope keeps the admin's powers: with a read or write token the
 * admin is an ordinary user (trpc.ts actsAsAdmin) — "other", who owns nothing the inputs name — and a read token
 * changes nothing.
 */
type TokenScope = 'read' | 'write' | 'admin';
const SCOPES: TokenScope[] = ['read', 'write', 'admin'];
function withAdminToken(expected: Expected, scope: TokenScope, writes: boolean): Outcome {
  if (scope === 'admin') return expected.admin;
  return scope === 'read' && writes ? 403 : expected.other;
}

const PROCEDURES = listProcedures();
let fx: Fixtures;
const clients = {} as Record<Actor, HttpClient>;
/** The Authorization header of the admin's token of each scope. */
const adminTokens = {} as Record<TokenScope, Record<string, string>>;

beforeAll(async () => {
  const t = await startTestApp();
  const ds = t.app.services.ds;
  const [user, other, admin] = await Promise.all([signedIn(t), signedIn(t), signedIn(t, 'admin')]);
  clients.anonymous = new HttpClient(t.baseUrl);
  clients.user = user.client;
  clients.other = other.client;
  clients.admin = admin.client;

  const car = await makeCar(ds, { ownerId: user.row.id });
  const images = [await makeImage(ds, car, { isPrimary: true }), await makeImage(ds, car)] as const;
  const print = await makeProduct(ds);

  // A paid order of the user's, then one line left in their cart.
  expect((await user.client.post('/api/cart', { productId: print.id, imageId: images[0].id })).status).toBe(201);
  const payment = await payForCart(user);
  const line = await user.client.post('/api/cart', { productId: print.id, imageId: images[1].id });
  expect(line.status).toBe(201);
  // The others have carts of their own, so each of them can start a checkout (of their own cart only).
  for (const account of [other, admin]) {
    expect((await account.client.post('/api/cart', { productId: print.id, imageId: images[0].id })).status).toBe(201);
  }

  const eventRow = await t.app.services.events.create({ ...event(), active: true });
  const adId = await createAd(t);
  for (const scope of SCOPES) {
    const res = await admin.client.post('/api/tokens', { name: `Matrix ${scope}`, scope });
    expect(res.status).toBe(201);
    adminTokens[scope] = { authorization: `Bearer ${res.body.token}` };
  }
  // The printed photo is stored, so the admin's original download finds it; a product picture for /api/file.
  await storePhoto(t, images[0]);
  const fileKey = `products/${unique('matrix-')}.webp`;
  await t.app.services.storage.put(fileKey, await jpegBytes(8, 8), { contentType: 'image/webp' });
  const item = await ds.getRepository(OrderItemEntity).findOneByOrFail({ orderId: payment.orderId });
  const ids = {
    carId: car.id,
    slug: car.slug,
    orderId: payment.orderId,
    itemId: item.id,
    fileKey,
  };
  fx = { t, user, car, images, print, cartLineId: line.body.id, payment, eventId: eventRow.id, adId, ids };
});
afterAll(async () => {
  await fx?.t.close();
});

async function clientFor(actor: Actor, row: Row): Promise<HttpClient> {
  if (!row.ownAccount) return clients[actor];
  if (actor === 'anonymous') return new HttpClient(fx.t.baseUrl);
  return (await signedIn(fx.t, actor === 'admin' ? 'admin' : 'user')).client;
}

const EXPECTED_MESSAGES: Partial<Record<Outcome, string>> = { 401: 'Authentication required' };

function checkOutcome(outcome: Outcome, response: { status: number; message: string | undefined }, row: Row) {
  if (outcome === 'ok') {
    expect(response.status, response.message).toBeGreaterThanOrEqual(200);
    expect(response.status, response.message).toBeLessThan(300);
    return;
  }
  expect(response.status).toBe(outcome);
  const message = row.expect === ADMIN_ONLY && outcome === 403 ? 'Admin access required' : EXPECTED_MESSAGES[outcome];
  expect(response.message).toEqual(message ?? expect.any(String));
}

describe('the expected-outcome table', () => {
  it('has exactly one row for every procedure of the router', () => {
    const routed = PROCEDURES.map((p) => p.path).sort();
    expect(Object.keys(MATRIX).sort()).toEqual(routed);
  });

  it('lets no ordinary user reach an admin procedure; admin-only ones are under admin., each with its /api path', () => {
    for (const [path, row] of Object.entries(MATRIX)) {
      const adminOnly = row.expect.admin === 'ok' && row.expect.user === 403 && row.expect.other === 403;
      expect(adminOnly, path).toBe(path.startsWith('admin.'));
    }
    const admin = PROCEDURES.filter((p) => p.path.startsWith('admin.'));
    expect(admin.length).toBeGreaterThanOrEqual(15);
    expect(admin.filter((p) => p.rest === null).map((p) => p.path)).toEqual([]);
  });
});

const cases = PROCEDURES.flatMap((procedure) => [
  { procedure, transport: 'trpc' as Transport, label: `/trpc/${procedure.path}` },
  ...(procedure.rest
    ? [{ procedure, transport: 'rest' as Transport, label: `${procedure.rest.method} ${procedure.rest.url}` }]
    : []),
]);

describe.each(cases)('$procedure.path over $label', ({ procedure, transport }) => {
  it.each(ACTORS)('as %s', async (actor) => {
    const row = MATRIX[procedure.path];
    const input = await row.input?.(fx);
    const response = await callProcedure(await clientFor(actor, row), procedure, transport, input);
    checkOutcome(row.expect[actor], response, row);
  });
});

/** The procedures where an admin's powers matter (an admin's outcome differs from another user's). */
const adminPowers = cases.filter(({ procedure }) => {
  const row = MATRIX[procedure.path];
  return !row.ownAccount && row.expect.admin !== row.expect.other;
});

describe.each(adminPowers)("$procedure.path over $label, with an admin's API token", ({ procedure, transport }) => {
  it.each(SCOPES)('of scope %s', async (scope) => {
    const row = MATRIX[procedure.path];
    const client = new HttpClient(fx.t.baseUrl, adminTokens[scope]);
    const response = await callProcedure(client, procedure, transport, await row.input?.(fx));
    const outcome = withAdminToken(row.expect, scope, procedure.type === 'mutation');
    checkOutcome(outcome, response, { expect: scope === 'admin' ? row.expect : SIGNED_IN });
  });
});

describe.each(PLAIN_ROUTES.map((route) => ({ route, label: plainRouteLabel(route) })))(
  '$label (plain route)',
  ({ route }) => {
    const expected = PLAIN_EXPECT[route.level];
    it.each(ACTORS)('as %s', async (actor) => {
      checkOutcome(expected[actor], await callPlainRoute(clients[actor], route, fx.ids), { expect: expected });
    });
    it.each(SCOPES)("with an admin's API token of scope %s", async (scope) => {
      const response = await callPlainRoute(new HttpClient(fx.t.baseUrl), route, fx.ids, adminTokens[scope]);
      const outcome = withAdminToken(expected, scope, route.method !== 'GET');
      checkOutcome(outcome, response, { expect: scope === 'admin' ? expected : SIGNED_IN });
    });
  },
);

/** Calls a procedure over /trpc and, if it has one, its /api route; the responses in that order. */
async function overBoth(client: HttpClient, path: ProcedurePath, input?: unknown) {
  const procedure = procedureAt(path);
  const responses = [await callProcedure(client, procedure, 'trpc', input)];
  if (procedure.rest) responses.push(await callProcedure(client, procedure, 'rest', input));
  return responses;
}

describe("one user's cart, orders, car, photos and profile, to another user", () => {
  it('cart lines: not listed, not changeable, not removable (404), and the line stays as it was', async () => {
    const lines = fx.t.app.services.ds.getRepository(CartItemEntity);
    const before = await lines.findOneByOrFail({ id: fx.cartLineId });
    for (const listed of await overBoth(clients.other, 'cart.list')) {
      expect(listed.data.map((l: { id: number }) => l.id)).not.toContain(fx.cartLineId);
    }
    const refused = [
      ...(await overBoth(clients.other, 'cart.update', { id: fx.cartLineId, quantity: 9 })),
      ...(await overBoth(clients.other, 'cart.remove', { id: fx.cartLineId })),
    ];
    expect(refused.map((a) => [a.status, a.message])).toEqual(Array(4).fill([404, 'Cart item not found']));
    expect(await lines.findOneByOrFail({ id: fx.cartLineId })).toEqual(before);
  });

  it("orders and payments: not listed, and another's payment makes no order (404)", async () => {
    for (const mine of await overBoth(clients.other, 'orders.mine')) {
      expect(mine.status).toBe(200);
      expect(mine.data.map((o: { id: number }) => o.id)).not.toContain(fx.payment.orderId);
    }
    const refused = [
      ...(await overBoth(clients.other, 'checkout.recordOrder', { paymentId: fx.payment.paymentId })),
      ...(await overBoth(clients.other, 'checkout.payWithTestCard', { ...fx.payment, cardNumber: '4242424242424242' })),
    ];
    expect(refused.map((a) => [a.status, a.message])).toEqual(Array(4).fill([404, 'Payment not found']));
    const otherId = (await clients.other.get('/api/user')).body.id;
    expect(await fx.t.app.services.ds.getRepository(OrderEntity).countBy({ userId: otherId })).toBe(0);
  });

  it('a car and its photos: not editable (403), and the stored car and photos stay as they were', async () => {
    const ds = fx.t.app.services.ds;
    const car = await ds.getRepository(CarEntity).findOneByOrFail({ id: fx.car.id });
    const photos = await ds.getRepository(CarImageEntity).find({ where: { carId: fx.car.id }, order: { id: 'ASC' } });
    const secondary = photos.find((p) => !p.isPrimary);
    assert(secondary);
    const refused = [
      ...(await overBoth(clients.other, 'cars.update', { id: fx.car.id, make: 'Hacked', featured: true })),
      ...(await overBoth(clients.other, 'images.setPrimary', { id: secondary.id, carId: fx.car.id })),
      ...(await overBoth(clients.other, 'images.delete', { id: secondary.id })),
    ];
    const upload = await multipartPost(
      clients.other,
      '/api/images',
      { carId: String(fx.car.id), isPrimary: 'true' },
      { field: 'image', bytes: await jpegBytes(64, 48) },
    );
    expect([...refused, { status: upload.status, message: upload.body.message }].map((a) => a.status)).toEqual(
      Array(7).fill(403),
    );
    expect(refused[0]?.message).toBe('You can only edit your own cars');
    expect(await ds.getRepository(CarEntity).findOneByOrFail({ id: fx.car.id })).toEqual(car);
    expect(await ds.getRepository(CarImageEntity).find({ where: { carId: fx.car.id }, order: { id: 'ASC' } })).toEqual(
      photos,
    );
  });

  it('a profile: changed only by its owner, and no response about their car gives away their e-mail', async () => {
    const before = await storedUser(fx.t, fx.user.row.id);
    const otherId = (await clients.other.get('/api/user')).body.id;
    for (const response of await overBoth(clients.other, 'profile.update', {
      id: fx.user.row.id,
      userId: fx.user.row.id,
      bio: 'Written by someone else',
    })) {
      expect(response.status).toBe(200);
      expect(response.data.id).toBe(otherId);
    }
    expect(await storedUser(fx.t, fx.user.row.id)).toEqual(before);

    const seen = [
      ...(await overBoth(clients.other, 'cars.byId', { id: fx.car.id })),
      ...(await overBoth(clients.other, 'cars.bySlug', { slug: fx.car.slug })),
      ...(await overBoth(clients.other, 'cars.list', { limit: 100 })),
    ];
    for (const response of seen) {
      expect(response.status).toBe(200);
      expect(JSON.stringify(response.data)).not.toContain(fx.user.row.email);
    }
  });
});
