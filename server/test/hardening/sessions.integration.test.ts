import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../src/plugins/session';
import { startTestApp, type TestApp } from '../app';
import { HttpClient } from '../http';
import { callProcedure, procedureAt, type Transport } from '../procedures';
import { makeAccount, PASSWORD, signedIn, signIn } from './fixtures';

// Session cookies: their flags (HttpOnly, SameSite, Secure on https), a new cookie at every sign-in, sign-out and
// password change ending the old cookie even when a copy of it is sent again, and a tampered cookie reading as
// signed out.

let t: TestApp;
/** A second installation behind a proxy (TRUST_PROXY), with its own session secret. */
let proxied: TestApp;
beforeAll(async () => {
  [t, proxied] = await Promise.all([startTestApp(), startTestApp({ TRUST_PROXY: 'true' })]);
});
afterAll(async () => {
  await Promise.all([t?.close(), proxied?.close()]);
});

const TRANSPORTS: Transport[] = ['trpc', 'rest'];

function sessionCookieOf(headers: Headers): string {
  const cookie = headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (!cookie) throw new Error('no session cookie was set');
  return cookie;
}

/** A browser holding a copy of `cookie` (stolen, or kept from before). */
function replaying(cookie: string | null): HttpClient {
  const client = new HttpClient(t.baseUrl);
  client.cookie = cookie;
  return client;
}

/** What a protected call returns for this browser: 200 with the user, or 401. */
async function whoIs(client: HttpClient): Promise<{ status: number; id?: number }> {
  const res = await client.get('/api/user');
  return { status: res.status, id: res.body?.id };
}

describe('cookie flags', () => {
  it('are HttpOnly, SameSite=Lax, Path=/, with a 30-day lifetime, and not Secure on plain http', async () => {
    const account = await makeAccount(t);
    const res = await new HttpClient(t.baseUrl).post('/api/login', { email: account.email, password: PASSWORD });
    const cookie = sessionCookieOf(res.headers);
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
    expect(cookie).toMatch(/; Path=\/(;|$)/);
    expect(cookie).toMatch(/; Max-Age=2592000/);
    expect(cookie).not.toMatch(/; Secure/i);
  });

  it('are Secure behind a trusted proxy that says https, and only then', async () => {
    const account = await makeAccount(proxied);
    const login = (headers: Record<string, string>) =>
      new HttpClient(proxied.baseUrl, headers).post('/api/login', { email: account.email, password: PASSWORD });
    expect(sessionCookieOf((await login({ 'x-forwarded-proto': 'https' })).headers)).toMatch(/; Secure/i);
    expect(sessionCookieOf((await login({ 'x-forwarded-proto': 'http' })).headers)).not.toMatch(/; Secure/i);
    // Without TRUST_PROXY the header is anyone's to send, so it is ignored.
    const direct = await makeAccount(t);
    const res = await new HttpClient(t.baseUrl, { 'x-forwarded-proto': 'https' }).post('/api/login', {
      email: direct.email,
      password: PASSWORD,
    });
    expect(sessionCookieOf(res.headers)).not.toMatch(/; Secure/i);
  });

  it('are always Secure when the site is served under https (PUBLIC_URL), also when signing out', async () => {
    const https = await startTestApp({ PUBLIC_URL: 'https://curbside.example' });
    try {
      const account = await makeAccount(https);
      const browser = new HttpClient(https.baseUrl);
      const login = await browser.post('/api/login', { email: account.email, password: PASSWORD });
      expect(sessionCookieOf(login.headers)).toMatch(/; HttpOnly.*; Secure|; Secure.*; HttpOnly/i);
      const logout = await browser.post('/api/logout');
      expect(sessionCookieOf(logout.headers)).toMatch(/; Secure/i);
    } finally {
      await https.close();
    }
  });
});

describe('a new cookie at sign-in', () => {
  it.each(TRANSPORTS)(
    'replaces whatever cookie the browser held, which stays with its own account (%s)',
    async (transport) => {
      // An attacker signs in, plants their cookie in the victim's browser, and waits for the victim to sign in.
      const attacker = await signedIn(t);
      const planted = attacker.client.cookie;
      const victim = await makeAccount(t);
      const browser = replaying(planted);
      const res = await callProcedure(browser, procedureAt('accounts.login'), transport, {
        email: victim.email,
        password: PASSWORD,
      });
      expect(res.status).toBe(200);
      expect(browser.cookie).not.toBe(planted);
      expect(await whoIs(browser)).toEqual({ status: 200, id: victim.id });
      // The planted copy still reads as the attacker: it never became the victim's session.
      expect(await whoIs(replaying(planted))).toEqual({ status: 200, id: attacker.row.id });
    },
  );

  it('is a different cookie for each sign-in of the same account', async () => {
    const account = await makeAccount(t);
    const cookies = new Set<string | null>();
    for (let i = 0; i < 3; i++) cookies.add((await signIn(t, account.email)).cookie);
    expect(cookies.size).toBe(3);
  });
});

describe('ending a session', () => {
  it.each(TRANSPORTS)(
    'sign-out ends that cookie, also a copy replayed later, and no other session (%s)',
    async (transport) => {
      const { row, client } = await signedIn(t);
      const phone = await signIn(t, row.email);
      const copy = client.cookie;

      const res = await callProcedure(client, procedureAt('accounts.logout'), transport);
      expect(res.status).toBe(200);
      expect(client.cookie).toBeNull(); // the browser was told to drop it
      expect((await whoIs(replaying(copy))).status).toBe(401);
      const replayed = await callProcedure(replaying(copy), procedureAt('cart.list'), transport);
      expect([replayed.status, replayed.message]).toEqual([401, 'Authentication required']);
      // Signing out here is not signing out everywhere.
      expect(await whoIs(phone)).toEqual({ status: 200, id: row.id });
    },
  );

  it.each(TRANSPORTS)(
    'a password change ends every other cookie, replayed or not, and keeps this browser in (%s)',
    async (transport) => {
      const { row, client } = await signedIn(t);
      const laptop = await signIn(t, row.email);
      const oldCookie = client.cookie;

      const res = await callProcedure(client, procedureAt('profile.changePassword'), transport, {
        currentPassword: PASSWORD,
        newPassword: 'a-new-password-1',
      });
      expect(res.status, res.message).toBe(200);
      expect(client.cookie).not.toBe(oldCookie);
      expect(await whoIs(client)).toEqual({ status: 200, id: row.id });
      expect((await whoIs(laptop)).status).toBe(401);
      expect((await whoIs(replaying(oldCookie))).status).toBe(401);
    },
  );
});

describe('a tampered cookie', () => {
  let genuine: string;
  let userId: number;
  beforeAll(async () => {
    const { row, client } = await signedIn(t);
    assert(client.cookie);
    genuine = client.cookie;
    userId = row.id;
  });

  const value = () => decodeURIComponent(genuine.slice(`${SESSION_COOKIE}=`.length));
  const asCookie = (v: string) => `${SESSION_COOKIE}=${encodeURIComponent(v)}`;
  const flip = (s: string, at: number) => s.slice(0, at) + (s[at] === 'A' ? 'B' : 'A') + s.slice(at + 1);

  const tamperings: [string, () => string][] = [
    ['one character of the ciphertext changed', () => asCookie(flip(value(), 5))],
    ['one character of the nonce changed', () => asCookie(flip(value(), value().length - 3))],
    ['cut short', () => asCookie(value().slice(0, 20))],
    ['without its nonce', () => asCookie(value().replace(/;.*/s, ''))],
    ['plain JSON naming the user', () => asCookie(JSON.stringify({ userId: 1, generation: 0 }))],
    ['garbage', () => `${SESSION_COOKIE}=%%%not-base64%%%`],
  ];

  it('is genuine to begin with', async () => {
    expect(await whoIs(replaying(genuine))).toEqual({ status: 200, id: userId });
  });

  it.each(tamperings)('%s: signed out (401 over /api and /trpc), nothing more', async (_, make) => {
    const forged = replaying(make());
    const rest = await forged.get('/api/user');
    expect([rest.status, rest.body.message]).toEqual([401, 'Authentication required']);
    const trpc = await callProcedure(forged, procedureAt('cart.list'), 'trpc');
    expect([trpc.status, trpc.message]).toEqual([401, 'Authentication required']);
    expect((await callProcedure(forged, procedureAt('accounts.me'), 'trpc')).data).toBeNull();
  });

  it('from another installation (another SESSION_SECRET): signed out', async () => {
    const { client } = await signedIn(proxied);
    expect((await whoIs(client)).status).toBe(200);
    expect((await whoIs(replaying(client.cookie))).status).toBe(401);
  });
});
