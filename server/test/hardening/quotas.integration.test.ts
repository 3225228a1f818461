import { SERVER_LIMITS } from '@curbside/shared';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { CarEntity } from '../../src/modules/cars/car.entity';
import { CarImageEntity } from '../../src/modules/cars/car-image.entity';
import { CALIFORNIA, makeCarWithImages, makeProduct } from '../../src/modules/checkout/shop-test-fixtures';
import { jpegBytes, uploadCarImage } from '../../src/modules/images/upload-test-helpers';
import { NewsletterSubscriptionEntity } from '../../src/modules/newsletter/newsletter-subscription.entity';
import { PaymentEntity } from '../../src/modules/payments/payment.entity';
import { startTestApp, type TestApp, unique } from '../app';
import { HttpClient } from '../http';
import { callProcedure, procedureAt } from '../procedures';
import { type Account, NEW_CAR, signedIn } from './fixtures';

// Quotas on what one user or one client address may create: cars and photos per user per day, photos per car,
// newsletter sign-ups per address per hour, checkouts per user per hour. Each sends 429 with a message saying what
// ran out and when to come back (and Retry-After), holds under a parallel burst (counted in the database, inside the
// transaction that inserts), and leaves the database as it was. TRUST_PROXY lets each test speak from its own address.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ TRUST_PROXY: 'true' });
});
afterAll(async () => {
  await t?.close();
});

const ds = () => t.app.services.ds;
let nextAddress = 1;
const fromNewAddress = () => new HttpClient(t.baseUrl, { 'x-forwarded-for': `203.0.113.${nextAddress++}` });

/** `count` calls at once. */
const burst = <T>(count: number, call: (i: number) => Promise<T>) =>
  Promise.all(Array.from({ length: count }, (_, i) => call(i)));

const statuses = (responses: { status: number }[]) => responses.map((a) => a.status).sort();

/** Photo rows of `userId` on `carId`, written straight to the database (as if uploaded just now). */
async function storedPhotos(carId: number, userId: number, count: number) {
  const repo = ds().getRepository(CarImageEntity);
  await repo.insert(
    Array.from({ length: count }, (_, i) => ({
      carId,
      storageKey: `test/${carId}/${unique()}.jpg`,
      url: `/api/file/test/${carId}/${i}.jpg`,
      width: 320,
      height: 200,
      variants: null,
      isPrimary: false,
      isAdminUploaded: false,
      caption: null,
      fileSize: 1000,
      sortOrder: i,
      uploadedById: userId,
    })),
  );
}

async function carOf(owner: Account): Promise<number> {
  const { car } = await makeCarWithImages(ds(), 0);
  await ds().getRepository(CarEntity).update({ id: car.id }, { ownerId: owner.row.id });
  return car.id;
}

describe('cars per user per day', () => {
  const limit = SERVER_LIMITS.carsPerUserPerDay;
  const REFUSED = new RegExp(`^You can submit up to ${limit} cars a day\\. Please try again in 24 hours\\.$`);

  it(`takes ${limit} of a parallel burst of ${limit + 4} and refuses the rest with 429, on both transports`, async () => {
    const me = await signedIn(t);
    const responses = await burst(limit + 4, (i) => me.client.post('/api/cars', { ...NEW_CAR, model: `Burst ${i}` }));
    expect(statuses(responses)).toEqual([...Array(limit).fill(201), ...Array(4).fill(429)]);
    const refused = responses.find((a) => a.status === 429);
    assert(refused);
    expect(refused.body.message).toMatch(REFUSED);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(23 * 3600);
    expect(await ds().getRepository(CarEntity).countBy({ ownerId: me.row.id })).toBe(limit);

    const viaTrpc = await callProcedure(me.client, procedureAt('cars.create'), 'trpc', NEW_CAR);
    expect([viaTrpc.status, viaTrpc.message]).toEqual([429, refused.body.message]);
    expect(await ds().getRepository(CarEntity).countBy({ ownerId: me.row.id })).toBe(limit);
  });

  it('counts each user on their own, and leaves admins unlimited', async () => {
    const [busy, other, admin] = await Promise.all([signedIn(t), signedIn(t), signedIn(t, 'admin')]);
    for (let i = 0; i < limit; i++) expect((await busy.client.post('/api/cars', NEW_CAR)).status).toBe(201);
    expect((await busy.client.post('/api/cars', NEW_CAR)).status).toBe(429);
    expect((await other.client.post('/api/cars', NEW_CAR)).status).toBe(201);
    const adminResponses = await burst(limit + 2, () => admin.client.post('/api/cars', NEW_CAR));
    expect(statuses(adminResponses)).toEqual(Array(limit + 2).fill(201));
  });
});

describe('photos', () => {
  it(`refuses a car's photo past ${SERVER_LIMITS.photosPerCar} with 409 (deleting one makes room), admins excepted`, async () => {
    const owner = await signedIn(t);
    const carId = await carOf(owner);
    // Yesterday's photos: they fill the car but not the owner's daily quota.
    await storedPhotos(carId, owner.row.id, SERVER_LIMITS.photosPerCar);
    await ds()
      .getRepository(CarImageEntity)
      .update({ carId }, { createdAt: new Date(Date.now() - 2 * SERVER_LIMITS.quotaDayMs) });
    const photo = await jpegBytes();

    const full = await uploadCarImage(owner.client, carId, photo);
    expect(full.status).toBe(409);
    expect(full.body.message).toBe(
      `A car can have up to ${SERVER_LIMITS.photosPerCar} photos. Delete one to add another.`,
    );
    expect(await ds().getRepository(CarImageEntity).countBy({ carId })).toBe(SERVER_LIMITS.photosPerCar);

    const oldest = await ds()
      .getRepository(CarImageEntity)
      .findOneOrFail({ where: { carId }, order: { id: 'ASC' } });
    expect((await owner.client.delete(`/api/images/${oldest.id}`)).status).toBe(204);
    expect((await uploadCarImage(owner.client, carId, photo)).status).toBe(201);
    expect((await uploadCarImage(owner.client, carId, photo)).status).toBe(409);

    const admin = await signedIn(t, 'admin');
    expect((await uploadCarImage(admin.client, carId, photo)).status).toBe(201);
  });

  it(`takes ${SERVER_LIMITS.photosPerUserPerDay} photos a day per user across cars, in a parallel burst too`, async () => {
    const owner = await signedIn(t);
    const cars = [await carOf(owner), await carOf(owner), await carOf(owner), await carOf(owner)];
    // Spread over four cars (each with room), two short of the quota.
    const perCar = SERVER_LIMITS.photosPerUserPerDay / 4;
    for (const [i, carId] of cars.entries()) await storedPhotos(carId, owner.row.id, i === 3 ? perCar - 2 : perCar);
    const photo = await jpegBytes();

    const responses = await Promise.all(cars.map((carId) => uploadCarImage(owner.client, carId, photo)));
    expect(statuses(responses)).toEqual([201, 201, 429, 429]);
    const refused = responses.find((a) => a.status === 429);
    assert(refused);
    expect(refused.body.message).toMatch(
      new RegExp(
        `^You can upload up to ${SERVER_LIMITS.photosPerUserPerDay} car photos a day\\. Please try again in 24 hours\\.$`,
      ),
    );
    expect(await ds().getRepository(CarImageEntity).countBy({ uploadedById: owner.row.id })).toBe(
      SERVER_LIMITS.photosPerUserPerDay,
    );
  });
});

describe('newsletter sign-ups per client address per hour', () => {
  const limit = SERVER_LIMITS.newsletterSignupsPerIpPerHour;

  it(`stores ${limit} new addresses of a parallel burst from one address; repeats and other addresses go on`, async () => {
    const spammer = fromNewAddress();
    const emails = Array.from({ length: limit + 5 }, () => `${unique('news')}@example.com`);
    const responses = await burst(emails.length, (i) => spammer.post('/api/subscribe', { email: emails[i] }));
    expect(statuses(responses)).toEqual([...Array(limit).fill(200), ...Array(5).fill(429)]);
    const stored = await ds()
      .getRepository(NewsletterSubscriptionEntity)
      .countBy(emails.map((email) => ({ email })));
    expect(stored).toBe(limit);

    // Sign-ups one after another: exactly the quota, then 429 with when to come back.
    const steady = fromNewAddress();
    for (let i = 0; i < limit; i++) {
      expect((await steady.post('/api/subscribe', { email: `${unique('steady')}@example.com` })).status).toBe(200);
    }
    const refused = await steady.post('/api/subscribe', { email: `${unique('late')}@example.com` });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(
      /^Too many newsletter sign-ups from your network\. Please try again in (60|59) minutes\.$/,
    );
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(55 * 60);
    // An address already on the list is still a friendly success, and another network signs up as usual.
    const listed = emails[responses.findIndex((a) => a.status === 200)];
    expect((await steady.post('/api/subscribe', { email: listed })).status).toBe(200);
    expect((await fromNewAddress().post('/api/subscribe', { email: `${unique('ok')}@example.com` })).status).toBe(200);
  });
});

describe('checkouts per user per hour', () => {
  const limit = SERVER_LIMITS.paymentsPerUserPerHour;

  it(`starts ${limit} payments of a parallel burst of ${limit + 3}; the rest get 429 and no payment`, async () => {
    const buyer = await signedIn(t);
    const product = await makeProduct(ds(), { isMerch: true });
    expect((await buyer.client.post('/api/cart', { productId: product.id, quantity: 1 })).status).toBe(201);
    const start = () =>
      buyer.client.post('/api/create-payment-intent', { email: 'someone@example.com', shippingAddress: CALIFORNIA });

    const responses = await burst(limit + 3, start);
    expect(statuses(responses)).toEqual([...Array(limit).fill(200), ...Array(3).fill(429)]);
    const refused = responses.find((a) => a.status === 429);
    assert(refused);
    expect(refused.body.message).toMatch(
      new RegExp(`^You can start up to ${limit} checkouts an hour\\. Please try again in (60|59) minutes\\.$`),
    );
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(55 * 60);
    expect(await ds().getRepository(PaymentEntity).countBy({ userId: buyer.row.id })).toBe(limit);
  });
});
