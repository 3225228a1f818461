import { SITE_MODE_ERROR_CODES, type SiteSettings } from '@curbside/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CarEntity } from '../../src/modules/cars/car.entity';
import { CarImageEntity } from '../../src/modules/cars/car-image.entity';
import { CartItemEntity } from '../../src/modules/cart/cart-item.entity';
import { CALIFORNIA, makeCarWithImages, makeProduct } from '../../src/modules/checkout/shop-test-fixtures';
import { jpegBytes, uploadCarImage } from '../../src/modules/images/upload-test-helpers';
import { NewsletterSubscriptionEntity } from '../../src/modules/newsletter/newsletter-subscription.entity';
import { PaymentEntity } from '../../src/modules/payments/payment.entity';
import { VoteEntity } from '../../src/modules/votes/vote.entity';
import { startTestApp, type TestApp, unique } from '../app';
import { HttpClient as Browser, type HttpClient } from '../http';
import { callProcedure, procedureAt } from '../procedures';
import { type Account, NEW_CAR, PASSWORD, signedIn } from './fixtures';

// Maintenance and coming-soon modes hold on the server, not only in the browser: while one is on, a non-admin's
// writes and the reads the mode hides get a 503 with the mode's message and a code naming it — on /api and /trpc,
// cached reads included — and change nothing; signing in and the site settings stay open; admins carry on.

let t: TestApp;
let admin: Account;
beforeAll(async () => {
  t = await startTestApp();
  admin = await signedIn(t, 'admin');
});
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  await setModes({ maintenanceMode: false, comingSoonMode: false });
});

const ds = () => t.app.services.ds;
const MAINTENANCE = 'Back at 6 with new photos from the Friday meet.';
const COMING_SOON = 'The doors open on Saturday.';

async function setModes(modes: Pick<SiteSettings, 'maintenanceMode' | 'comingSoonMode'>) {
  const res = await admin.client.put('/api/site-settings', {
    ...modes,
    maintenanceMessage: MAINTENANCE,
    comingSoonMessage: COMING_SOON,
    launchDate: '2027-03-05',
  });
  expect(res.status).toBe(200);
}

/** What a visitor can write and read on a normal day, with the rows each write would add. */
async function shopScene() {
  const visitor = await signedIn(t);
  const { car, images } = await makeCarWithImages(ds(), 1);
  const product = await makeProduct(ds(), { isMerch: true });
  expect((await visitor.client.post('/api/cart', { productId: product.id, quantity: 1 })).status).toBe(201);
  const own = (await visitor.client.post('/api/cars', NEW_CAR)).body as { id: number };
  const counts = async () => ({
    votes: await ds().getRepository(VoteEntity).countBy({ carId: car.id }),
    cart: await ds().getRepository(CartItemEntity).countBy({ userId: visitor.row.id }),
    payments: await ds().getRepository(PaymentEntity).countBy({ userId: visitor.row.id }),
    cars: await ds().getRepository(CarEntity).countBy({ ownerId: visitor.row.id }),
    photos: await ds().getRepository(CarImageEntity).countBy({ carId: own.id }),
    newsletter: await ds().getRepository(NewsletterSubscriptionEntity).count(),
  });
  const writes = (client: HttpClient) => ({
    vote: () => client.post('/api/votes', { carId: car.id }),
    cartAdd: () => client.post('/api/cart', { productId: product.id, quantity: 1 }),
    paymentIntent: () =>
      client.post('/api/create-payment-intent', { email: 'buyer@example.com', shippingAddress: CALIFORNIA }),
    carSubmission: () => client.post('/api/cars', { ...NEW_CAR, model: unique('RX-') }),
    photo: async () => uploadCarImage(client, own.id, await jpegBytes()),
    newsletter: () => client.post('/api/subscribe', { email: `${unique('news')}@example.com` }),
  });
  /** The reads the mode hides, cached (REST and tRPC) and not. */
  const reads = (client: HttpClient) => ({
    gallery: () => client.get('/api/cars'),
    galleryTrpc: () => client.get(`/trpc/cars.list?input=${encodeURIComponent('{}')}`),
    car: () => client.get(`/api/cars/${car.slug}`),
    leaderboard: () => client.get('/api/cars/top'),
    merch: () => client.get('/api/merch'),
    products: () => client.get('/api/products'),
    cart: () => client.get('/api/cart'),
  });
  return { visitor, car, images, product, own, counts, writes, reads };
}

describe('maintenance mode', () => {
  it("responds to a visitor's writes with 503, the mode's message and code, and changes nothing", async () => {
    const scene = await shopScene();
    const before = await scene.counts();
    await setModes({ maintenanceMode: true, comingSoonMode: false });

    const signedInWrites = scene.writes(scene.visitor.client);
    const anonymousWrites = scene.writes(new Browser(t.baseUrl));
    for (const [name, write] of [
      ...Object.entries(signedInWrites),
      ['anonymous vote', anonymousWrites.vote],
      ['anonymous newsletter', anonymousWrites.newsletter],
    ] as const) {
      const res = await write();
      expect([name, res.status, res.body.message, res.body.code]).toEqual([
        name,
        503,
        MAINTENANCE,
        SITE_MODE_ERROR_CODES.maintenance,
      ]);
    }
    // The browser's transport responds alike, with the code in the error's data.
    const viaTrpc = await scene.visitor.client.post('/trpc/cart.add?batch=1', {
      0: { productId: scene.product.id, quantity: 1 },
    });
    expect(viaTrpc.status).toBe(503);
    expect(viaTrpc.body[0].error).toMatchObject({ message: MAINTENANCE, data: { code: 'MAINTENANCE_MODE' } });
    expect(await scene.counts()).toEqual(before);
  });

  it('hides the reads from visitors, cached responses included, and keeps signing in and the settings open', async () => {
    const scene = await shopScene();
    await setModes({ maintenanceMode: true, comingSoonMode: false });
    // The admin's reads fill the read cache meanwhile: a visitor must not get them from there.
    for (const read of Object.values(scene.reads(admin.client))) expect((await read()).status).toBe(200);

    for (const client of [scene.visitor.client, new Browser(t.baseUrl)]) {
      for (const [name, read] of Object.entries(scene.reads(client))) {
        const res = await read();
        const error = Array.isArray(res.body) ? res.body[0].error : (res.body.error ?? res.body);
        expect([name, res.status, error.message]).toEqual([name, 503, MAINTENANCE]);
      }
    }
    const trpcRead = await callProcedure(scene.visitor.client, procedureAt('cars.list'), 'trpc', {});
    expect([trpcRead.status, trpcRead.message]).toEqual([503, MAINTENANCE]);

    // What an admin needs to come in and switch the mode off, which the sign-in page offers everyone.
    const settings = await new Browser(t.baseUrl).get('/api/site-settings');
    expect([settings.status, settings.body.maintenanceMode]).toEqual([200, true]);
    const me = await scene.visitor.client.get('/api/user');
    expect([me.status, me.body.id]).toEqual([200, scene.visitor.row.id]);
    const reset = await new Browser(t.baseUrl).post('/api/password-reset/request', { email: 'nobody@example.com' });
    expect(reset.status).toBe(200);
    const arriving = new Browser(t.baseUrl);
    expect((await arriving.post('/api/login', { email: admin.row.email, password: PASSWORD })).status).toBe(200);
    expect((await arriving.get('/api/cars')).status).toBe(200);
    expect((await arriving.post('/api/logout')).status).toBe(200);
  });

  it("keeps the admin's writes working, and switching the mode off opens everything again", async () => {
    const scene = await shopScene();
    await setModes({ maintenanceMode: true, comingSoonMode: false });
    const adminWrites = scene.writes(admin.client);
    // On a car of its own: a vote per car and address a day, and the visitor votes from the same address below.
    const { car: another } = await makeCarWithImages(ds(), 1);
    expect((await admin.client.post('/api/votes', { carId: another.id })).status).toBe(201);
    expect((await adminWrites.cartAdd()).status).toBe(201);
    expect((await adminWrites.paymentIntent()).status).toBe(200);
    expect((await adminWrites.carSubmission()).status).toBe(201);
    expect((await adminWrites.photo()).status).toBe(201);
    expect((await admin.client.trpc('query', 'cars.list', {})).status).toBe(200);

    await setModes({ maintenanceMode: false, comingSoonMode: false });
    const writes = scene.writes(scene.visitor.client);
    expect((await writes.vote()).status).toBe(201);
    expect((await writes.cartAdd()).status).toBe(201);
    expect((await writes.paymentIntent()).status).toBe(200);
    expect((await writes.carSubmission()).status).toBe(201);
    expect((await writes.photo()).status).toBe(201);
    for (const [name, read] of Object.entries(scene.reads(scene.visitor.client))) {
      expect([name, (await read()).status]).toEqual([name, 200]);
    }
  });
});

describe('coming-soon mode', () => {
  it("responds to a visitor's calls with 503, the coming-soon message and its own code", async () => {
    const scene = await shopScene();
    const before = await scene.counts();
    await setModes({ maintenanceMode: false, comingSoonMode: true });
    const cartAdd = await scene.writes(scene.visitor.client).cartAdd();
    expect([cartAdd.status, cartAdd.body]).toEqual([
      503,
      { message: COMING_SOON, code: SITE_MODE_ERROR_CODES.comingSoon },
    ]);
    const gallery = await scene.reads(new Browser(t.baseUrl)).gallery();
    expect([gallery.status, gallery.body.message]).toEqual([503, COMING_SOON]);
    expect((await scene.writes(admin.client).vote()).status).toBe(201);
    expect((await scene.counts()).cart).toBe(before.cart);
  });
});
