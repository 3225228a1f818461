import { createHash } from 'node:crypto';
import { MESSAGES, SERVER_LIMITS, userSchema } from '@curbside/shared';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, unique } from '../../../test/app';
import { NEW_CAR } from '../../../test/hardening/fixtures';
import { HttpClient } from '../../../test/http';
import { followVerificationLink, register } from '../../../test/register';
import { makeCar } from '../../../test/showcase-fixtures';
import { buildApp } from '../../app';
import { makeProduct } from '../checkout/shop-test-fixtures';
import { ApiTokenEntity } from '../tokens/api-token.entity';
import { EmailVerificationTokenEntity } from './email-verification-token.entity';
import { UserEntity } from './user.entity';

const S = MESSAGES.server;

// Accounts end to end over HTTP: the documented /api paths and the /trpc procedures the browser uses.

let t: TestApp;
beforeAll(async () => {
  // TRUST_PROXY lets the throttle test speak from its own address, so it blocks nobody else in this file.
  t = await startTestApp({ TRUST_PROXY: 'true' });
});
afterAll(async () => {
  await t?.close();
});

function newUser() {
  const name = unique('drv');
  return { email: `${name}@example.com`, username: name, password: 'hunter22', name: `Driver ${name}` };
}

async function registered({ verified = true } = {}) {
  const client = new HttpClient(t.baseUrl);
  const user = newUser();
  const res = await register(t, client, user, { verified });
  return { client, user, id: res.body.id as number };
}

/** The stored row of the account with this id. */
const storedUser = (id: number) => t.app.services.ds.getRepository(UserEntity).findOneByOrFail({ id });

describe('registration', () => {
  it('creates the account, returns the user without any secret, and signs them in', async () => {
    const client = new HttpClient(t.baseUrl);
    const user = newUser();
    const res = await client.post('/api/register', user);
    expect(res.status).toBe(201);
    const body = userSchema.strict().parse(res.body);
    expect(body).toMatchObject({ email: user.email, username: user.username, name: user.name, role: 'user' });
    expect(res.text).not.toContain(user.password);
    expect(res.text).not.toMatch(/argon2|passwordHash|sessionGeneration/);

    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('curbside_session='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i); // http://localhost: no Secure flag, or the browser would drop it

    const me = await client.get('/api/user');
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(body.id);
  });

  it('refuses a taken e-mail or username (any case) with 409 and a message, and creates nothing', async () => {
    const { user } = await registered();
    const sameEmail = await new HttpClient(t.baseUrl).post('/api/register', {
      ...newUser(),
      email: user.email.toUpperCase(),
    });
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body.message).toBe('An account with this email already exists.');

    const sameName = await new HttpClient(t.baseUrl).post('/api/register', {
      ...newUser(),
      username: user.username.toUpperCase(),
    });
    expect(sameName.status).toBe(409);
    expect(sameName.body.message).toBe('That username is already taken.');
  });

  it('responds with 400 naming the field, with the spec messages', async () => {
    const client = new HttpClient(t.baseUrl);
    const cases: [Record<string, unknown>, string][] = [
      [{ ...newUser(), username: 'ab' }, 'username: Username must be at least 3 characters'],
      [{ ...newUser(), username: 'a'.repeat(21) }, 'username: Username cannot exceed 20 characters'],
      [{ ...newUser(), email: 'not-an-email' }, 'email: Please enter a valid email address'],
      [{ ...newUser(), password: '12345' }, 'password: Password must be at least 6 characters'],
    ];
    for (const [body, message] of cases) {
      const res = await client.post('/api/register', body);
      expect(res.status, message).toBe(400);
      expect(res.body.message).toBe(message);
      expect(res.body.issues?.[0]?.path).toBe(message.split(':')[0]);
    }
    expect((await client.get('/api/user')).status).toBe(401);
  });

  it('lets two simultaneous registrations of one e-mail create exactly one account', async () => {
    const user = newUser();
    const results = await Promise.all(
      [0, 1, 2].map((i) =>
        new HttpClient(t.baseUrl).post('/api/register', { ...user, username: `${user.username.slice(0, 15)}x${i}` }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409]);
  });
});

describe('sign-in and sign-out', () => {
  it('responds with 401 JSON for the current user when signed out', async () => {
    const res = await new HttpClient(t.baseUrl).get('/api/user');
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Authentication required');
  });

  it('logs out, refuses a wrong password with the spec message, and logs back in', async () => {
    const { client, user, id } = await registered();
    expect((await client.post('/api/logout')).status).toBe(200);
    expect((await client.get('/api/user')).status).toBe(401);

    const wrong = await client.post('/api/login', { email: user.email, password: 'wrong-password' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe('Invalid email or password');

    const unknown = await client.post('/api/login', { email: `nobody-${user.email}`, password: 'whatever' });
    expect(unknown.status).toBe(401);
    expect(unknown.body.message).toBe('Invalid email or password');

    const ok = await client.post('/api/login', { email: user.email.toUpperCase(), password: user.password });
    expect(ok.status).toBe(200);
    expect(ok.body.id).toBe(id);
    expect((await client.get('/api/user')).body.username).toBe(user.username);
  });

  it('refuses the guessing address after 10 failures in 15 minutes, while the owner elsewhere signs in', async () => {
    const { user } = await registered();
    const attacker = new HttpClient(t.baseUrl, { 'x-forwarded-for': '198.51.100.1' });
    for (let i = 0; i < 10; i++) {
      expect((await attacker.post('/api/login', { email: user.email, password: `guess-${i}` })).status).toBe(401);
    }
    const blocked = await attacker.post('/api/login', { email: user.email, password: user.password });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/^Too many failed sign-in attempts\. Please try again in \d+ minutes?\.$/);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // Ten wrong passwords from somewhere else do not lock the owner out.
    expect((await new HttpClient(t.baseUrl).post('/api/login', user)).status).toBe(200);
  });

  it('ends every session on logout-everywhere, so a copied cookie stops working', async () => {
    const { client, user } = await registered();
    const laptop = new HttpClient(t.baseUrl);
    expect((await laptop.post('/api/login', { email: user.email, password: user.password })).status).toBe(200);
    const stolenCookie = laptop.cookie;

    expect((await client.post('/api/logout/everywhere')).status).toBe(200);
    expect((await laptop.get('/api/user')).status).toBe(401);
    const replay = new HttpClient(t.baseUrl);
    replay.cookie = stolenCookie;
    expect((await replay.get('/api/user')).status).toBe(401);
  });

  it('treats a tampered session cookie as signed out', async () => {
    const { client } = await registered();
    const forged = new HttpClient(t.baseUrl);
    assert(client.cookie);
    forged.cookie = client.cookie.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect((await forged.get('/api/user')).status).toBe(401);
  });
});

describe('password reset', () => {
  it('responds the same for unknown and known e-mails, and mails a one-time link only for the known one', async () => {
    const { user } = await registered();
    const anon = new HttpClient(t.baseUrl);
    const unknown = await anon.post('/api/password-reset/request', { email: `ghost-${user.email}` });
    const known = await anon.post('/api/password-reset/request', { email: user.email });
    expect(unknown.status).toBe(200);
    expect(known.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    expect(t.mailer.lastTo(`ghost-${user.email}`)).toBeUndefined();

    const mail = t.mailer.lastTo(user.email);
    expect(mail?.link).toMatch(/\/reset-password\?token=/);
    const token = t.mailer.lastTokenTo(user.email);

    const reset = await anon.post('/api/password-reset/confirm', { token, password: 'brand-new-pass' });
    expect(reset.status).toBe(200);
    expect((await anon.post('/api/login', { email: user.email, password: user.password })).status).toBe(401);
    expect((await anon.post('/api/login', { email: user.email, password: 'brand-new-pass' })).status).toBe(200);

    const again = await anon.post('/api/password-reset/confirm', { token, password: 'another-pass-1' });
    expect(again.status).toBe(400);
    expect(again.body.message).toMatch(/invalid or has expired/);
  });

  it('voids every other link of the account once one of them has set a new password', async () => {
    const { user } = await registered();
    const anon = new HttpClient(t.baseUrl);
    const links = [];
    for (let i = 0; i < 2; i++) {
      expect((await anon.post('/api/password-reset/request', { email: user.email })).status).toBe(200);
      links.push(t.mailer.lastTokenTo(user.email));
    }
    expect(links[0]).not.toBe(links[1]);
    expect(
      (await anon.post('/api/password-reset/confirm', { token: links[1], password: 'owner-chose-1' })).status,
    ).toBe(200);
    // Whoever else holds the older mail cannot take the account back with it.
    const stale = await anon.post('/api/password-reset/confirm', { token: links[0], password: 'thief-chose-1' });
    expect(stale.status).toBe(400);
    expect(stale.body.message).toBe('This password reset link is invalid or has expired. Please request a new one.');
    expect((await anon.post('/api/login', { email: user.email, password: 'thief-chose-1' })).status).toBe(401);
    expect((await anon.post('/api/login', { email: user.email, password: 'owner-chose-1' })).status).toBe(200);
  });

  it('ends the sessions that were open before the reset', async () => {
    const { client, user } = await registered();
    await client.post('/api/password-reset/request', { email: user.email });
    const token = t.mailer.lastTokenTo(user.email);
    await new HttpClient(t.baseUrl).post('/api/password-reset/confirm', { token, password: 'reset-pass-99' });
    expect((await client.get('/api/user')).status).toBe(401);
  });
});

describe('e-mail verification (docs/decisions.md)', () => {
  it('a new account is mailed a link; until it is followed it browses, votes and shops, but submits no car and makes no token', async () => {
    const { client, user, id } = await registered({ verified: false });
    const me = await client.get('/api/user');
    expect([me.body.emailVerified, me.body.pendingEmail]).toEqual([false, null]);

    const mail = t.mailer.lastTo(user.email);
    expect(mail?.subject).toBe('Verify your Curbside e-mail address');
    expect(mail?.link).toMatch(new RegExp(`^${t.config.publicUrl}/verify-email\\?token=[A-Za-z0-9_-]{43}$`));
    const token = t.mailer.lastTokenTo(user.email);
    // Stored as its SHA-256 only.
    const [stored] = await t.app.services.ds.getRepository(EmailVerificationTokenEntity).findBy({ userId: id });
    expect(stored?.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));

    const car = await makeCar(t.app.services.ds);
    const merch = await makeProduct(t.app.services.ds, { isMerch: true });
    expect((await client.post('/api/votes', { carId: car.id })).status).toBe(201);
    expect((await client.post('/api/cart', { productId: merch.id })).status).toBe(201);
    const refused = [
      await client.post('/api/cars', NEW_CAR),
      await client.trpc('mutation', 'cars.create', NEW_CAR),
      await client.post('/api/tokens', { name: 'CI', scope: 'read' }),
    ];
    expect(refused.map((r) => [r.status, r.body.message ?? r.body.error?.message])).toEqual(
      Array(3).fill([403, S.emailNotVerified]),
    );
    expect(await t.app.services.ds.getRepository(ApiTokenEntity).countBy({ userId: id })).toBe(0);

    // The link works in any browser, signed in or not, and once only.
    const followed = await new HttpClient(t.baseUrl).post('/api/verify-email', { token });
    expect([followed.status, followed.body.message]).toEqual([200, MESSAGES.auth.emailVerified]);
    expect((await client.get('/api/user')).body.emailVerified).toBe(true);
    expect((await client.post('/api/cars', NEW_CAR)).status).toBe(201);
    expect((await client.post('/api/tokens', { name: 'CI', scope: 'read' })).status).toBe(201);
    const again = await new HttpClient(t.baseUrl).post('/api/verify-email', { token });
    expect([again.status, again.body.message]).toEqual([400, S.verificationLinkInvalid]);
  });

  it('refuses an expired link and an unknown one (400), verifying nothing', async () => {
    const { user, id } = await registered({ verified: false });
    const token = t.mailer.lastTokenTo(user.email);
    await t.app.services.ds
      .getRepository(EmailVerificationTokenEntity)
      .update({ userId: id }, { expiresAt: new Date(Date.now() - 1000) });
    for (const sent of [token, 'y'.repeat(43)]) {
      const res = await new HttpClient(t.baseUrl).post('/api/verify-email', { token: sent });
      expect([res.status, res.body.message]).toEqual([400, S.verificationLinkInvalid]);
    }
    expect((await storedUser(id)).emailVerifiedAt).toBeNull();
  });

  it(`resends the link, at most ${SERVER_LIMITS.verificationMailsPerHour} mails an hour with the first; 409 once verified`, async () => {
    const { client, user } = await registered({ verified: false });
    const mailsTo = () => t.mailer.sent.filter((m) => m.to === user.email).length;
    for (let i = 1; i < SERVER_LIMITS.verificationMailsPerHour; i++) {
      const res = await client.post('/api/verify-email/resend');
      expect([res.status, res.body.message]).toEqual([200, MESSAGES.auth.verificationSentTo(user.email)]);
    }
    expect(mailsTo()).toBe(SERVER_LIMITS.verificationMailsPerHour);
    const refused = await client.post('/api/verify-email/resend');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.body.message).toMatch(
      /^Too many verification e-mails were sent to this account\. Please try again in \d+ minutes?\.$/,
    );
    expect(mailsTo()).toBe(SERVER_LIMITS.verificationMailsPerHour);
    // Any of the links mailed confirms the address.
    await followVerificationLink(t, user.email);
    const done = await client.post('/api/verify-email/resend');
    expect([done.status, done.body.message]).toEqual([409, S.emailAlreadyVerified]);
    expect((await new HttpClient(t.baseUrl).post('/api/verify-email/resend')).status).toBe(401);
  });

  it('a changed address replaces the old one only once its own link is followed', async () => {
    const { client, user, id } = await registered();
    const newEmail = `${unique('new')}@example.com`;
    const wrong = await client.put('/api/profile/email', { email: newEmail, currentPassword: 'not-it-1' });
    expect([wrong.status, wrong.body.message]).toEqual([400, 'Current password is incorrect']);

    const asked = await client.put('/api/profile/email', { email: newEmail, currentPassword: user.password });
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({ email: user.email, emailVerified: true, pendingEmail: newEmail });
    expect(t.mailer.lastTo(newEmail)?.subject).toBe('Confirm your new Curbside e-mail address');
    // Until then the old address is the account's: sign-in, and the address the new one cannot be taken from.
    const viaOld = await new HttpClient(t.baseUrl).post('/api/login', { email: user.email, password: user.password });
    expect(viaOld.status).toBe(200);
    expect(
      (await new HttpClient(t.baseUrl).post('/api/login', { email: newEmail, password: user.password })).status,
    ).toBe(401);

    const followed = await followVerificationLink(t, newEmail);
    expect(followed.body.message).toBe(MESSAGES.auth.emailChanged(newEmail));
    expect(await storedUser(id)).toMatchObject({ email: newEmail, pendingEmail: null });
    expect(
      (await new HttpClient(t.baseUrl).post('/api/login', { email: newEmail, password: user.password })).status,
    ).toBe(200);
    expect(
      (await new HttpClient(t.baseUrl).post('/api/login', { email: user.email, password: user.password })).status,
    ).toBe(401);
  });

  it("refuses another account's address (409), and a pending change taken meanwhile by someone else", async () => {
    const { client, user, id } = await registered();
    const other = await registered();
    const taken = await client.put('/api/profile/email', { email: other.user.email, currentPassword: user.password });
    expect([taken.status, taken.body.message]).toEqual([409, S.emailTaken]);

    const wanted = `${unique('want')}@example.com`;
    expect((await client.put('/api/profile/email', { email: wanted, currentPassword: user.password })).status).toBe(
      200,
    );
    const token = t.mailer.lastTokenTo(wanted);
    expect(
      (await other.client.put('/api/profile/email', { email: wanted, currentPassword: other.user.password })).status,
    ).toBe(200);
    await followVerificationLink(t, wanted); // the other account's link: it moves first
    const late = await new HttpClient(t.baseUrl).post('/api/verify-email', { token });
    expect([late.status, late.body.message]).toEqual([409, S.emailTaken]);
    expect((await storedUser(id)).email).toBe(user.email);
  });

  it('a password reset drops a pending change, so its link no longer moves the account', async () => {
    const { client, user, id } = await registered();
    const intruder = `${unique('evil')}@example.com`;
    expect((await client.put('/api/profile/email', { email: intruder, currentPassword: user.password })).status).toBe(
      200,
    );
    const token = t.mailer.lastTokenTo(intruder);
    await new HttpClient(t.baseUrl).post('/api/password-reset/request', { email: user.email });
    const reset = await new HttpClient(t.baseUrl).post('/api/password-reset/confirm', {
      token: t.mailer.lastTokenTo(user.email),
      password: 'taken-back-password-1',
    });
    expect(reset.status).toBe(200);
    const res = await new HttpClient(t.baseUrl).post('/api/verify-email', { token });
    expect([res.status, res.body.message]).toEqual([400, S.verificationLinkInvalid]);
    expect(await storedUser(id)).toMatchObject({ email: user.email, pendingEmail: null });
  });
});

describe('the browser side (/trpc)', () => {
  it('gives null for the current user when signed out, and the user after registering', async () => {
    const browser = new HttpClient(t.baseUrl);
    const before = await browser.trpc('query', 'accounts.me');
    expect(before.status).toBe(200);
    expect(before.body.result.data).toBeNull();

    const user = newUser();
    const reg = await browser.trpc('mutation', 'accounts.register', user);
    expect(reg.status).toBe(200);
    const after = await browser.trpc('query', 'accounts.me');
    expect(after.body.result.data.username).toBe(user.username);
  });

  it('carries a human message that names the invalid field', async () => {
    const res = await new HttpClient(t.baseUrl).trpc('mutation', 'accounts.login', { email: 'nope', password: '' });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('email: Please enter a valid email address');
  });
});

describe('ADMIN_EMAIL at start', () => {
  it('creates that admin, who can sign in with the admin role', async () => {
    const admin = await startTestApp({ ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'correct-horse' });
    try {
      const res = await new HttpClient(admin.baseUrl).post('/api/login', {
        email: 'boss@example.com',
        password: 'correct-horse',
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ role: 'admin', emailVerified: true });
    } finally {
      await admin.close();
    }
  });

  it('promotes an account registered with that address only after taking it from whoever registered it', async () => {
    // An outsider registers ops@… first, verifies it, keeps a browser signed in and makes a write token.
    const email = `${unique('ops')}@example.com`;
    const outsider = new HttpClient(t.baseUrl);
    await register(t, outsider, { email, username: unique('ops'), password: 'outsider-pass-1' });
    const made = await outsider.post('/api/tokens', { name: 'Backdoor', scope: 'write' });
    expect(made.status).toBe(201);
    await new HttpClient(t.baseUrl).post('/api/password-reset/request', { email });
    const resetToken = t.mailer.lastTokenTo(email);

    // The operator then starts a server on this database with ADMIN_EMAIL set to that address.
    const operator = await buildApp({ ...t.config, admin: { email, password: 'operator-chosen-1' } });
    try {
      const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) =>
        operator.inject({ method, url, headers, ...(payload ? { payload } : {}) });
      const byCookie = await call('GET', '/api/user', { cookie: outsider.cookie ?? '' });
      const byToken = await call('GET', '/api/user', { authorization: `Bearer ${made.body.token}` });
      expect([byCookie.statusCode, byToken.statusCode]).toEqual([401, 401]);
      const outsiderPassword = await call('POST', '/api/login', {}, { email, password: 'outsider-pass-1' });
      expect(outsiderPassword.statusCode).toBe(401);
      const oldReset = await call(
        'POST',
        '/api/password-reset/confirm',
        {},
        { token: resetToken, password: 'x-pass-12' },
      );
      expect(oldReset.statusCode).toBe(400);

      const signIn = await call('POST', '/api/login', {}, { email, password: 'operator-chosen-1' });
      expect(signIn.statusCode).toBe(200);
      expect(signIn.json()).toMatchObject({ email, role: 'admin', emailVerified: true });
    } finally {
      await operator.close();
    }
  });
});
