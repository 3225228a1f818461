import { computeOrderTotals } from '@curbside/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../src/modules/accounts/password';
import { CarEntity } from '../../src/modules/cars/car.entity';
import { CarImageEntity } from '../../src/modules/cars/car-image.entity';
import { CartItemEntity } from '../../src/modules/cart/cart-item.entity';
import { CALIFORNIA, makeProduct } from '../../src/modules/checkout/shop-test-fixtures';
import { jpegBytes, multipartPost } from '../../src/modules/images/upload-test-helpers';
import { OrderEntity } from '../../src/modules/orders/order.entity';
import { PaymentEntity } from '../../src/modules/payments/payment.entity';
import { ProductEntity } from '../../src/modules/products/product.entity';
import { startTestApp, type TestApp, unique } from '../app';
import { HttpClient } from '../http';
import { callProcedure, type ProcedurePath, procedureAt, type Transport } from '../procedures';
import { makeCar, makeImage } from '../showcase-fixtures';
import { type Account, NEW_CAR, PASSWORD, payForCart, signedIn, storedUser } from './fixtures';

// Mass assignment: every write is sent the fields its caller may not set (role, ownerId, featured, price, status,
// totalVotes, ids, counters, timestamps), over /trpc and over /api, and the stored rows are read back: the server
// ignored them (or refused the call), and nobody else's rows moved.

let t: TestApp;
let victim: Account;
const TRANSPORTS: Transport[] = ['trpc', 'rest'];
const ds = () => t.app.services.ds;

beforeAll(async () => {
  t = await startTestApp();
  victim = await signedIn(t);
});
afterAll(async () => {
  await t?.close();
});

function call(client: HttpClient, path: ProcedurePath, transport: Transport, input: unknown) {
  return callProcedure(client, procedureAt(path), transport, input);
}

const LONG_AGO = '2001-01-01T00:00:00.000Z';

/** A paid order of `buyer` (one sticker). */
async function placeOrder(buyer: Account): Promise<OrderEntity> {
  const merch = await makeProduct(ds(), { isMerch: true });
  await ds()
    .getRepository(CartItemEntity)
    .save({ userId: buyer.row.id, productId: merch.id, imageKey: 0, quantity: 1 });
  const { orderId } = await payForCart(buyer);
  return ds().getRepository(OrderEntity).findOneByOrFail({ id: orderId });
}

describe.each(TRANSPORTS)('over %s', (transport) => {
  it('registration takes no role, id, password hash, session generation, picture or date', async () => {
    const client = new HttpClient(t.baseUrl);
    const name = unique('reg');
    const res = await call(client, 'accounts.register', transport, {
      email: `${name}@example.com`,
      username: name,
      password: PASSWORD,
      role: 'admin',
      id: victim.row.id,
      passwordHash: 'plain-text',
      sessionGeneration: 7,
      profilePicture: 'https://evil.example/me.png',
      createdAt: LONG_AGO,
    });
    expect(res.status, res.message).toBeLessThan(300);
    expect(res.data.role).toBe('user');
    const stored = await storedUser(t, res.data.id);
    expect(stored).toMatchObject({ role: 'user', sessionGeneration: 0, profilePicture: null });
    expect(stored.id).not.toBe(victim.row.id);
    expect(await verifyPassword(stored.passwordHash, PASSWORD)).toBe(true);
    expect(stored.createdAt.getFullYear()).toBeGreaterThan(2020);
    expect(await storedUser(t, victim.row.id)).toEqual(victim.row);
    // And the new account is not an admin where it counts.
    expect((await client.get('/api/admin/stats')).status).toBe(403);
  });

  it('a profile update changes name and bio only: not role, e-mail, username, password, picture or someone else', async () => {
    const me = await signedIn(t);
    const res = await call(me.client, 'profile.update', transport, {
      name: 'New Name',
      bio: 'New bio',
      role: 'admin',
      email: 'hijack@example.com',
      username: 'hijacker',
      passwordHash: 'plain-text',
      sessionGeneration: 9,
      profilePicture: 'https://evil.example/me.png',
      id: victim.row.id,
      createdAt: LONG_AGO,
    });
    expect(res.status, res.message).toBe(200);
    expect(await storedUser(t, me.row.id)).toEqual({
      ...me.row,
      name: 'New Name',
      bio: 'New bio',
      updatedAt: expect.any(Date),
    });
    expect(await storedUser(t, victim.row.id)).toEqual(victim.row);
  });

  it('a submitted car belongs to its submitter, unfeatured, with no votes and a slug made by the server', async () => {
    const me = await signedIn(t);
    const res = await call(me.client, 'cars.create', transport, {
      ...NEW_CAR,
      ownerId: victim.row.id,
      featured: true,
      totalVotes: 999,
      lastMonthVotes: 999,
      slug: 'chosen-slug',
      id: 1,
      createdAt: LONG_AGO,
    });
    expect(res.status, res.message).toBeLessThan(300);
    const stored = await ds().getRepository(CarEntity).findOneByOrFail({ id: res.data.id });
    expect(stored).toMatchObject({ ownerId: me.row.id, featured: false, totalVotes: 0 });
    // The server's slug: make and model, with a short tail when another car has it already.
    expect(stored.slug).toMatch(/^mazda-rx-7(-[a-z0-9]{4})?$/);
    expect(stored.createdAt.getFullYear()).toBeGreaterThan(2020);
    expect(res.data).toMatchObject({ featured: false, totalVotes: 0, lastMonthVotes: 0 });
  });

  it("an owner's edit changes no owner, votes or slug, and refuses featuring (403); the body's id is not the path's", async () => {
    const me = await signedIn(t);
    const mine = await makeCar(ds(), { ownerId: me.row.id });
    const theirs = await makeCar(ds(), { ownerId: victim.row.id });
    const edited = await call(me.client, 'cars.update', transport, {
      id: mine.id,
      story: 'Edited story',
      ownerId: victim.row.id,
      totalVotes: 999,
      slug: 'renamed',
      createdAt: LONG_AGO,
    });
    expect(edited.status, edited.message).toBe(200);
    expect(await ds().getRepository(CarEntity).findOneByOrFail({ id: mine.id })).toMatchObject({
      story: 'Edited story',
      ownerId: me.row.id,
      totalVotes: 0,
      slug: mine.slug,
      createdAt: mine.createdAt,
    });

    const featured = await call(me.client, 'cars.update', transport, { id: mine.id, featured: true });
    expect([featured.status, featured.message]).toEqual([403, 'Only an admin can feature a car']);
    expect((await ds().getRepository(CarEntity).findOneByOrFail({ id: mine.id })).featured).toBe(false);

    if (transport === 'rest') {
      // PUT /api/cars/{mine} with another car's id in the body: the path decides which car is edited.
      const res = await me.client.put(`/api/cars/${mine.id}`, { id: theirs.id, make: 'Hacked' });
      expect(res.status).toBe(200);
      expect(res.body.id).toBe(mine.id);
    }
    expect(await ds().getRepository(CarEntity).findOneByOrFail({ id: theirs.id })).toEqual(theirs);
  });

  it('a photo upload records the uploader, never as official, whatever the form says', async () => {
    if (transport === 'trpc') return; // uploads are multipart /api routes only
    const me = await signedIn(t);
    const car = await makeCar(ds(), { ownerId: me.row.id });
    const res = await multipartPost(
      me.client,
      '/api/images',
      { carId: String(car.id), isAdminUploaded: 'true', uploadedById: String(victim.row.id), sortOrder: '-5' },
      { field: 'image', bytes: await jpegBytes(64, 48) },
    );
    expect(res.status).toBe(201);
    expect(await ds().getRepository(CarImageEntity).findOneByOrFail({ id: res.body.id })).toMatchObject({
      isAdminUploaded: false,
      uploadedById: me.row.id,
      sortOrder: 0,
    });
  });

  it("the cart keeps the server's price and the caller as owner, and a line's product cannot be swapped", async () => {
    const me = await signedIn(t);
    const merch = await makeProduct(ds(), { isMerch: true, price: 1500 });
    const cheap = await makeProduct(ds(), { isMerch: true, price: 1 });
    const added = await call(me.client, 'cart.add', transport, {
      productId: merch.id,
      quantity: 1,
      price: 1,
      unitPrice: 1,
      userId: victim.row.id,
    });
    expect(added.status, added.message).toBeLessThan(300);
    expect(added.data.price).toBe(1500);
    const updated = await call(me.client, 'cart.update', transport, {
      id: added.data.id,
      quantity: 2,
      productId: cheap.id,
      price: 1,
      userId: victim.row.id,
    });
    expect(updated.status, updated.message).toBe(200);
    expect(updated.data.price).toBe(1500);
    const line = await ds().getRepository(CartItemEntity).findOneByOrFail({ id: added.data.id });
    expect(line).toMatchObject({ userId: me.row.id, productId: merch.id, quantity: 2 });
    expect(await ds().getRepository(CartItemEntity).countBy({ userId: victim.row.id })).toBe(0);
  });

  it('checkout charges what the server computes, and the order takes no status, total or owner from the caller', async () => {
    const me = await signedIn(t);
    const merch = await makeProduct(ds(), { isMerch: true, price: 2000, shippingFee: 500 });
    await ds().getRepository(CartItemEntity).save({ userId: me.row.id, productId: merch.id, imageKey: 0, quantity: 3 });
    const expected = computeOrderTotals({
      lines: [{ unitPrice: 2000, quantity: 3, shippingFee: 500 }],
      state: 'CA',
    });
    const intent = await call(me.client, 'checkout.createPaymentIntent', transport, {
      email: me.row.email,
      shippingAddress: CALIFORNIA,
      amount: 100,
      total: 100,
      subtotal: 100,
      tax: 0,
      shipping: 0,
      userId: victim.row.id,
    });
    expect(intent.status, intent.message).toBe(200);
    expect(intent.data.total).toBe(expected.total);
    const payment = await ds()
      .getRepository(PaymentEntity)
      .findOneByOrFail({ providerPaymentId: intent.data.paymentId });
    expect(payment).toMatchObject({ userId: me.row.id, amount: expected.total, tax: expected.tax });

    const paid = await me.client.trpc('mutation', 'checkout.payWithTestCard', {
      paymentId: intent.data.paymentId,
      clientSecret: intent.data.clientSecret,
      cardNumber: '4242 4242 4242 4242',
      amount: 100,
    });
    expect(paid.status).toBe(200);
    const recorded = await call(me.client, 'checkout.recordOrder', transport, {
      paymentId: intent.data.paymentId,
      status: 'delivered',
      total: 100,
      userId: victim.row.id,
    });
    expect(recorded.status, recorded.message).toBe(200);
    const order = await ds().getRepository(OrderEntity).findOneByOrFail({ id: recorded.data.id });
    expect(order).toMatchObject({ status: 'pending', total: expected.total, userId: me.row.id });
  });

  it("a vote counts once: the caller's tallies and vote key are not read", async () => {
    const car = await makeCar(ds());
    const res = await call(new HttpClient(t.baseUrl), 'votes.cast', transport, {
      carId: car.id,
      totalVotes: 1000,
      lastMonthVotes: 1000,
      ipHash: 'someone-else',
    });
    expect(res.status, res.message).toBeLessThan(300);
    expect((await ds().getRepository(CarEntity).findOneByOrFail({ id: car.id })).totalVotes).toBe(1);
  });
});

describe('admin writes', () => {
  let admin: Account;
  beforeAll(async () => {
    admin = await signedIn(t, 'admin');
  });

  it.each(TRANSPORTS)(
    "a product's print size and type follow its name and category, not the request (%s)",
    async (transport) => {
      const product = await makeProduct(ds(), { name: 'Canvas Print 24x36', category: 'canvas' });
      const other = await makeProduct(ds());
      const res = await call(admin.client, 'admin.products.update', transport, {
        id: product.id,
        price: 3100,
        printSize: '99x99',
        printType: 'Hacked',
        createdAt: LONG_AGO,
      });
      expect(res.status, res.message).toBe(200);
      expect(await ds().getRepository(ProductEntity).findOneByOrFail({ id: product.id })).toMatchObject({
        price: 3100,
        printSize: '24x36',
        printType: 'Canvas Print',
        createdAt: product.createdAt,
      });
      if (transport === 'rest') {
        const res = await admin.client.put(`/api/products/${product.id}`, { id: other.id, price: 1 });
        expect(res.body.id).toBe(product.id);
      }
      expect(await ds().getRepository(ProductEntity).findOneByOrFail({ id: other.id })).toEqual(other);
    },
  );

  it.each(TRANSPORTS)("an order's status change moves no money, owner or payment (%s)", async (transport) => {
    const order = await placeOrder(await signedIn(t));
    const res = await call(admin.client, 'admin.orders.updateStatus', transport, {
      id: order.id,
      status: 'processing',
      total: 1,
      subtotal: 1,
      userId: victim.row.id,
      paymentId: 'pi_forged',
      email: 'hijack@example.com',
    });
    expect(res.status, res.message).toBe(200);
    const { status, updatedAt, ...unchanged } = order;
    expect(await ds().getRepository(OrderEntity).findOneByOrFail({ id: order.id })).toMatchObject({
      ...unchanged,
      status: 'processing',
    });
  });
});

it('an image row made for one car is not moved to another by an edit of its car', async () => {
  // setPrimary names the image and the car: an image of another car is refused, and neither car changes.
  const me = await signedIn(t);
  const mine = await makeCar(ds(), { ownerId: me.row.id });
  const theirs = await makeCar(ds(), { ownerId: victim.row.id });
  const myImage = await makeImage(ds(), mine, { isPrimary: true });
  const theirImage = await makeImage(ds(), theirs, { isPrimary: true });
  for (const transport of TRANSPORTS) {
    const res = await call(me.client, 'images.setPrimary', transport, { id: theirImage.id, carId: mine.id });
    expect([res.status, res.message]).toEqual([400, 'That image does not belong to this car']);
  }
  const images = ds().getRepository(CarImageEntity);
  expect(await images.findOneByOrFail({ id: theirImage.id })).toEqual(theirImage);
  expect(await images.findOneByOrFail({ id: myImage.id })).toEqual(myImage);
});
