import { MESSAGES } from '@curbside/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { type Account, signedIn } from '../../../test/hardening/fixtures';
import { HttpClient } from '../../../test/http';
import { makeCar, makeImage } from '../../../test/showcase-fixtures';

// An admin opening a car the public cannot see (issue 39, item 11): GET /api/admin/cars/{slug} answers the admin with
// the car, its review state and whether its owner is suspended; the public and other members still get "Car not
// found" from the car's page, and the admin call refuses them.

let t: TestApp;
let owner: Account;
let member: Account;
let admin: Account;

beforeAll(async () => {
  t = await startTestApp();
  [owner, member, admin] = await Promise.all([signedIn(t), signedIn(t), signedIn(t, 'admin')]);
});
afterAll(async () => {
  await t?.close();
});

async function listedCar(ownerId: number) {
  const ds = t.app.services.ds;
  const car = await makeCar(ds, { ownerId });
  await makeImage(ds, car, { isPrimary: true });
  return car;
}

/** The car's page as a visitor, another member and the admin would ask for it. */
async function pageStatuses(slug: string) {
  const visitor = new HttpClient(t.baseUrl);
  return {
    visitor: (await visitor.get(`/api/cars/${slug}`)).status,
    member: (await member.client.get(`/api/cars/${slug}`)).status,
    visitorAsAdmin: (await visitor.get(`/api/admin/cars/${slug}`)).status,
    memberAsAdmin: (await member.client.get(`/api/admin/cars/${slug}`)).status,
  };
}

describe('GET /api/admin/cars/{slug}', () => {
  it('shows an admin a hidden car with its review state; everyone else gets Car not found', async () => {
    const car = await listedCar(owner.row.id);
    const hide = await admin.client.post(`/api/admin/reviews/cars/${car.id}/actions`, {
      action: 'hide',
      note: 'Not a street car',
    });
    expect(hide.status).toBe(201);

    const res = await admin.client.get(`/api/admin/cars/${car.slug}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: car.id,
      slug: car.slug,
      published: false,
      review: { state: 'hidden' },
      ownerSuspended: false,
    });
    expect(res.body.images).toHaveLength(1);

    expect(await pageStatuses(car.slug)).toEqual({
      visitor: 404,
      member: 404,
      visitorAsAdmin: 401,
      memberAsAdmin: 403,
    });
    const refused = await new HttpClient(t.baseUrl).get(`/api/cars/${car.slug}`);
    expect(refused.body.message).toBe(MESSAGES.server.carNotFound);
  });

  it("shows an admin a suspended owner's car and says the owner is suspended", async () => {
    const suspendedOwner = await signedIn(t);
    const car = await listedCar(suspendedOwner.row.id);
    const suspend = await admin.client.post(`/api/admin/users/${suspendedOwner.row.id}/suspension`, {
      note: 'Spam',
    });
    expect(suspend.status).toBe(200);

    const res = await admin.client.get(`/api/admin/cars/${car.slug}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: car.id, published: false, ownerSuspended: true });
    expect(res.body.review).toBeUndefined();
    expect(await pageStatuses(car.slug)).toEqual({
      visitor: 404,
      member: 404,
      visitorAsAdmin: 401,
      memberAsAdmin: 403,
    });
  });

  it('answers a public car as its page does, and an unknown slug with Car not found', async () => {
    const car = await listedCar(owner.row.id);
    const res = await admin.client.get(`/api/admin/cars/${car.slug}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: car.id, published: true, ownerSuspended: false });
    const missing = await admin.client.get('/api/admin/cars/no-such-car');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(MESSAGES.server.carNotFound);
  });
});
