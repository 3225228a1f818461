import { expect } from 'vitest';
import { CALIFORNIA } from '../src/modules/checkout/shop-test-fixtures';
import { jpegBytes, uploadCarImage } from '../src/modules/images/upload-test-helpers';
import { type TestApp, unique } from './app';
import { ownerWithCar } from './fuzz/owner-with-car';
import { HttpClient } from './http';

/** Rows for generated /api calls to reach, with the signed-in browsers that made them. */
export interface ApiFixture {
  /** The admin (ADMIN_EMAIL of the app), signed in. */
  admin: HttpClient;
  /** An owner with a car, a photo, a paid order and a cart line, signed in. */
  user: HttpClient;
  /** Ids of the rows below (car, photo, product, event, ad, cart line, order), plus 1 and 2. */
  ids: number[];
  car: { id: number; slug: string };
  cartLineId: number;
  paymentId: string;
}

/**
 * A car with a photo, a product, an event, an ad, a cart line and a paid order, made over /api as people make them
 * (the fuzz pass and the contract test start from it).
 */
export async function makeApiFixture(
  t: TestApp,
  adminAccount: { email: string; password: string },
  userPassword: string,
): Promise<ApiFixture> {
  const admin = new HttpClient(t.baseUrl);
  expect((await admin.post('/api/login', adminAccount)).status).toBe(200);
  const { client: user, car } = await ownerWithCar(t, userPassword);
  const image = await uploadCarImage(user, car.id, await jpegBytes());
  expect(image.status).toBe(201);
  const product = await admin.post('/api/products', {
    name: 'Poster',
    category: 'poster',
    price: 1999,
    stock: 50,
    sku: unique('SKU-'),
  });
  expect(product.status).toBe(201);
  const event = await admin.post('/api/events', {
    title: 'Cars and Coffee',
    description: 'Morning meet',
    eventDate: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    location: 'Austin',
    imageUrl: 'https://example.com/meet.jpg',
  });
  expect(event.status).toBe(201);
  const ad = await admin.post('/api/advertisements', {
    name: 'Tyres',
    type: 'banner',
    imageUrl: 'https://example.com/ad.png',
    linkUrl: 'https://example.com',
    startDate: '2020-01-01',
    endDate: '2099-12-31',
  });
  expect(ad.status).toBe(201);
  const line = { carId: car.id, imageId: image.body.id, productId: product.body.id, quantity: 1 };
  expect((await user.post('/api/cart', line)).status).toBe(201);
  const intent = await user.post('/api/create-payment-intent', {
    email: 'ana@example.com',
    shippingAddress: CALIFORNIA,
  });
  expect(intent.status).toBe(200);
  const paid = await user.trpc('mutation', 'checkout.payWithTestCard', {
    paymentId: intent.body.paymentId,
    clientSecret: intent.body.clientSecret,
    cardNumber: '4242 4242 4242 4242',
  });
  expect(paid.status).toBe(200);
  const cart = await user.post('/api/cart', line);
  expect(cart.status).toBe(201);
  const rows = [car.id, image.body.id, product.body.id, event.body.id, ad.body.id, cart.body.id];
  return {
    admin,
    user,
    ids: [...new Set([1, 2, ...rows, paid.body.result.data.id])],
    car,
    cartLineId: cart.body.id,
    paymentId: intent.body.paymentId,
  };
}
