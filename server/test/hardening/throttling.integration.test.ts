import { LIMITS, PASSWORD_RESET_REQUESTED_MESSAGE, SERVER_LIMITS } from '@curbside/shared';
import type { FastifyInstance } from 'fastify';
import { In } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { LoginFailureEntity } from '../../src/modules/accounts/login-failure.entity';
import { verifyPassword } from '../../src/modules/accounts/password';
import {
  PasswordResetThrottle,
  RESET_REQUEST_WINDOW_MS,
  RESET_REQUESTS_PER_IP,
} from '../../src/modules/accounts/password-reset-throttle';
import { PasswordResetTokenEntity } from '../../src/modules/accounts/password-reset-token.entity';
import { UserEntity } from '../../src/modules/accounts/user.entity';
import { RecordingMailer, startTestApp, type TestApp, unique } from '../app';
import { HttpClient } from '../http';
import { callProcedure, procedureAt, type Transport } from '../procedures';
import { makeAccount, PASSWORD, storedUser } from './fixtures';

// Sign-in and password-reset throttling: 429 with a message saying when to try again (and Retry-After), limits that
// hold across app servers, and responses that never tell which e-mail addresses have accounts. TRUST_PROXY lets each
// test speak from its own addresses (X-Forwarded-For), so no test blocks another.

let t: TestApp;
beforeAll(async () => {
  // The default registration limit (other test files raise it, to register freely from 127.0.0.1).
  t = await startTestApp({
    TRUST_PROXY: 'true',
    REGISTRATIONS_PER_HOUR: String(SERVER_LIMITS.registrationsPerAddress),
  });
});
afterAll(async () => {
  await t?.close();
});

const TRANSPORTS: Transport[] = ['trpc', 'rest'];
let nextAddress = 1;
/** A browser at an address no other test uses. */
const fromNewAddress = () => new HttpClient(t.baseUrl, { 'x-forwarded-for': `198.51.100.${nextAddress++}` });

/** `count` failed sign-ins on `email`, each from an address of its own, written as the throttle writes them. */
async function failedFromElsewhere(email: string, count: number): Promise<void> {
  const rows = Array.from({ length: count }, () => ({ ipHash: `elsewhere-${unique()}`, email, createdAt: new Date() }));
  await t.app.services.ds.getRepository(LoginFailureEntity).insert(rows);
}

/** Failed sign-ins counted on `email` now. */
const failuresOn = (email: string) => t.app.services.ds.getRepository(LoginFailureEntity).countBy({ email });

const SIGN_IN_THROTTLED = /^Too many failed sign-in attempts\. Please try again in (\d+) minutes?\.$/;
const REGISTRATION_THROTTLED =
  /^Too many accounts were registered from your network\. Please try again in (\d+) minutes?\.$/;
const RESET_THROTTLED = /^Too many password reset requests\. Please try again in (\d+) minutes?\.$/;

describe('sign-in throttling', () => {
  it.each(TRANSPORTS)(
    `refuses an address after ${LIMITS.loginFailuresAllowed} failures with 429, even with the right password (%s)`,
    async (transport) => {
      const attacker = fromNewAddress();
      for (let i = 0; i < LIMITS.loginFailuresAllowed; i++) {
        const guess = await attacker.post('/api/login', { email: `${unique()}@example.com`, password: 'guess' });
        expect(guess.status).toBe(401);
      }
      const account = await makeAccount(t);
      const res = await attacker.post('/api/login', { email: account.email, password: PASSWORD });
      expect(res.status).toBe(429);
      expect(res.body.message).toMatch(SIGN_IN_THROTTLED);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
      const viaTrpc = await callProcedure(attacker, procedureAt('accounts.login'), transport, {
        email: account.email,
        password: PASSWORD,
      });
      expect([viaTrpc.status, viaTrpc.message]).toEqual([429, res.body.message]);
      // Somebody else, elsewhere, signs in as usual.
      expect((await fromNewAddress().post('/api/login', { email: account.email, password: PASSWORD })).status).toBe(
        200,
      );
    },
  );

  it('responds to a throttled known account and a throttled unknown address alike', async () => {
    const known = (await makeAccount(t)).email;
    const unknown = `${unique('ghost')}@example.com`;
    const responses: Record<'known' | 'unknown', unknown[]> = { known: [], unknown: [] };
    for (const [which, email] of [
      ['known', known],
      ['unknown', unknown],
    ] as const) {
      // An attacker spread over many addresses has taken the account past its backstop ...
      await failedFromElsewhere(email, SERVER_LIMITS.loginAccountFailuresBackstop);
      // ... so an address gets one guess on it, then is refused even with the right password.
      const guesser = fromNewAddress();
      const guess = await guesser.post('/api/login', { email, password: 'guess-1' });
      responses[which].push([guess.status, guess.body.message]);
      const blocked = await guesser.post('/api/login', { email, password: PASSWORD });
      responses[which].push([blocked.status, blocked.body.message, blocked.headers.has('retry-after')]);
    }
    expect(responses.known).toEqual(responses.unknown);
    expect(responses.known).toEqual([
      [401, 'Invalid email or password'],
      [429, expect.stringMatching(SIGN_IN_THROTTLED), true],
    ]);
    // The account is slowed, not locked: its owner, at an address of their own, signs in.
    expect((await fromNewAddress().post('/api/login', { email: known, password: PASSWORD })).status).toBe(200);
  });

  it('lets the owner sign in from their own address after 50 failures spread over many addresses', async () => {
    const account = await makeAccount(t);
    const guesses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        fromNewAddress().post('/api/login', { email: account.email, password: `spread-${i}` }),
      ),
    );
    expect(guesses.map((g) => g.status)).toEqual(Array(50).fill(401));
    const owner = fromNewAddress();
    expect((await owner.post('/api/login', { email: account.email, password: PASSWORD })).status).toBe(200);
    expect((await owner.get('/api/user')).body.id).toBe(account.id);
  });

  it.each(TRANSPORTS)(
    `evaluates at most ${LIMITS.loginFailuresAllowed} of 30 guesses sent at once from one address (%s)`,
    async (transport) => {
      const account = await makeAccount(t);
      const attacker = fromNewAddress();
      const burst = [
        ...Array.from({ length: 30 }, (_, i) => `burst-${i}`),
        PASSWORD, // sent last, but nothing orders a burst
      ].map((password) =>
        callProcedure(attacker, procedureAt('accounts.login'), transport, { email: account.email, password }),
      );
      const responses = await Promise.all(burst);
      const evaluated = responses.filter((a) => a.status !== 429);
      expect(evaluated.length).toBeLessThanOrEqual(LIMITS.loginFailuresAllowed);
      for (const a of responses) {
        if (a.status === 429) expect(a.message).toMatch(SIGN_IN_THROTTLED);
        else expect(a.status === 401 || a.data?.id === account.id).toBe(true);
      }
      expect(await failuresOn(account.email)).toBeLessThanOrEqual(LIMITS.loginFailuresAllowed);
    },
  );
});
describe('password change', () => {
  it('counts wrong current passwords as failed sign-ins, so a stolen session cannot guess the password', async () => {
    const thief = fromNewAddress();
    const account = await makeAccount(t);
    expect((await thief.post('/api/login', { email: account.email, password: PASSWORD })).status).toBe(200);
    for (let i = 0; i < LIMITS.loginFailuresAllowed; i++) {
      const guess = await thief.put('/api/profile/password', {
        currentPassword: `guess-${i}`,
        newPassword: 'stolen-pw-1',
      });
      expect([guess.status, guess.body.message]).toEqual([400, 'Current password is incorrect']);
    }
    const right = await thief.put('/api/profile/password', { currentPassword: PASSWORD, newPassword: 'stolen-pw-1' });
    expect([right.status, right.body.message]).toEqual([429, expect.stringMatching(SIGN_IN_THROTTLED)]);
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await verifyPassword((await storedUser(t, account.id)).passwordHash, PASSWORD)).toBe(true);
  });
});

describe('password change, guesses sent at once', () => {
  it(`evaluates at most ${LIMITS.loginFailuresAllowed} of 30 current passwords sent at once from a stolen session`, async () => {
    const account = await makeAccount(t);
    const thief = fromNewAddress();
    expect((await thief.post('/api/login', { email: account.email, password: PASSWORD })).status).toBe(200);
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        thief.put('/api/profile/password', { currentPassword: `guess-${i}`, newPassword: 'stolen-pw-1' }),
      ),
    );
    const evaluated = responses.filter((a) => a.status !== 429);
    expect(evaluated.length).toBeLessThanOrEqual(LIMITS.loginFailuresAllowed);
    for (const a of evaluated) expect([a.status, a.body.message]).toEqual([400, 'Current password is incorrect']);
    for (const a of responses.filter((a) => a.status === 429)) expect(a.body.message).toMatch(SIGN_IN_THROTTLED);
    expect(await failuresOn(account.email)).toBeLessThanOrEqual(LIMITS.loginFailuresAllowed);
    expect(await verifyPassword((await storedUser(t, account.id)).passwordHash, PASSWORD)).toBe(true);
  });
});

describe('password reset', () => {
  it.each(TRANSPORTS)(
    'responds to known and unknown e-mails alike, also past the 3 mails an hour (%s)',
    async (transport) => {
      const known = (await makeAccount(t)).email;
      const unknown = `${unique('ghost')}@example.com`;
      const request = (email: string) =>
        callProcedure(fromNewAddress(), procedureAt('accounts.requestPasswordReset'), transport, { email });
      const responses = { known: [] as unknown[], unknown: [] as unknown[] };
      for (let i = 0; i < 4; i++) {
        responses.known.push(await request(known));
        responses.unknown.push(await request(unknown));
      }
      expect(responses.known).toEqual(responses.unknown);
      expect(responses.known[0]).toEqual({
        status: 200,
        message: undefined,
        data: { ok: true, message: PASSWORD_RESET_REQUESTED_MESSAGE },
      });
      // Only the account gets mail, and at most three an hour.
      expect(t.mailer.sent.filter((m) => m.to === known)).toHaveLength(3);
      expect(t.mailer.sent.filter((m) => m.to === unknown)).toHaveLength(0);
    },
  );

  it(`mails an account at most ${SERVER_LIMITS.passwordResetMailsPerHour} times for 20 requests sent at once`, async () => {
    const account = await makeAccount(t);
    // Five addresses sending four each, all at once (the server takes no batches of mutations: each is a request).
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => fromNewAddress()).flatMap((browser) =>
        Array.from({ length: 4 }, () => browser.post('/api/password-reset/request', { email: account.email })),
      ),
    );
    // Every request gets the same response (nothing says which were mailed) ...
    expect(responses.map((a) => [a.status, a.body.message])).toEqual(
      Array(20).fill([200, PASSWORD_RESET_REQUESTED_MESSAGE]),
    );
    // ... and the inbox gets at most three, one for each link kept.
    const mails = t.mailer.sent.filter((m) => m.to === account.email);
    expect(mails.length).toBeLessThanOrEqual(SERVER_LIMITS.passwordResetMailsPerHour);
    const tokens = await t.app.services.ds.getRepository(PasswordResetTokenEntity).countBy({ userId: account.id });
    expect(tokens).toBe(mails.length);
  });

  it.each(TRANSPORTS)(
    `refuses an address past ${RESET_REQUESTS_PER_IP} requests an hour with 429, for any e-mail, and no mail (%s)`,
    async (transport) => {
      const known = (await makeAccount(t)).email;
      const browser = fromNewAddress();
      for (let i = 0; i < RESET_REQUESTS_PER_IP; i++) {
        const res = await browser.post('/api/password-reset/request', { email: `${unique('spray')}@example.com` });
        expect(res.status).toBe(200);
      }
      const mailsBefore = t.mailer.sent.length;
      const reset = procedureAt('accounts.requestPasswordReset');
      const refused = await callProcedure(browser, reset, transport, { email: known });
      const refusedGhost = await callProcedure(browser, reset, transport, { email: `${unique('ghost')}@example.com` });
      expect(refused).toEqual(refusedGhost);
      expect(refused.status).toBe(429);
      expect(refused.message).toMatch(RESET_THROTTLED);
      expect(Number(RESET_THROTTLED.exec(refused.message ?? '')?.[1])).toBe(RESET_REQUEST_WINDOW_MS / 60_000);
      expect(t.mailer.sent.length).toBe(mailsBefore);

      const rest = await browser.post('/api/password-reset/request', { email: known });
      expect([rest.status, rest.body.message]).toEqual([429, refused.message]);
      expect(Number(rest.headers.get('retry-after'))).toBeGreaterThan(RESET_REQUEST_WINDOW_MS / 1000 - 60);
      // Another address is not affected, and the account still gets its mail from there.
      expect((await fromNewAddress().post('/api/password-reset/request', { email: known })).status).toBe(200);
      expect(t.mailer.lastTo(known)).toBeDefined();
    },
  );

  it(`admits at most ${RESET_REQUESTS_PER_IP} of 25 requests sent at once from one address`, async () => {
    const browser = fromNewAddress();
    const responses = await Promise.all(
      Array.from({ length: 25 }, () =>
        browser.post('/api/password-reset/request', { email: `${unique('burst')}@example.com` }),
      ),
    );
    expect(responses.filter((a) => a.status === 200).length).toBeLessThanOrEqual(RESET_REQUESTS_PER_IP);
    for (const a of responses.filter((a) => a.status !== 200)) {
      expect([a.status, a.body.message]).toEqual([429, expect.stringMatching(RESET_THROTTLED)]);
    }
  });

  it('counts one IPv6 /64 as one address', async () => {
    const prefix = `2001:db8:${nextAddress++}:1`;
    for (let i = 0; i < RESET_REQUESTS_PER_IP; i++) {
      const host = new HttpClient(t.baseUrl, { 'x-forwarded-for': `${prefix}::${i + 1}` });
      expect((await host.post('/api/password-reset/request', { email: `${unique()}@example.com` })).status).toBe(200);
    }
    const neighbour = new HttpClient(t.baseUrl, { 'x-forwarded-for': `${prefix}::ffff` });
    expect((await neighbour.post('/api/password-reset/request', { email: `${unique()}@example.com` })).status).toBe(
      429,
    );
  });

  it('holds across app servers sharing the database', async () => {
    // A second server on the same database, as behind a load balancer.
    const second: FastifyInstance = await buildApp(t.config, { mailer: new RecordingMailer() });
    await second.listen({ port: 0, host: '127.0.0.1' });
    try {
      const address = second.server.address();
      const secondUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      const ip = { 'x-forwarded-for': `203.0.113.${nextAddress++}` };
      const servers = [new HttpClient(t.baseUrl, ip), new HttpClient(secondUrl, ip)] as const;
      for (let i = 0; i < RESET_REQUESTS_PER_IP; i++) {
        const res = await servers[i % 2 === 0 ? 0 : 1].post('/api/password-reset/request', {
          email: `${unique()}@example.com`,
        });
        expect(res.status).toBe(200);
      }
      for (const server of servers) {
        const res = await server.post('/api/password-reset/request', { email: `${unique()}@example.com` });
        expect([res.status, res.body.message]).toEqual([429, expect.stringMatching(RESET_THROTTLED)]);
      }
    } finally {
      await second.close();
    }
  });

  it('frees a place when the oldest request leaves the hour, and refused requests do not push that back', async () => {
    let now = new Date('2030-01-01T12:00:00.000Z');
    const throttle = new PasswordResetThrottle(t.app.services.ds, () => now);
    const ipHash = `clock-${unique()}`;
    for (let i = 0; i < RESET_REQUESTS_PER_IP; i++) {
      await throttle.admit(ipHash);
      now = new Date(now.getTime() + 60_000);
    }
    // One minute after the last allowed one: refused, free again when the first is an hour old.
    await expect(throttle.admit(ipHash)).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      details: { retryAfterSeconds: 60 * 60 - RESET_REQUESTS_PER_IP * 60 },
    });
    now = new Date('2030-01-01T13:00:00.001Z');
    await expect(throttle.admit(ipHash)).resolves.toBeUndefined();
    await expect(throttle.admit(ipHash)).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
  });
});

describe('registration', () => {
  const newUser = () => {
    const name = unique('reg');
    return { email: `${name}@example.com`, username: name, password: 'hunter22' };
  };
  const accountsNamed = (emails: string[]) =>
    t.app.services.ds.getRepository(UserEntity).countBy({ email: In(emails) });

  it.each(TRANSPORTS)(
    `refuses an address past ${SERVER_LIMITS.registrationsPerAddress} registrations an hour with 429, creating nothing (%s)`,
    async (transport) => {
      const browser = fromNewAddress();
      const register = (user: ReturnType<typeof newUser>) =>
        callProcedure(browser, procedureAt('accounts.register'), transport, user);
      for (let i = 0; i < SERVER_LIMITS.registrationsPerAddress; i++) {
        expect((await register(newUser())).status).toBe(transport === 'rest' ? 201 : 200);
      }
      const refused = newUser();
      const response = await register(refused);
      expect(response.status).toBe(429);
      expect(response.message).toMatch(REGISTRATION_THROTTLED);
      expect(Number(REGISTRATION_THROTTLED.exec(response.message ?? '')?.[1])).toBe(
        SERVER_LIMITS.registrationWindowMs / 60_000,
      );
      const rest = await browser.post('/api/register', newUser());
      expect([rest.status, rest.body.message]).toEqual([429, response.message]);
      expect(Number(rest.headers.get('retry-after'))).toBeGreaterThan(SERVER_LIMITS.registrationWindowMs / 1000 - 60);
      expect(await accountsNamed([refused.email])).toBe(0);
      // Somebody else, elsewhere, registers as usual.
      expect((await fromNewAddress().post('/api/register', newUser())).status).toBe(201);
    },
  );

  it(`creates at most ${SERVER_LIMITS.registrationsPerAddress} of 20 accounts sent at once from one address`, async () => {
    const users = Array.from({ length: 20 }, newUser);
    const browser = fromNewAddress();
    const responses = await Promise.all(users.map((user) => browser.post('/api/register', user)));
    const created = responses.filter((a) => a.status === 201);
    expect(created.length).toBeLessThanOrEqual(SERVER_LIMITS.registrationsPerAddress);
    for (const a of responses.filter((a) => a.status !== 201)) {
      expect([a.status, a.body.message]).toEqual([429, expect.stringMatching(REGISTRATION_THROTTLED)]);
      expect(Number(a.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(await accountsNamed(users.map((u) => u.email))).toBe(created.length);
  });

  it('counts registrations with a taken e-mail, so an address can test only a few e-mails an hour', async () => {
    const known = (await makeAccount(t)).email;
    const prober = fromNewAddress();
    for (let i = 0; i < SERVER_LIMITS.registrationsPerAddress; i++) {
      const taken = await prober.post('/api/register', { ...newUser(), email: known });
      expect([taken.status, taken.body.message]).toEqual([409, 'An account with this email already exists.']);
    }
    const responses = [];
    for (const email of [known, `${unique('ghost')}@example.com`]) {
      const res = await prober.post('/api/register', { ...newUser(), email });
      responses.push([res.status, res.body.message]);
    }
    expect(responses[0]).toEqual(responses[1]);
    expect(responses[0]).toEqual([429, expect.stringMatching(REGISTRATION_THROTTLED)]);
  });
});

describe('behind the proxy (TRUST_PROXY)', () => {
  it('counts the address the proxy added, not the ones a client writes in front of it', async () => {
    const real = `198.51.100.${nextAddress++}`;
    // Each request claims a new address of its own before the one the proxy appends.
    const claiming = (i: number) => new HttpClient(t.baseUrl, { 'x-forwarded-for': `10.0.${i}.1, ${real}` });
    for (let i = 0; i < RESET_REQUESTS_PER_IP; i++) {
      expect((await claiming(i).post('/api/password-reset/request', { email: `${unique()}@example.com` })).status).toBe(
        200,
      );
    }
    const reset = await claiming(99).post('/api/password-reset/request', { email: `${unique()}@example.com` });
    expect([reset.status, reset.body.message]).toEqual([429, expect.stringMatching(RESET_THROTTLED)]);

    for (let i = 0; i < LIMITS.loginFailuresAllowed; i++) {
      expect((await claiming(i).post('/api/login', { email: `${unique()}@example.com`, password: 'x' })).status).toBe(
        401,
      );
    }
    const login = await claiming(99).post('/api/login', { email: `${unique()}@example.com`, password: 'x' });
    expect([login.status, login.body.message]).toEqual([429, expect.stringMatching(SIGN_IN_THROTTLED)]);
  });
});
