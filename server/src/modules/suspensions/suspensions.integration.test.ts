import { carSchema, MESSAGES, SUSPENSION_MESSAGES as S, suspensionsOverviewSchema } from '@curbside/shared';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { startAdminTestApp } from '../../../test/admin-session';
import { type TestApp, unique } from '../../../test/app';
import { HttpClient } from '../../../test/http';
import { submitCar, visitorSees } from '../../../test/public-listing';
import { register } from '../../../test/register';
import { jpegBytes, uploadCarImage } from '../images/upload-test-helpers';

// Issue 41 part 6: an admin suspends an account with a note and lifts it. A suspended account cannot sign in, its
// sessions and API tokens are refused on their next request (tRPC, REST and a plain route), its cars leave every
// public page (the admin still sees them) and come back with their votes when the suspension is lifted.

let t: TestApp;
let admin: HttpClient;
beforeAll(async () => {
  ({ t, admin } = await startAdminTestApp());
});
afterAll(async () => {
  await t?.close();
});

const PASSWORD = 'member-password-1';

/** A verified member signed in in a browser of their own, with a second browser (their phone) signed in too. */
async function member() {
  const browser = new HttpClient(t.baseUrl);
  const name = unique('mem');
  const email = `${name}@example.com`;
  await register(t, browser, { email, username: name, password: PASSWORD });
  const phone = new HttpClient(t.baseUrl);
  expect((await phone.post('/api/login', { email, password: PASSWORD })).status).toBe(200);
  const me = await browser.get('/api/user');
  return { browser, phone, email, id: me.body.id as number };
}

/** A car of `owner` with a photo (so it is listed) and one vote. */
async function listedCarWithVote(owner: HttpClient, model: string) {
  const car = await submitCar(owner, model);
  expect((await uploadCarImage(owner, car.id, await jpegBytes())).status).toBe(201);
  expect((await new HttpClient(t.baseUrl).post('/api/votes', { carId: car.id })).status).toBeLessThan(300);
  return car;
}

const suspend = (id: number, note = 'Photos copied from other owners') =>
  admin.post(`/api/admin/users/${id}/suspension`, { note });
const lift = (id: number, note?: string) =>
  admin.delete(`/api/admin/users/${id}/suspension${note ? `?note=${encodeURIComponent(note)}` : ''}`);

async function overview() {
  const res = await admin.get('/api/admin/suspensions');
  expect(res.status).toBe(200);
  return suspensionsOverviewSchema.parse(res.body);
}

describe('a suspended account', () => {
  it('cannot sign in, with a message saying so; a wrong password still reads as a wrong password', async () => {
    const { id, email } = await member();
    expect((await suspend(id)).status).toBe(200);

    const res = await new HttpClient(t.baseUrl).post('/api/login', { email, password: PASSWORD });
    expect([res.status, res.body.message]).toEqual([403, S.accountSuspended]);
    const wrong = await new HttpClient(t.baseUrl).post('/api/login', { email, password: 'not-the-password' });
    expect([wrong.status, wrong.body.message]).toEqual([401, MESSAGES.server.invalidCredentials]);

    // Lifted, it signs in again.
    expect((await lift(id)).status).toBe(200);
    expect((await new HttpClient(t.baseUrl).post('/api/login', { email, password: PASSWORD })).status).toBe(200);
  });

  it('is signed out of every browser and its API tokens are refused on their next request, on every path', async () => {
    const { browser, phone, id } = await member();
    const made = await browser.post('/api/tokens', { name: 'Export', scope: 'write' });
    expect(made.status).toBe(201);
    const script = new HttpClient(t.baseUrl, { authorization: `Bearer ${made.body.token}` });
    const car = await listedCarWithVote(browser, unique('Civic'));
    const meetCard = `/api/cars/${car.id}/meet-card.pdf`;
    expect((await script.get('/api/user')).status).toBe(200);
    expect((await phone.get(meetCard)).status).toBe(200);

    expect((await suspend(id)).status).toBe(200);

    // The browsers: REST, a tRPC query, the tRPC mutation route and a plain route all read them as signed out.
    expect((await browser.get('/api/user')).status).toBe(401);
    expect((await phone.trpc('query', 'accounts.current')).status).toBe(401);
    const me = await phone.trpc('query', 'accounts.me');
    expect(me.body.result.data).toBeNull();
    expect((await browser.trpc('mutation', 'cars.update', { id: car.id, story: 'Still here?' })).status).toBe(401);
    expect((await new HttpClient(t.baseUrl).get(meetCard)).status).toBe(401);
    const copied = new HttpClient(t.baseUrl);
    copied.cookie = phone.cookie ?? browser.cookie;
    expect((await copied.get(meetCard)).status).toBe(401);

    // The token: refused with the reason, wherever it is sent.
    for (const res of [
      await script.get('/api/user'),
      await script.trpc('query', 'accounts.current'),
      await script.trpc('mutation', 'cars.update', { id: car.id, story: 'Still here?' }),
      await script.get(meetCard),
    ]) {
      expect([res.status, res.body.message ?? res.body.error?.message]).toEqual([403, S.accountSuspended]);
    }

    // Lifting restores the token (the owner made it), but not the ended browser sessions.
    expect((await lift(id)).status).toBe(200);
    expect((await script.get('/api/user')).status).toBe(200);
    expect((await browser.get('/api/user')).status).toBe(401);
  });

  it('has its cars leave every public page, kept for the admin, and back with their votes when lifted', async () => {
    const owner = await member();
    const model = unique('Integra');
    const car = await listedCarWithVote(owner.browser, model);
    const listed = {
      gallery: true,
      search: true,
      leaderboard: true,
      monthlyLeaderboard: true,
      page: 200,
      sitemap: true,
      pageMessage: undefined,
    };
    expect(await visitorSees(t, car.slug, model)).toEqual(listed);

    expect((await suspend(owner.id, 'Spam listings')).status).toBe(200);
    expect(await visitorSees(t, car.slug, model)).toEqual({
      gallery: false,
      search: false,
      leaderboard: false,
      monthlyLeaderboard: false,
      page: 404,
      sitemap: false,
      pageMessage: MESSAGES.server.carNotFound,
    });
    // Other members' cars are untouched.
    const bystander = await member();
    const theirs = await listedCarWithVote(bystander.browser, unique('Prelude'));
    expect((await new HttpClient(t.baseUrl).get(`/api/cars/${theirs.slug}`)).status).toBe(200);

    // The admin still sees the account and its car with its votes, and the record of who did it and why.
    const seen = await overview();
    const entry = seen.suspended.find((s) => s.user.id === owner.id);
    assert(entry, 'the suspended account is listed');
    expect(entry.cars).toEqual([expect.objectContaining({ id: car.id, slug: car.slug, totalVotes: 1 })]);
    const me = (await admin.get('/api/user')).body;
    expect(entry.suspension).toMatchObject({ action: 'suspended', note: 'Spam listings', by: { id: me.id } });

    expect((await lift(owner.id, 'Sorted out by e-mail')).status).toBe(200);
    expect(await visitorSees(t, car.slug, model)).toEqual(listed);
    // Its vote is still counted.
    const page = carSchema.parse((await new HttpClient(t.baseUrl).get(`/api/cars/${car.slug}`)).body);
    expect(page.totalVotes).toBe(1);
    expect((await overview()).suspended.some((s) => s.user.id === owner.id)).toBe(false);
    const records = (await overview()).history.filter((r) => r.user.id === owner.id);
    expect(records.map((r) => [r.action, r.note])).toEqual([
      ['lifted', 'Sorted out by e-mail'],
      ['suspended', 'Spam listings'],
    ]);
  });

  it('is e-mailed that it was suspended and why, and again when it is lifted', async () => {
    const { id, email } = await member();
    expect((await suspend(id, 'Offensive photos')).status).toBe(200);
    const mail = t.mailer.lastTo(email);
    expect(mail?.subject).toMatch(/suspended/);
    expect(mail?.text).toContain('Offensive photos');
    expect((await lift(id)).status).toBe(200);
    expect(t.mailer.lastTo(email)?.subject).toMatch(/active again/);
  });
});

describe('the rules', () => {
  it('refuses to suspend an admin, the admin themself, an account twice, or to lift an active account', async () => {
    const me = await admin.get('/api/user');
    const self = await suspend(me.body.id);
    expect([self.status, self.body.message]).toEqual([409, S.cannotSuspendSelf]);

    const other = await member();
    await t.app.services.ds.query(`UPDATE users SET role = 'admin' WHERE id = ?`, [other.id]);
    const anAdmin = await suspend(other.id);
    expect([anAdmin.status, anAdmin.body.message]).toEqual([409, S.cannotSuspendAdmin]);
    // Nothing changed: the other admin is still signed in.
    expect((await other.browser.get('/api/user')).status).toBe(200);

    const { id } = await member();
    expect((await suspend(id)).status).toBe(200);
    const twice = await suspend(id);
    expect([twice.status, twice.body.message]).toEqual([409, S.alreadySuspended]);
    expect((await lift(id)).status).toBe(200);
    const again = await lift(id);
    expect([again.status, again.body.message]).toEqual([409, S.notSuspended]);

    expect((await suspend(2_000_000_000)).status).toBe(404);
    const blank = await suspend(id, '   ');
    expect(blank.status).toBe(400);
    expect(blank.body.message).toContain(S.noteRequired);
  });

  it('finds users by part of their username or e-mail for the admin', async () => {
    const { email, id } = await member();
    const res = await admin.get(`/api/admin/users?q=${encodeURIComponent(email.slice(0, 8).toUpperCase())}`);
    expect(res.status).toBe(200);
    expect(res.body.map((u: { id: number }) => u.id)).toContain(id);
  });
});
