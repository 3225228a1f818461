// What an integrator writes against the published API: only openapi-fetch and the types openapi-typescript
// generates from docs/openapi.json (./api.d.ts). No cast anywhere: if the document stops describing what the
// server takes and returns, this file stops typechecking or its run fails
// (server/test/contract/generated-client.integration.test.ts typechecks it on its own and runs it).
import createClient, { type Middleware } from 'openapi-fetch';
import type { components, paths } from './api';

export type Car = components['schemas']['Car'];
export type Order = components['schemas']['Order'];

/** A client for `baseUrl` (…/api) that keeps its session cookie, as a browser would (Node's fetch keeps none). */
export function apiClient(baseUrl: string) {
  const jar = { cookie: '' };
  const cookies: Middleware = {
    onRequest({ request }) {
      if (jar.cookie) request.headers.set('cookie', jar.cookie);
      return request;
    },
    onResponse({ response }) {
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(';');
        if (pair) jar.cookie = /Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(line) ? '' : pair;
      }
      return response;
    },
  };
  const client = createClient<paths>({ baseUrl });
  client.use(cookies);
  return { client, jar };
}

export type Api = ReturnType<typeof apiClient>['client'];

/** Throws with the server's message when a call failed; returns its data otherwise. */
function ok<T>(step: string, result: { data?: T; error?: { message: string }; response: Response }): T {
  if (result.error || result.data === undefined) {
    throw new Error(`${step}: ${result.response.status} ${result.error?.message ?? '(no body)'}`);
  }
  return result.data;
}

/** A tiny valid JPEG-like Blob is not enough for the server (it decodes the picture): the caller hands real bytes. */
export interface Picture {
  bytes: Uint8Array<ArrayBuffer>;
  type: string;
}

/** Multipart bodies: each field as FormData wants it (openapi-fetch sends FormData as multipart/form-data). */
function formData(fields: Record<string, Blob | string | number | boolean | undefined>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    form.append(name, value instanceof Blob ? value : String(value));
  }
  return form;
}

/** An admin stocks the shop (a print and a merch item), publishes a meet and an ad with an uploaded banner. */
export async function adminStocksTheShop(api: Api, picture: Picture, unique: string) {
  const print = ok(
    'create a print',
    await api.POST('/products', {
      body: { name: `Poster ${unique}`, category: 'poster', price: 2499, stock: 50, sku: `P-${unique}` },
    }),
  );
  const merch = ok(
    'create merch',
    await api.POST('/products', {
      body: {
        name: `Sticker ${unique}`,
        category: 'merchandise',
        price: 500,
        stock: 50,
        sku: `M-${unique}`,
        isMerch: true,
      },
    }),
  );
  const event = ok(
    'create an event',
    await api.POST('/events', {
      body: {
        title: `Cars and Coffee ${unique}`,
        description: 'Bring your build',
        eventDate: '2031-05-04T15:00:00.000Z',
        location: 'Pier 39',
        imageUrl: 'https://example.com/meet.jpg',
      },
    }),
  );
  const banner = ok(
    'upload an ad banner',
    await api.POST('/upload/advertisement', {
      body: { image: new Blob([picture.bytes], { type: picture.type }), type: 'banner' },
      bodySerializer: formData,
    }),
  );
  const ad = ok(
    'create an ad',
    await api.POST('/advertisements', {
      body: {
        name: `Tyres ${unique}`,
        type: 'banner',
        imageUrl: banner.url,
        linkUrl: 'https://example.com/tyres',
        startDate: '2026-01-01',
        endDate: '2031-12-31',
      },
    }),
  );
  return { print, merch, event, ad };
}

/**
 * A visitor signs up, follows the verification link mailed to them (its token read by `mailedToken`), shows off a
 * car with a photo, signs in again, browses, votes and reads the leaderboard.
 */
export async function visitorSignsUpAndVotes(
  api: Api,
  picture: Picture,
  unique: string,
  mailedToken: (email: string) => string,
) {
  const email = `${unique}@example.com`;
  const password = 'a-long-password-1';
  ok('sign up', await api.POST('/register', { body: { email, username: unique, password } }));
  ok('verify the e-mail address', await api.POST('/verify-email', { body: { token: mailedToken(email) } }));
  const car = ok(
    'submit a car',
    await api.POST('/cars', {
      body: {
        make: 'Nissan',
        model: `Skyline ${unique}`,
        year: 1999,
        ownerName: 'Dana',
        category: 'JDM',
        legalAgreement: true,
      },
    }),
  );
  const image = ok(
    'upload a photo',
    await api.POST('/images', {
      body: { image: new Blob([picture.bytes], { type: picture.type }), carId: car.id, isPrimary: true },
      bodySerializer: formData,
    }),
  );
  ok('sign out', await api.POST('/logout'));
  const me = ok('sign in', await api.POST('/login', { body: { email, password } }));

  const cars = ok('list cars', await api.GET('/cars', { params: { query: { limit: 100 } } }));
  const found = ok('search cars', await api.GET('/cars/search', { params: { query: { q: car.model } } }));
  const detail = ok('read the car', await api.GET('/cars/{slugOrId}', { params: { path: { slugOrId: car.slug } } }));
  const vote = ok('vote', await api.POST('/votes', { body: { carId: car.id } }));
  const leaderboard = ok(
    'read the leaderboard',
    await api.GET('/cars/top', { params: { query: { period: 'month', limit: 20 } } }),
  );
  return { me, car, image, cars, found, detail, vote, leaderboard };
}

/** The shopper puts a print of their car's photo and a merch item in the cart and starts paying. */
export async function shopperStartsCheckout(
  api: Api,
  items: { carId: number; imageId: number; printId: number; merchId: number },
  email: string,
) {
  ok(
    'add a print',
    await api.POST('/cart', {
      body: { carId: items.carId, imageId: items.imageId, productId: items.printId, quantity: 2 },
    }),
  );
  ok('add merch', await api.POST('/cart', { body: { productId: items.merchId } }));
  const cart = ok('read the cart', await api.GET('/cart'));
  // The documented body: the cart's lines and the client's amounts (which the server ignores: it prices the cart),
  // the e-mail and the address.
  const shippingAddress = {
    name: 'Dana Driver',
    line1: '1 Market St',
    city: 'San Francisco',
    state: 'CA',
    postalCode: '94105',
    country: 'US' as const,
  };
  const intent = ok(
    'create a payment intent',
    await api.POST('/create-payment-intent', {
      body: {
        items: cart.map((line) => ({
          carId: line.car?.id ?? null,
          imageId: line.imageId,
          productId: line.productId,
          quantity: line.quantity,
          price: 1,
        })),
        orderInfo: { amount: 1, shipping: 0, tax: 0, total: 1, email, shippingAddress },
      },
    }),
  );
  return { cart, intent };
}

/** The shopper pays with the test card (test mode). */
export async function shopperPaysWithTestCard(api: Api, intent: { paymentId: string; clientSecret: string }) {
  return ok(
    'pay with the test card',
    await api.POST('/test-payments', {
      body: { paymentId: intent.paymentId, clientSecret: intent.clientSecret, cardNumber: '4242 4242 4242 4242' },
    }),
  );
}

/** After paying: the order is recorded and appears in My Orders. */
export async function shopperRecordsTheOrder(api: Api, paymentId: string) {
  const order = ok('record the order', await api.POST('/payment-orders', { body: { paymentId } }));
  const mine = ok('read my orders', await api.GET('/user/orders'));
  return { order, mine };
}

/** The admin finds the order and ships it. */
export async function adminShipsTheOrder(api: Api, orderId: number) {
  const orders = ok('list orders', await api.GET('/orders', { params: { query: { status: 'pending' } } }));
  const shipped = ok(
    'ship the order',
    await api.PUT('/orders/{id}/status', {
      params: { path: { id: orderId } },
      body: { status: 'shipped' },
    }),
  );
  return { orders, shipped };
}
