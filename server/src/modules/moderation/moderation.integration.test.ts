import {
  type EditedPart,
  MESSAGES,
  MODERATION_LIMITS,
  type ReviewQueueItem,
  SUSPENSION_MESSAGES,
} from '@curbside/shared';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { type Account, NEW_CAR, PASSWORD, signedIn } from '../../../test/hardening/fixtures';
import { HttpClient } from '../../../test/http';
import { makeCar, makeImage } from '../../../test/showcase-fixtures';
import { CarEntity } from '../cars/car.entity';
import { CarImageEntity } from '../cars/car-image.entity';
import { jpegBytes, uploadCarImage } from '../images/upload-test-helpers';
import { ModerationActionEntity } from './moderation-action.entity';
import { ModerationFlagEntity } from './moderation-flag.entity';

const M = MESSAGES.moderation;

let t: TestApp;
let owner: Account;
let admin: Account;
let reporters: Account[];

beforeAll(async () => {
  t = await startTestApp();
  [owner, admin, ...reporters] = await Promise.all([
    signedIn(t),
    signedIn(t, 'admin'),
    signedIn(t),
    signedIn(t),
    signedIn(t),
  ]);
});
afterAll(async () => {
  await t?.close();
});

/** A listed car of the owner's with two photos (the first primary), and many votes (it ranks). */
async function listedCar() {
  const ds = t.app.services.ds;
  const car = await makeCar(ds, { ownerId: owner.row.id, totalVotes: 900_000 });
  const photo = await makeImage(ds, car, { isPrimary: true });
  const other = await makeImage(ds, car, { sortOrder: 1 });
  return { car, photo, other };
}

const reporter = (i: number): HttpClient => {
  const account = reporters[i];
  assert(account);
  return account.client;
};

const report = (client: HttpClient, carId: number, body: Record<string, unknown> = { reason: 'spam' }) =>
  client.post(`/api/cars/${carId}/reports`, body);

/** What a visitor sees of the car: its page, the gallery, search and the all-time ranking. */
async function publicSees(car: CarEntity) {
  const visitor = new HttpClient(t.baseUrl);
  const page = await visitor.get(`/api/cars/${car.slug}`);
  const gallery = await visitor.get('/api/cars?limit=100');
  const search = await visitor.get(`/api/cars/search?q=${encodeURIComponent(car.make)}&limit=50`);
  const top = await visitor.get('/api/cars/top?period=all&limit=20');
  const has = (list: { id: number }[]) => list.some((c) => c.id === car.id);
  return {
    page: page.status === 200,
    gallery: has(gallery.body.items ?? gallery.body),
    search: has(search.body),
    ranking: has(top.body),
  };
}

async function queue(): Promise<ReviewQueueItem[]> {
  const res = await admin.client.get('/api/admin/reviews');
  expect(res.status).toBe(200);
  return res.body;
}

const act = (carId: number, body: Record<string, unknown>) =>
  admin.client.post(`/api/admin/reviews/cars/${carId}/actions`, body);

/** Saves the approval settings (with the default threshold) as the admin. */
async function setModeration(approval: { reviewNewCars: boolean; reviewEdits: boolean }) {
  const settings = { reportHoldThreshold: 3, ...approval };
  const res = await admin.client.put('/api/site-settings/moderation', settings);
  expect(res.status).toBe(200);
  expect(res.body).toEqual(settings);
}

async function ownedReview(carId: number, client: HttpClient = owner.client) {
  const res = await client.get('/api/owner/cars');
  const car = (res.body as { id: number; review?: { state: string; note: string | null } }[]).find(
    (c) => c.id === carId,
  );
  assert(car, 'the owner still has the car in My Vehicles');
  return car.review ?? null;
}

describe('reports', () => {
  it('receives a report of a car and one of a photo, and refuses a second open report of the same item', async () => {
    const { car, photo } = await listedCar();
    const first = await report(reporter(0), car.id);
    expect(first.status).toBe(201);
    expect(first.body.id).toBeGreaterThan(0);

    const again = await report(reporter(0), car.id, { reason: 'offensive' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(M.alreadyReported);

    const ofPhoto = await report(reporter(0), car.id, { reason: 'notTheirPhoto', imageId: photo.id });
    expect(ofPhoto.status).toBe(201);

    const vague = await report(reporter(1), car.id, { reason: 'other' });
    expect(vague.status).toBe(400);
    expect(vague.body.message).toContain(M.reportDetailsRequired);

    const own = await report(owner.client, car.id);
    expect(own.status).toBe(403);
    expect(own.body.message).toBe(M.ownCar);
  });

  it('keeps one report when the same user sends two at once', async () => {
    const { car } = await listedCar();
    const statuses = (await Promise.all([report(reporter(1), car.id), report(reporter(1), car.id)])).map(
      (res) => res.status,
    );
    expect(statuses.sort()).toEqual([201, 409]);
    const rows = await t.app.services.ds
      .getRepository(ModerationFlagEntity)
      .countBy({ carId: car.id, reporterId: reporters[1]?.row.id });
    expect(rows).toBe(1);
  });

  it('holds a car once three distinct users report it: gone for visitors, still there for its owner', async () => {
    const { car, photo } = await listedCar();
    expect(await publicSees(car)).toEqual({ page: true, gallery: true, search: true, ranking: true });

    // One user reporting the car and a photo is one reporter; a second user makes two.
    expect((await report(reporter(0), car.id)).status).toBe(201);
    expect((await report(reporter(0), car.id, { reason: 'offensive', imageId: photo.id })).status).toBe(201);
    expect((await report(reporter(1), car.id, { reason: 'other', details: 'A render, not a photo' })).status).toBe(201);
    expect(await publicSees(car)).toEqual({ page: true, gallery: true, search: true, ranking: true });

    expect((await report(reporter(2), car.id)).status).toBe(201);
    expect(await publicSees(car)).toEqual({ page: false, gallery: false, search: false, ranking: false });
    expect(await ownedReview(car.id)).toEqual({ state: 'held', note: null });

    // The queue groups by item, with the distinct reporters, the reasons and the words; never who reported.
    const items = (await queue()).filter((item) => item.car.id === car.id);
    const ofCar = items.find((item) => item.key === `car-${car.id}`);
    const ofPhoto = items.find((item) => item.key === `photo-${car.id}-${photo.id}`);
    expect(ofCar).toMatchObject({ kind: 'flags', count: 3, details: ['A render, not a photo'], kinds: ['report'] });
    expect(ofCar?.reasons).toEqual([
      { reason: 'spam', count: 2 },
      { reason: 'other', count: 1 },
    ]);
    expect(ofCar?.car.reviewState).toBe('held');
    expect(ofPhoto).toMatchObject({ count: 1, photo: { id: photo.id }, reasons: [{ reason: 'offensive', count: 1 }] });
    const text = JSON.stringify(items);
    for (const account of reporters) {
      expect(text).not.toContain(account.row.username);
      expect(text).not.toContain(account.row.email);
    }
  });

  it('refuses the reports of a user past the hourly limit, saying when to try again', async () => {
    const sender = (await signedIn(t)).client;
    const ds = t.app.services.ds;
    for (let i = 0; i < MODERATION_LIMITS.reportsPerHour; i++) {
      const car = await makeCar(ds, { ownerId: owner.row.id });
      expect((await report(sender, car.id)).status).toBe(201);
    }
    const car = await makeCar(ds, { ownerId: owner.row.id });
    const refused = await report(sender, car.id);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(new RegExp(`^${M.reportsThrottled} Please try again in`));
    expect(await ds.getRepository(ModerationFlagEntity).countBy({ carId: car.id })).toBe(0);
  });
});

describe('who may call what', () => {
  it('needs a signed-in user to report, and an admin for the queue, its actions and the settings', async () => {
    const { car } = await listedCar();
    const visitor = new HttpClient(t.baseUrl);
    const anonymous = await report(visitor, car.id);
    expect(anonymous.status).toBe(401);
    const user = reporter(0);
    for (const [method, path, body] of [
      ['GET', '/api/admin/reviews', undefined],
      ['GET', '/api/admin/reviews/actions', undefined],
      ['GET', '/api/admin/reviews/set-aside', undefined],
      ['POST', `/api/admin/reviews/cars/${car.id}/actions`, { action: 'hide', note: 'x' }],
      ['GET', '/api/site-settings/moderation', undefined],
      ['PUT', '/api/site-settings/moderation', { reportHoldThreshold: 1, reviewNewCars: true, reviewEdits: true }],
    ] as const) {
      expect((await visitor.request(method, path, body)).status, path).toBe(401);
      const refused = await user.request(method, path, body);
      expect(refused.status, path).toBe(403);
      expect(refused.body.message).toBe('Admin access required');
    }
    // Nothing changed: the car is still listed, the settings are the defaults.
    expect((await visitor.get(`/api/cars/${car.slug}`)).status).toBe(200);
    expect((await admin.client.get('/api/site-settings/moderation')).body).toEqual({
      reportHoldThreshold: 3,
      reviewNewCars: false,
      reviewEdits: false,
    });
  });
});

describe('the review queue', () => {
  /** A car held by three reporters. */
  async function heldCar() {
    const listed = await listedCar();
    for (const i of [0, 1, 2]) expect((await report(reporter(i), listed.car.id)).status).toBe(201);
    return listed;
  }

  it('dismissing the reports of a held car makes it public again, records it and tells the owner', async () => {
    const { car } = await heldCar();
    const res = await act(car.id, { action: 'dismiss', note: 'A real street car, registered and driven.' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      action: 'dismiss',
      carId: car.id,
      note: 'A real street car, registered and driven.',
    });
    expect(res.body.adminName).toBe(admin.row.name);
    expect(await publicSees(car)).toEqual({ page: true, gallery: true, search: true, ranking: true });
    expect((await queue()).some((item) => item.car.id === car.id)).toBe(false);

    const mail = t.mailer.lastTo(owner.row.email);
    expect(mail?.subject).toContain('public again');
    expect(mail?.text).toContain('A real street car, registered and driven.');
    // A reporter may send a new report once theirs is closed.
    expect((await report(reporter(0), car.id)).status).toBe(201);
  });

  it('hiding a car keeps it from visitors, shows the owner it is under review and e-mails why', async () => {
    const { car } = await heldCar();
    const res = await act(car.id, { action: 'hide', note: 'Photos of a model car.' });
    expect(res.status).toBe(201);
    expect(await publicSees(car)).toEqual({ page: false, gallery: false, search: false, ranking: false });
    expect(await ownedReview(car.id)).toEqual({ state: 'hidden', note: null });
    const mail = t.mailer.lastTo(owner.row.email);
    expect(mail?.subject).toContain('has been hidden');
    expect(mail?.text).toContain('Photos of a model car.');
    for (const account of reporters) expect(mail?.text).not.toContain(account.row.username);

    const aside = await admin.client.get('/api/admin/reviews/set-aside');
    expect(aside.body.find((entry: ReviewQueueItem) => entry.car.id === car.id)).toMatchObject({
      kind: 'setAside',
      car: { reviewState: 'hidden' },
    });
    const listed = await admin.client.get('/api/admin/reviews/actions');
    expect(listed.status).toBe(200);
    expect(listed.body[0]).toMatchObject({ action: 'hide', carId: car.id, note: 'Photos of a model car.' });
    expect(listed.body[0].adminName).toBe(admin.row.name);
    // A hidden car cannot be dismissed: only approved (made public) again.
    expect((await act(car.id, { action: 'dismiss', note: 'x' })).status).toBe(409);
    expect((await act(car.id, { action: 'approve', note: 'On a second look, a real car.' })).status).toBe(201);
    expect(await publicSees(car)).toEqual({ page: true, gallery: true, search: true, ranking: true });
  });

  it("removing a reported photo takes it off the car's page, and the car stays public", async () => {
    const { car, photo, other } = await listedCar();
    expect((await report(reporter(0), car.id, { reason: 'notTheirPhoto', imageId: photo.id })).status).toBe(201);
    expect((await act(car.id, { action: 'removePhoto', note: 'x' })).status).toBe(400);
    const res = await act(car.id, { action: 'removePhoto', imageId: photo.id, note: 'Taken from a magazine.' });
    expect(res.status).toBe(201);
    const page = await reporter(0).get(`/api/cars/${car.slug}`);
    expect(page.status).toBe(200);
    expect(page.body.images.map((image: { id: number }) => image.id)).toEqual([other.id]);
    expect(page.body.images[0].isPrimary).toBe(true);
    const mail = t.mailer.lastTo(owner.row.email);
    expect(mail?.subject).toContain('A photo of your');
    expect(mail?.text).toContain('Taken from a magazine.');
  });

  it('a note is required for every action', async () => {
    const { car } = await listedCar();
    const res = await act(car.id, { action: 'hide', note: '  ' });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(M.noteRequired);
  });
});

describe('suspending the owner from the queue', () => {
  const S = SUSPENSION_MESSAGES;
  const HIDDEN = { page: false, gallery: false, search: false, ranking: false };
  const LISTED = { page: true, gallery: true, search: true, ranking: true };

  /** A listed, ranking car of `account`'s with a photo. */
  async function carOf(account: Account) {
    const ds = t.app.services.ds;
    const car = await makeCar(ds, { ownerId: account.row.id, totalVotes: 900_000 });
    await makeImage(ds, car, { isPrimary: true });
    return car;
  }

  const signIn = (email: string) => new HttpClient(t.baseUrl).post('/api/login', { email, password: PASSWORD });

  it('suspends the owner of a held car: signed out, their cars gone, the action listed and the reports closed', async () => {
    const suspect = await signedIn(t);
    const car = await carOf(suspect);
    const another = await carOf(suspect);
    for (const i of [0, 1, 2]) expect((await report(reporter(i), car.id)).status).toBe(201);
    expect(await publicSees(car)).toEqual(HIDDEN);
    expect(await publicSees(another)).toEqual(LISTED);

    const note = 'Posts photos of other people’s cars as their own.';
    const res = await act(car.id, { action: 'suspendOwner', note });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ action: 'suspendOwner', carId: car.id, imageId: null, note });
    expect(res.body.adminName).toBe(admin.row.name);

    // The owner is signed out and cannot sign in again; every car of theirs has left the public pages.
    expect((await suspect.client.get('/api/user')).status).toBe(401);
    const login = await signIn(suspect.row.email);
    expect([login.status, login.body.message]).toEqual([403, S.accountSuspended]);
    expect(await publicSees(car)).toEqual(HIDDEN);
    expect(await publicSees(another)).toEqual(HIDDEN);

    // The item's reports are closed (it left the queue); the action is listed; the suspension is recorded with the
    // note and mailed to the owner by the suspensions domain.
    expect((await queue()).some((item) => item.car.id === car.id)).toBe(false);
    const listed = await admin.client.get('/api/admin/reviews/actions');
    expect(listed.body[0]).toMatchObject({ action: 'suspendOwner', carId: car.id, note });
    const overview = await admin.client.get('/api/admin/suspensions');
    const entry = overview.body.suspended.find((row: { user: { id: number } }) => row.user.id === suspect.row.id);
    expect(entry?.suspension).toMatchObject({ action: 'suspended', note, by: { id: admin.row.id } });
    const mail = t.mailer.lastTo(suspect.row.email);
    expect(mail?.subject).toContain('has been suspended');
    expect(mail?.text).toContain(note);

    // Lifting the suspension brings both cars back: the held car's reports were settled with the action.
    expect((await admin.client.delete(`/api/admin/users/${suspect.row.id}/suspension`)).status).toBe(200);
    expect(await publicSees(car)).toEqual(LISTED);
    expect(await publicSees(another)).toEqual(LISTED);
  });

  it('refuses to suspend an admin owner, or the acting admin, and changes nothing', async () => {
    const ds = t.app.services.ds;
    const otherAdmin = await signedIn(t, 'admin');
    for (const [account, message] of [
      [otherAdmin, S.cannotSuspendAdmin],
      [admin, S.cannotSuspendSelf],
    ] as const) {
      const car = await carOf(account);
      expect((await report(reporter(0), car.id)).status).toBe(201);
      const sent = t.mailer.sent.length;

      const res = await act(car.id, { action: 'suspendOwner', note: 'Not allowed' });
      expect([res.status, res.body.message]).toEqual([409, message]);

      expect((await signIn(account.row.email)).status).toBe(200);
      expect((await account.client.get('/api/user')).status).toBe(200);
      expect(await publicSees(car)).toEqual(LISTED);
      expect((await queue()).find((item) => item.key === `car-${car.id}`)).toMatchObject({ count: 1 });
      expect(await ds.getRepository(ModerationActionEntity).countBy({ carId: car.id })).toBe(0);
      expect(t.mailer.sent.length).toBe(sent);
    }
  });

  it('refuses a car without an owner', async () => {
    const ds = t.app.services.ds;
    const car = await makeCar(ds, { ownerId: null });
    await makeImage(ds, car, { isPrimary: true });
    const res = await act(car.id, { action: 'suspendOwner', note: 'Whose is it?' });
    expect([res.status, res.body.message]).toEqual([409, M.noOwnerToSuspend]);
    expect(await ds.getRepository(ModerationActionEntity).countBy({ carId: car.id })).toBe(0);
  });
});

describe('approval of new cars', () => {
  const setApproval = (on: boolean) => setModeration({ reviewNewCars: on, reviewEdits: false });

  // A member of their own: the owner above has many cars made today, past the daily quota of submissions.
  let member: Account;
  beforeAll(async () => {
    member = await signedIn(t);
  });

  /** The member submits a car with a photo, as the upload page does. */
  async function submit() {
    const created = await member.client.post('/api/cars', NEW_CAR);
    expect(created.status).toBe(201);
    expect((await uploadCarImage(member.client, created.body.id, await jpegBytes())).status).toBe(201);
    return t.app.services.ds.getRepository(CarEntity).findOneByOrFail({ id: created.body.id });
  }

  it('with approval on, a new car waits, then is approved and public; or rejected with its reason', async () => {
    expect((await admin.client.get('/api/site-settings/moderation')).body).toEqual({
      reportHoldThreshold: 3,
      reviewNewCars: false,
      reviewEdits: false,
    });
    await setApproval(true);
    try {
      const waiting = await submit();
      expect(await publicSees(waiting)).toMatchObject({ page: false, gallery: false });
      expect(await ownedReview(waiting.id, member.client)).toEqual({ state: 'pending', note: null });
      expect((await queue()).find((item) => item.car.id === waiting.id)).toMatchObject({
        key: `new-${waiting.id}`,
        kind: 'newCar',
      });
      // Nobody can report a car that is not public.
      expect((await report(reporter(0), waiting.id)).status).toBe(404);

      expect((await act(waiting.id, { action: 'approve', note: 'Welcome!' })).status).toBe(201);
      expect(await publicSees(waiting)).toMatchObject({ page: true, gallery: true });
      expect(t.mailer.lastTo(member.row.email)?.subject).toContain('is now public');

      const refused = await submit();
      expect(
        (await act(refused.id, { action: 'reject', note: 'Not a street car: a race car on a trailer.' })).status,
      ).toBe(201);
      expect(await ownedReview(refused.id, member.client)).toEqual({
        state: 'rejected',
        note: 'Not a street car: a race car on a trailer.',
      });
      expect(await publicSees(refused)).toMatchObject({ page: false, gallery: false });
      const mail = t.mailer.lastTo(member.row.email);
      expect(mail?.subject).toContain('was not approved');
      expect(mail?.text).toContain('Not a street car: a race car on a trailer.');
    } finally {
      await setApproval(false);
    }
    // Off again: today's behaviour, public with its first photo.
    const open = await submit();
    expect(await publicSees(open)).toMatchObject({ page: true, gallery: true });
    expect(await ownedReview(open.id, member.client)).toBeNull();
  });
});

describe('review of edits to approved cars', () => {
  /** Edits are reviewed only while new cars are too: both settings on (or off), unless `newCars` says otherwise. */
  const setEditReview = (on: boolean, newCars = on) => setModeration({ reviewNewCars: newCars, reviewEdits: on });

  let member: Account; // well under the daily quotas of cars, photos and edits
  beforeAll(async () => {
    member = await signedIn(t);
  });

  /** A public car of the member's with two photos (the first primary), submitted as the upload page does. */
  async function approvedCar() {
    const created = await member.client.post('/api/cars', NEW_CAR);
    expect(created.status).toBe(201);
    for (const primary of [true, false]) {
      expect((await uploadCarImage(member.client, created.body.id, await jpegBytes(), primary)).status).toBe(201);
    }
    const ds = t.app.services.ds;
    const car = await ds.getRepository(CarEntity).findOneByOrFail({ id: created.body.id });
    const other = await ds.getRepository(CarImageEntity).findOneByOrFail({ carId: car.id, isPrimary: false });
    expect(await publicSees(car)).toMatchObject({ page: true, gallery: true });
    return { car, other };
  }

  const edit = (client: HttpClient, carId: number, body: Record<string, unknown>) =>
    client.request('PUT', `/api/cars/${carId}`, body);

  /**
   * The car waits for review: gone for visitors, "Waiting for review" to its owner, in the queue once, as an edit
   * naming what changed (not as a new car, nor as a reported item).
   */
  async function expectWaiting(car: CarEntity, changed: EditedPart[]) {
    expect(await publicSees(car)).toMatchObject({ page: false, gallery: false });
    expect(await ownedReview(car.id, member.client)).toEqual({ state: 'pending', note: null });
    const items = (await queue()).filter((item) => item.car.id === car.id);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ key: `edit-${car.id}`, kind: 'edit', changed, count: 0 });
  }

  it('with the setting off, a member edit of a public car keeps it public', async () => {
    const { car, other } = await approvedCar();
    expect((await admin.client.get('/api/site-settings/moderation')).body).toMatchObject({ reviewEdits: false });
    expect((await edit(member.client, car.id, { story: 'Fresh paint this spring.' })).status).toBe(200);
    expect((await uploadCarImage(member.client, car.id, await jpegBytes())).status).toBe(201);
    expect((await member.client.request('DELETE', `/api/images/${other.id}`)).status).toBe(204);
    expect(await publicSees(car)).toMatchObject({ page: true, gallery: true });
    expect(await ownedReview(car.id, member.client)).toBeNull();
  });

  it('keeps the setting when a caller made before it leaves it out', async () => {
    await setEditReview(true);
    try {
      const res = await admin.client.put('/api/site-settings/moderation', {
        reportHoldThreshold: 4,
        reviewNewCars: true,
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ reportHoldThreshold: 4, reviewNewCars: true, reviewEdits: true });
    } finally {
      await setEditReview(false);
    }
  });

  it('with it on while new cars go public unreviewed, a member edit keeps the car public', async () => {
    const { car } = await approvedCar();
    await setEditReview(true, false);
    try {
      expect((await edit(member.client, car.id, { story: 'Lowered an inch.' })).status).toBe(200);
      expect((await uploadCarImage(member.client, car.id, await jpegBytes())).status).toBe(201);
      expect(await publicSees(car)).toMatchObject({ page: true, gallery: true });
      expect(await ownedReview(car.id, member.client)).toBeNull();
    } finally {
      await setEditReview(false);
    }
  });

  it('with it on, a member text edit sends the car back to review until an admin approves it again', async () => {
    const { car } = await approvedCar();
    await setEditReview(true);
    try {
      // Saving the form unchanged changes nothing: the car stays public.
      expect((await edit(member.client, car.id, { make: car.make, model: car.model })).status).toBe(200);
      expect(await publicSees(car)).toMatchObject({ page: true, gallery: true });

      const res = await edit(member.client, car.id, { story: 'Now with a louder exhaust.' });
      expect(res.status).toBe(200);
      expect(res.body.review).toEqual({ state: 'pending', note: null });
      await expectWaiting(car, ['story']);
      // A further edit while it waits adds to what the admin is shown.
      expect((await edit(member.client, car.id, { year: car.year + 1 })).status).toBe(200);
      await expectWaiting(car, ['year', 'story']);

      expect((await act(car.id, { action: 'approve', note: 'Looks good.' })).status).toBe(201);
      expect((await queue()).some((item) => item.car.id === car.id)).toBe(false);
      expect(await publicSees(car)).toMatchObject({ page: true, gallery: true });
      expect(await ownedReview(car.id, member.client)).toBeNull();
      expect((await visitorPage(car)).story).toBe('Now with a louder exhaust.');
    } finally {
      await setEditReview(false);
    }
  });

  it('with it on, a member photo upload or removal sends the car back to review; rejecting keeps it off', async () => {
    const uploaded = await approvedCar();
    const removed = await approvedCar();
    await setEditReview(true);
    try {
      expect((await uploadCarImage(member.client, uploaded.car.id, await jpegBytes())).status).toBe(201);
      await expectWaiting(uploaded.car, ['photos']);
      expect((await act(uploaded.car.id, { action: 'approve', note: 'Nice photo.' })).status).toBe(201);
      expect(await publicSees(uploaded.car)).toMatchObject({ page: true, gallery: true });

      expect((await member.client.request('DELETE', `/api/images/${removed.other.id}`)).status).toBe(204);
      await expectWaiting(removed.car, ['photos']);
      expect((await act(removed.car.id, { action: 'reject', note: 'The remaining photo is blurred.' })).status).toBe(
        201,
      );
      expect(await ownedReview(removed.car.id, member.client)).toEqual({
        state: 'rejected',
        note: 'The remaining photo is blurred.',
      });
      expect(await publicSees(removed.car)).toMatchObject({ page: false, gallery: false });
    } finally {
      await setEditReview(false);
    }
  });

  it("with it on, an admin's own edits of a member's car keep it public", async () => {
    const { car, other } = await approvedCar();
    await setEditReview(true);
    try {
      expect((await edit(admin.client, car.id, { story: 'Corrected by the admin.' })).status).toBe(200);
      expect((await uploadCarImage(admin.client, car.id, await jpegBytes())).status).toBe(201);
      expect((await admin.client.request('DELETE', `/api/images/${other.id}`)).status).toBe(204);
      expect(await publicSees(car)).toMatchObject({ page: true, gallery: true });
      expect(await ownedReview(car.id, member.client)).toBeNull();
      expect((await queue()).some((item) => item.car.id === car.id)).toBe(false);
    } finally {
      await setEditReview(false);
    }
  });
});

/** The car's public page as a visitor reads it. */
async function visitorPage(car: CarEntity) {
  const res = await new HttpClient(t.baseUrl).get(`/api/cars/${car.slug}`);
  expect(res.status).toBe(200);
  return res.body as { story: string | null };
}
