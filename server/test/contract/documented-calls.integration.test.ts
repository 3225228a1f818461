import { CALIFORNIA } from '@curbside/shared/test-fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jpegBytes, multipartPost, uploadCarImage } from '../../src/modules/images/upload-test-helpers';
import { startTestApp, type TestApp, unique } from '../app';
import { HttpClient } from '../http';
import { register } from '../register';

// Every row of the two spec documents' endpoint tables ("The calls it makes": part 1 §7, part 2 §7), called exactly
// as written — path, query and payload — and checked against the documented response: its fields by the data model
// (part 1 §3, part 2 §3), extra fields allowed, no wrapper, nothing renamed. One `it` per row, in the tables' order;
// the rows build on each other as a client's session would (an account, a car with photos, a cart, a checkout).

const ADMIN = { email: `${unique('boss')}@example.com`, password: 'admin-password-1' };

// The data model's fields, as the spec lists them.
const USER = ['id', 'name', 'username', 'email', 'role', 'bio', 'profilePicture', 'createdAt'];
const CAR = [
  'id',
  'slug',
  'make',
  'model',
  'year',
  'category',
  'story',
  'specs',
  'additionalSpecs',
  'featured',
  'legalAgreement',
  'ownerId',
  'ownerName',
  'ownerDetails',
  'images',
  'totalVotes',
  'lastMonthVotes',
  'hasVoted',
  'createdAt',
];
const CAR_IMAGE = ['id', 'url', 'isPrimary', 'isAdminUploaded', 'caption', 'fileSize'];
const PRODUCT = [
  'id',
  'name',
  'description',
  'category',
  'price',
  'shippingFee',
  'stock',
  'sku',
  'imageUrl',
  'featured',
  'active',
  'isMerch',
];
const CART_ITEM = [
  'id',
  'price',
  'quantity',
  'productId',
  'imageId',
  'car',
  'image',
  'product',
  'printSize',
  'printType',
];
const ORDER = [
  'id',
  'status',
  'createdAt',
  'total',
  'subtotal',
  'shipping',
  'tax',
  'email',
  'customer',
  'shippingAddress',
  'items',
  'trackingNumber',
  'notes',
];
const ORDER_ITEM = ['id', 'product', 'car', 'printSize', 'priceAtPurchase', 'quantity'];
const ADDRESS = ['name', 'line1', 'line2', 'city', 'state', 'postalCode', 'country'];
const PAYMENT_ORDER = [
  'paymentId',
  'totalAmount',
  'subtotalAmount',
  'shippingAmount',
  'taxAmount',
  'status',
  'shippingAddress',
  'email',
];
const EVENT = ['id', 'title', 'description', 'eventDate', 'location', 'imageUrl', 'fbEventUrl', 'active'];
const AD = ['id', 'name', 'description', 'type', 'imageUrl', 'linkUrl', 'startDate', 'endDate', 'active'];
const SETTINGS = ['maintenanceMode', 'comingSoonMode', 'maintenanceMessage', 'comingSoonMessage', 'launchDate'];

/** The documented fields `body` lacks (an empty list when it has them all). */
function missing(body: unknown, fields: string[]): string[] {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return ['(not an object)'];
  return fields.filter((field) => !(field in body));
}

/** A response that is an object with every documented field. */
function expectRecord(body: unknown, fields: string[]) {
  expect(missing(body, fields)).toEqual([]);
}

/** A response that is a plain array (no wrapper) of `min` or more objects with every documented field. */
function expectList(body: unknown, fields: string[], min = 1) {
  expect(Array.isArray(body)).toBe(true);
  const list = body as unknown[];
  expect(list.length).toBeGreaterThanOrEqual(min);
  expect(list.map((item) => missing(item, fields))).toEqual(list.map(() => []));
}

function expectCar(body: unknown) {
  expectRecord(body, CAR);
  const car = body as { images: unknown[]; ownerDetails: unknown };
  for (const image of car.images) expectRecord(image, CAR_IMAGE);
}

let t: TestApp;
let visitor: HttpClient;
let user: HttpClient;
let admin: HttpClient;
const account = { email: '', username: unique('walk'), password: 'walk-password-1', name: 'Wanda Walker' };
let car: { id: number; slug: string };
let photoIds: number[] = [];
let print: { id: number };
let merch: { id: number };

beforeAll(async () => {
  account.email = `${account.username}@example.com`;
  t = await startTestApp({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  visitor = new HttpClient(t.baseUrl);
  user = new HttpClient(t.baseUrl);
  admin = new HttpClient(t.baseUrl);
  expect((await admin.post('/api/login', ADMIN)).status).toBe(200);
  const product = (fields: Record<string, unknown>) =>
    admin.post('/api/products', {
      description: 'For the contract test',
      price: 2500,
      shippingFee: 1000,
      stock: 50,
      sku: unique('SKU-'),
      imageUrl: 'https://images.example.com/product.jpg',
      featured: false,
      active: true,
      ...fields,
    });
  print = (await product({ name: 'Poster Print 12x18', category: 'poster', isMerch: false })).body;
  merch = (await product({ name: 'Curbside Cap', category: 'apparel', isMerch: true, price: 1800 })).body;
});
afterAll(async () => {
  await t?.close();
});

describe('part 1 §7: the calls of the visitor and customer screens', () => {
  it('POST /api/register {email, username, password, name} → the user', async () => {
    const res = await register(t, user, account);
    expectRecord(res.body, USER);
    expect(res.body).toMatchObject({ email: account.email, username: account.username, name: account.name });
  });

  it('POST /api/logout → clears the session', async () => {
    expect((await user.post('/api/logout')).status).toBeLessThan(300);
    expect((await user.get('/api/user')).status).toBe(401);
  });

  it('POST /api/login {email, password} → the user', async () => {
    const res = await user.post('/api/login', { email: account.email, password: account.password });
    expect(res.status).toBe(200);
    expectRecord(res.body, USER);
    expect(res.body.email).toBe(account.email);
  });

  it('GET /api/user → the current user, or 401 when signed out', async () => {
    const res = await user.get('/api/user');
    expect(res.status).toBe(200);
    expectRecord(res.body, USER);
    expect(res.body.username).toBe(account.username);
    expect((await visitor.get('/api/user')).status).toBe(401);
  });

  it('(part 2) POST /api/cars {make, model, year, specs, story, ownerName, slug, category, additionalSpecs, ownerId, legalAgreement} → the car with id and slug', async () => {
    const res = await user.post('/api/cars', {
      make: 'Mazda',
      model: 'RX-7 FD',
      year: 1993,
      specs: 'Twin-turbo 13B-REW, five-speed.',
      story: 'Bought it in 2009 and kept it stock.',
      ownerName: 'Wanda',
      slug: `mazda-rx-7-fd-${Date.now()}`,
      category: 'JDM',
      additionalSpecs: { engine: '13B-REW', horsepower: '255', modified: 'No' },
      ownerId: 1,
      legalAgreement: true,
    });
    expect(res.status).toBe(201);
    expectCar(res.body);
    expect(res.body.id).toEqual(expect.any(Number));
    expect(res.body.slug).toEqual(expect.any(String));
    car = { id: res.body.id, slug: res.body.slug };
  });

  it('(part 2) POST /api/images multipart {image, carId, isPrimary}, one call per image', async () => {
    for (const [i, color] of ['#aa3333', '#33aa33'].entries()) {
      const res = await uploadCarImage(user, car.id, await jpegBytes(320, 200, color), i === 0);
      expect(res.status).toBeLessThan(300);
      expectRecord(res.body, CAR_IMAGE);
      photoIds.push(res.body.id);
    }
  });

  it('GET /api/cars?limit=100 → an array of cars', async () => {
    const res = await visitor.get('/api/cars?limit=100');
    expect(res.status).toBe(200);
    expectList(res.body, CAR);
    expect(res.body.map((c: { id: number }) => c.id)).toContain(car.id);
  });

  it('GET /api/cars → all cars, each with its featured flag', async () => {
    const res = await visitor.get('/api/cars');
    expect(res.status).toBe(200);
    expectList(res.body, CAR);
    for (const c of res.body) expect(typeof c.featured).toBe('boolean');
  });

  it('GET /api/cars/search?q={text} → an array of cars', async () => {
    const res = await visitor.get('/api/cars/search?q=RX-7');
    expect(res.status).toBe(200);
    expectList(res.body, CAR);
    expect(res.body[0].id).toBe(car.id);
  });

  it('POST /api/votes {carId} → totalVotes, lastMonthVotes', async () => {
    const res = await user.post('/api/votes', { carId: car.id });
    expect(res.status).toBeLessThan(300);
    expect(res.body).toEqual({ totalVotes: 1, lastMonthVotes: 1 });
  });

  describe('GET /api/cars/top: top cars (Car objects in rank order, with rank, change and isNew added)', () => {
    for (const query of ['', '?period=month&limit=3', '?period=month&limit=20', '?period=all&limit=20']) {
      it(`GET /api/cars/top${query}`, async () => {
        const res = await visitor.get(`/api/cars/top${query}`);
        expect(res.status).toBe(200);
        expectList(res.body, [...CAR, 'rank', 'change', 'isNew']);
        expect(res.body.map((c: { rank: number }) => c.rank)).toEqual(res.body.map((_: unknown, i: number) => i + 1));
        expect(res.body[0]).toMatchObject({ id: car.id, slug: car.slug, totalVotes: 1, lastMonthVotes: 1 });
        expect(typeof res.body[0].isNew).toBe('boolean');
        expect('car' in res.body[0]).toBe(false);
      });
    }
  });

  it('GET /api/cars/{slug} → the car detail', async () => {
    const res = await visitor.get(`/api/cars/${car.slug}`);
    expect(res.status).toBe(200);
    expectCar(res.body);
    expect(res.body).toMatchObject({ id: car.id, totalVotes: 1 });
    expect(res.body.images).toHaveLength(2);
  });

  it('GET /api/qrcode/{slug} → qrCode', async () => {
    const res = await visitor.get(`/api/qrcode/${car.slug}`);
    expect(res.status).toBe(200);
    expect(res.body.qrCode).toMatch(/^data:image\/png;base64,/);
  });

  it('GET /api/products → the product list', async () => {
    const res = await visitor.get('/api/products');
    expect(res.status).toBe(200);
    expectList(res.body, PRODUCT, 2);
  });

  it('GET /api/merch → merchandise products', async () => {
    const res = await visitor.get('/api/merch');
    expect(res.status).toBe(200);
    expectList(res.body, PRODUCT);
    expect(res.body.every((p: { isMerch: boolean }) => p.isMerch)).toBe(true);
  });

  it('POST /api/cart {carId, imageId, productId, quantity, price} (a print) and {productId, quantity, price} (merch)', async () => {
    const printLine = await user.post('/api/cart', {
      carId: car.id,
      imageId: photoIds[1], // the photo that stays (the first is deleted below)
      productId: print.id,
      quantity: 1,
      price: 1,
    });
    expect(printLine.status).toBeLessThan(300);
    expectRecord(printLine.body, CART_ITEM);
    expect(printLine.body.price).toBe(2500); // the server's price, not the client's
    const merchLine = await user.post('/api/cart', { productId: merch.id, quantity: 2, price: 1 });
    expect(merchLine.status).toBeLessThan(300);
    expect(merchLine.body).toMatchObject({ productId: merch.id, quantity: 2, price: 1800 });
  });

  it('GET /api/cart → an array of cart items', async () => {
    const res = await user.get('/api/cart');
    expect(res.status).toBe(200);
    expectList(res.body, CART_ITEM, 2);
    expect(res.body[0].product).toEqual(
      expect.objectContaining({ id: print.id, name: expect.any(String), shippingFee: 1000 }),
    );
  });

  it('POST /api/subscribe {email, source} → ok flag, and a message', async () => {
    const res = await visitor.post('/api/subscribe', { email: `${unique('news')}@example.com`, source: 'footer' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, message: expect.any(String) });
  });

  it('GET /api/stats → featuredCarsCount, totalVotesCount, printsOrderedCount', async () => {
    const res = await visitor.get('/api/stats');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      featuredCarsCount: expect.any(Number),
      totalVotesCount: 1,
      printsOrderedCount: expect.any(Number),
    });
  });

  it('GET /api/advertisements/active → active ads', async () => {
    const res = await visitor.get('/api/advertisements/active');
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
  });

  it('GET /api/events/upcoming → events', async () => {
    const res = await visitor.get('/api/events/upcoming');
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
  });

  it('GET /api/owner/cars → the user’s own cars', async () => {
    const res = await user.get('/api/owner/cars');
    expect(res.status).toBe(200);
    expectList(res.body, CAR);
    expect(res.body.map((c: { id: number }) => c.id)).toEqual([car.id]);
  });

  it('PUT /api/profile {bio} or {name} → updates the profile', async () => {
    const bio = await user.put('/api/profile', { bio: 'Rotary since 2009.' });
    expect(bio.status).toBe(200);
    expect(bio.body).toMatchObject({ bio: 'Rotary since 2009.', name: account.name });
    const name = await user.put('/api/profile', { name: 'Wanda W.' });
    expect(name.status).toBe(200);
    expect(name.body).toMatchObject({ bio: 'Rotary since 2009.', name: 'Wanda W.' });
  });

  it('PUT /api/profile/password {currentPassword, newPassword} → changes the password', async () => {
    const newPassword = 'walk-password-2';
    const res = await user.put('/api/profile/password', { currentPassword: account.password, newPassword });
    expect(res.status).toBe(200);
    account.password = newPassword;
    const again = new HttpClient(t.baseUrl);
    expect((await again.post('/api/login', { email: account.email, password: newPassword })).status).toBe(200);
    // The session that changed it stays signed in.
    expect((await user.get('/api/user')).status).toBe(200);
  });

  it('POST /api/profile/picture multipart {profilePicture} → updates the picture', async () => {
    const res = await multipartPost(
      user,
      '/api/profile/picture',
      {},
      { field: 'profilePicture', bytes: await jpegBytes() },
    );
    expect(res.status).toBeLessThan(300);
    expect((await user.get('/api/user')).body.profilePicture).toEqual(expect.any(String));
  });
});

describe('part 2 §7: the calls of submission, cart, checkout and admin', () => {
  let orderId: number;

  it('GET /api/cars/by-id/{id} → the car', async () => {
    const res = await user.get(`/api/cars/by-id/${car.id}`);
    expect(res.status).toBe(200);
    expectCar(res.body);
    expect(res.body.id).toBe(car.id);
  });

  it('PUT /api/cars/{id} with the same fields (owner) → the updated car', async () => {
    const res = await user.put(`/api/cars/${car.id}`, {
      make: 'Mazda',
      model: 'RX-7 FD3S',
      year: 1994,
      specs: 'Twin-turbo 13B-REW.',
      story: 'Still stock.',
      ownerName: 'Wanda',
      slug: 'ignored',
      category: 'JDM',
      additionalSpecs: { engine: '13B-REW' },
      ownerId: 1,
      legalAgreement: true,
    });
    expect(res.status).toBe(200);
    expectCar(res.body);
    expect(res.body).toMatchObject({ id: car.id, slug: car.slug, model: 'RX-7 FD3S', year: 1994 });
  });

  it('PUT /api/cars/{id} (admin also sends featured) → the updated car', async () => {
    const res = await admin.put(`/api/cars/${car.id}`, { make: 'Mazda', model: 'RX-7 FD3S', featured: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: car.id, featured: true });
  });

  it('PATCH /api/images/{id}/primary {carId} → sets the primary photo', async () => {
    const res = await user.request('PATCH', `/api/images/${photoIds[1]}/primary`, { carId: car.id });
    expect(res.status).toBeLessThan(300);
    const images = (await user.get(`/api/cars/by-id/${car.id}`)).body.images as { id: number; isPrimary: boolean }[];
    expect(images.filter((image) => image.isPrimary).map((image) => image.id)).toEqual([photoIds[1]]);
  });

  it('DELETE /api/images/{id} → removed; a second delete is 404 (treated as already removed)', async () => {
    const first = await user.delete(`/api/images/${photoIds[0]}`);
    expect(first.status).toBeLessThan(300);
    expect((await user.delete(`/api/images/${photoIds[0]}`)).status).toBe(404);
    photoIds = photoIds.slice(1);
  });

  it('PUT /api/cart/{id} {quantity} → the updated line', async () => {
    const line = (await user.get('/api/cart')).body.find((l: { productId: number }) => l.productId === merch.id);
    const res = await user.put(`/api/cart/${line.id}`, { quantity: 3 });
    expect(res.status).toBe(200);
    expectRecord(res.body, CART_ITEM);
    expect(res.body.quantity).toBe(3);
  });

  it('DELETE /api/cart/{id} → removes the line; DELETE /api/cart → clears the cart', async () => {
    const other = new HttpClient(t.baseUrl);
    const name = unique('clear');
    const registered = await other.post('/api/register', {
      email: `${name}@example.com`,
      username: name,
      password: 'pw-123456',
    });
    expect(registered.status).toBe(201);
    const line = await other.post('/api/cart', { productId: merch.id, quantity: 1 });
    expect((await other.delete(`/api/cart/${line.body.id}`)).status).toBeLessThan(300);
    expect((await other.get('/api/cart')).body).toEqual([]);
    expect((await other.post('/api/cart', { productId: merch.id, quantity: 1 })).status).toBe(201);
    expect((await other.post('/api/cart', { productId: print.id, carId: car.id, imageId: photoIds[0] })).status).toBe(
      201,
    );
    expect((await other.delete('/api/cart')).status).toBeLessThan(300);
    expect((await other.get('/api/cart')).body).toEqual([]);
  });

  let payment: { paymentId: string; clientSecret: string; total: number };
  let firstPayment: typeof payment;

  it('POST /api/create-payment-intent {items, orderInfo: {amount, shipping, tax, total, email, shippingAddress}} → clientSecret, amount, shipping, tax, total', async () => {
    const cart = (await user.get('/api/cart')).body as {
      carId?: number;
      imageId: number | null;
      productId: number;
      quantity: number;
    }[];
    const res = await user.post('/api/create-payment-intent', {
      items: cart.map((line) => ({
        imageId: line.imageId,
        productId: line.productId,
        quantity: line.quantity,
        price: 1,
      })),
      orderInfo: { amount: 1, shipping: 0, tax: 0, total: 1, email: account.email, shippingAddress: CALIFORNIA },
    });
    expect(res.status).toBe(200);
    // The server prices the cart: a print of 2500 and three caps of 1800, shipped at the highest fee, 7.25 % tax.
    const amount = 2500 + 3 * 1800;
    const tax = Math.round(amount * 0.0725);
    expect(res.body).toMatchObject({
      clientSecret: expect.any(String),
      amount,
      shipping: 1000,
      tax,
      total: amount + 1000 + tax,
    });
    firstPayment = res.body;
  });

  it('(flat form) POST /api/create-payment-intent {email, shippingAddress} keeps working', async () => {
    const res = await user.post('/api/create-payment-intent', { email: account.email, shippingAddress: CALIFORNIA });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(firstPayment.total);
    payment = res.body;
  });

  it('(test mode) POST /api/test-payments {paymentId, clientSecret, cardNumber} pays with the test card over REST', async () => {
    const declined = await user.post('/api/test-payments', {
      ...pick(firstPayment),
      cardNumber: '4000 0000 0000 0002',
    });
    expect(declined.status).toBe(400);
    expect(declined.body.message).toBe('Your card was declined.');
    const res = await user.post('/api/test-payments', { ...pick(payment), cardNumber: '4242 4242 4242 4242' });
    expect(res.status).toBe(200);
    expectRecord(res.body, ORDER);
    expect(res.body.total).toBe(payment.total);
    orderId = res.body.id;
  });

  it('POST /api/payment-orders {paymentId, totalAmount, subtotalAmount, shippingAmount, taxAmount, status, shippingAddress, email} → the saved payment order record', async () => {
    const res = await user.post('/api/payment-orders', {
      paymentId: payment.paymentId,
      totalAmount: 0.01,
      subtotalAmount: 0.01,
      shippingAmount: 0,
      taxAmount: 0,
      status: 'paid',
      shippingAddress: CALIFORNIA,
      email: account.email,
    });
    expect(res.status).toBeLessThan(300);
    expectRecord(res.body, [...PAYMENT_ORDER, ...ORDER.filter((field) => field !== 'status')]);
    expectRecord(res.body.shippingAddress, ADDRESS);
    expect(res.body).toMatchObject({
      id: orderId,
      paymentId: payment.paymentId,
      status: 'paid',
      email: account.email,
      // In dollars, as the spec's notes give them; the order's own amounts stay in cents.
      totalAmount: payment.total / 100,
      total: payment.total,
      shippingAmount: 10,
    });
  });

  it('GET /api/user/orders (part 1) → the user’s orders', async () => {
    const res = await user.get('/api/user/orders');
    expect(res.status).toBe(200);
    expectList(res.body, ORDER);
    expect(res.body[0].id).toBe(orderId);
    for (const item of res.body[0].items) expectRecord(item, ORDER_ITEM);
    expectRecord(res.body[0].shippingAddress, ADDRESS);
  });

  it('GET /api/orders?limit=100 → the orders (admin)', async () => {
    const res = await admin.get('/api/orders?limit=100');
    expect(res.status).toBe(200);
    expectList(res.body, ORDER);
    expect(res.body.map((o: { id: number }) => o.id)).toContain(orderId);
    expectRecord(res.body[0].customer, ['name', 'username', 'email']);
  });

  it('PUT /api/orders/{id}/status {status} → the updated order, shipped without a tracking number too', async () => {
    const res = await admin.put(`/api/orders/${orderId}/status`, { status: 'shipped' });
    expect(res.status).toBe(200);
    expectRecord(res.body, ORDER);
    expect(res.body).toMatchObject({ id: orderId, status: 'shipped', trackingNumber: null });
  });

  it('GET /api/site-settings → the settings; PUT /api/site-settings {…the five fields} → saved', async () => {
    const read = await visitor.get('/api/site-settings');
    expect(read.status).toBe(200);
    expectRecord(read.body, SETTINGS);
    const saved = await admin.put('/api/site-settings', {
      maintenanceMode: false,
      comingSoonMode: false,
      maintenanceMessage: 'Back soon.',
      comingSoonMessage: 'Launching soon.',
      launchDate: '2027-03-01',
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      maintenanceMode: false,
      comingSoonMode: false,
      maintenanceMessage: 'Back soon.',
      comingSoonMessage: 'Launching soon.',
      launchDate: '2027-03-01',
    });
  });

  it('GET /api/products?limit=100 → products', async () => {
    const res = await admin.get('/api/products?limit=100');
    expect(res.status).toBe(200);
    expectList(res.body, PRODUCT, 2);
  });

  it('POST, PUT, DELETE /api/products[/{id}] with the product form fields → created, updated, 204', async () => {
    const created = await admin.post('/api/products', {
      name: 'Framed Print 18x24',
      description: 'Black frame.',
      category: 'framed',
      price: 8999,
      shippingFee: 1500,
      stock: 20,
      sku: unique('FR-'),
      imageUrl: 'https://images.example.com/framed.jpg',
      featured: false,
      active: true,
      isMerch: false,
    });
    expect(created.status).toBe(201);
    expectRecord(created.body, PRODUCT);
    const updated = await admin.put(`/api/products/${created.body.id}`, {
      ...created.body,
      id: undefined,
      price: 7999,
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id: created.body.id, price: 7999 });
    const deleted = await admin.delete(`/api/products/${created.body.id}`);
    expect(deleted.status).toBe(204);
  });

  it('POST /api/products/upload-image multipart {image} → imageUrl', async () => {
    const res = await multipartPost(
      admin,
      '/api/products/upload-image',
      {},
      { field: 'image', bytes: await jpegBytes() },
    );
    expect(res.status).toBeLessThan(300);
    expect(res.body.imageUrl).toMatch(/^\/api\/file\//);
  });

  it('GET, POST /api/events and PUT, DELETE /api/events/{id} → list, created, updated, deleted', async () => {
    const created = await admin.post('/api/events', {
      title: 'Cars and Coffee',
      description: 'Every first Sunday.',
      eventDate: '2030-06-02T14:00:00.000Z',
      location: 'Dallas, TX',
      imageUrl: 'https://images.example.com/meet.jpg',
      fbEventUrl: '',
      active: true,
    });
    expect(created.status).toBe(201);
    expectRecord(created.body, EVENT);
    const list = await admin.get('/api/events');
    expect(list.status).toBe(200);
    expectList(list.body, EVENT);
    expect((await visitor.get('/api/events/upcoming')).body.map((e: { id: number }) => e.id)).toContain(
      created.body.id,
    );
    const updated = await admin.put(`/api/events/${created.body.id}`, { title: 'Cars and Coffee (June)' });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id: created.body.id, title: 'Cars and Coffee (June)' });
    expect((await admin.delete(`/api/events/${created.body.id}`)).status).toBeLessThan(300);
    expect((await admin.get('/api/events')).body.map((e: { id: number }) => e.id)).not.toContain(created.body.id);
  });

  it('POST /api/upload/advertisement multipart {image, type} → url; GET, POST, PUT, DELETE advertisements', async () => {
    const upload = await multipartPost(
      admin,
      '/api/upload/advertisement',
      { type: 'banner' },
      { field: 'image', bytes: await jpegBytes(728, 90) },
    );
    expect(upload.status).toBeLessThan(300);
    expect(upload.body.url).toEqual(expect.any(String));

    const today = new Date().toISOString().slice(0, 10);
    const created = await admin.post('/api/advertisements', {
      name: 'Detailer',
      description: 'Wax on.',
      type: 'banner',
      imageUrl: upload.body.url,
      linkUrl: 'https://detailer.example.com/',
      startDate: today,
      endDate: '2099-12-31',
      active: true,
    });
    expect(created.status).toBe(201);
    expectRecord(created.body, AD);
    const list = await admin.get('/api/advertisements');
    expect(list.status).toBe(200);
    expectList(list.body, AD);
    const updated = await admin.put(`/api/advertisements/${created.body.id}`, { name: 'Detailer Co.' });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id: created.body.id, name: 'Detailer Co.' });
    expect((await admin.delete(`/api/advertisements/${created.body.id}`)).status).toBeLessThan(300);
    expect((await admin.get('/api/advertisements')).body.map((a: { id: number }) => a.id)).not.toContain(
      created.body.id,
    );
  });

  it('DELETE /api/cars/{id} → 204', async () => {
    const res = await admin.delete(`/api/cars/${car.id}`);
    expect(res.status).toBe(204);
    expect((await visitor.get(`/api/cars/${car.slug}`)).status).toBe(404);
  });
});

describe('numbers sent as numeric strings', () => {
  it('are read as numbers for ids and quantities; text that is no number is refused with the field named', async () => {
    expect((await user.delete('/api/cart')).status).toBeLessThan(300);
    const line = await user.post('/api/cart', { productId: String(merch.id), quantity: '3' });
    expect(line.status).toBe(201);
    expect(line.body).toMatchObject({ productId: merch.id, quantity: 3 });
    const changed = await user.put(`/api/cart/${line.body.id}`, { quantity: '4' });
    expect(changed.body.quantity).toBe(4);
    const zero = await user.put(`/api/cart/${line.body.id}`, { quantity: '0' });
    expect(zero.status).toBe(400);
    expect(zero.body.message).toBe('quantity: Quantity must be at least 1');
    const word = await user.post('/api/votes', { carId: 'eleven' });
    expect(word.status).toBe(400);
    expect(word.body.message).toMatch(/^carId: /);
  });
});

function pick(p: { paymentId: string; clientSecret: string }) {
  return { paymentId: p.paymentId, clientSecret: p.clientSecret };
}
