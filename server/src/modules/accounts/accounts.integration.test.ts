import { userSchema } from '@curbside/shared';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, unique } from '../../../test/app';
import { HttpClient } from '../../../test/http';

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

async function registered() {
  const client = new HttpClient(t.baseUrl);
  const user = newUser();
  const res = await client.post('/api/register', user);
  expect(res.status).toBe(201);
  return { client, user, id: res.body.id as number };
}

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
      expect(res.body.role).toBe('admin');
    } finally {
      await admin.close();
    }
  });
});
