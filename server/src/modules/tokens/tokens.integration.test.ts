import { createHash } from 'node:crypto';
import { apiTokenSchema, createdApiTokenSchema, LIMITS, MESSAGES, SERVER_LIMITS } from '@curbside/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { PASSWORD, signedIn } from '../../../test/hardening/fixtures';
import { HttpClient } from '../../../test/http';
import { LoginFailureEntity } from '../accounts/login-failure.entity';
import { UserEntity } from '../accounts/user.entity';
import { CartItemEntity } from '../cart/cart-item.entity';
import { makeProduct } from '../checkout/shop-test-fixtures';
import { jpegBytes, multipartPost } from '../images/upload-test-helpers';
import { ApiTokenEntity } from './api-token.entity';

// Personal API tokens end to end over HTTP: made from a signed-in browser, used by a script as a Bearer token on
// /api and /trpc, bounded by their scope, revoked at once, throttled like a sign-in when wrong.

const S = MESSAGES.server;
let t: TestApp;
beforeAll(async () => {
  // TRUST_PROXY lets the throttle test speak from addresses of its own, so it blocks nobody else in this file.
  t = await startTestApp({ TRUST_PROXY: 'true' });
});
afterAll(async () => {
  await t?.close();
});

/** A token made over the browser's session (POST /api/tokens); its secret. */
async function createToken(browser: HttpClient, scope: 'read' | 'write' | 'admin', name = `Script ${scope}`) {
  const res = await browser.post('/api/tokens', { name, scope });
  expect(res.status, res.body?.message).toBe(201);
  return createdApiTokenSchema.parse(res.body);
}

let nextAddress = 1;
/** A script (no cookie) sending this token, from an address no other test uses. */
const script = (token: string) =>
  new HttpClient(t.baseUrl, { authorization: `Bearer ${token}`, 'x-forwarded-for': `203.0.113.${nextAddress++}` });

/** A multipart upload sent with this token. */
const uploadWith = async (token: string, path: string, field: string) =>
  multipartPost(
    new HttpClient(t.baseUrl),
    path,
    {},
    { field, bytes: await jpegBytes(32, 32) },
    {
      authorization: `Bearer ${token}`,
    },
  );

const tokensOf = (userId: number) => t.app.services.ds.getRepository(ApiTokenEntity).findBy({ userId });

describe('a token, from creation to revocation', () => {
  it('is shown once, stored only as its hash, works over /api and /trpc, is listed without its secret, and stops at once when revoked', async () => {
    const { row, client: browser } = await signedIn(t);
    const created = await createToken(browser, 'write', 'Nightly export');
    expect(created.token).toMatch(/^cbs_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({ name: 'Nightly export', scope: 'write', hint: created.token.slice(0, 8) });
    expect(created.lastUsedAt).toBeNull();

    // The database holds the SHA-256, never the token.
    const [stored] = await tokensOf(row.id);
    expect(stored!.tokenHash).toBe(createHash('sha256').update(created.token).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(created.token.slice(8));

    const api = script(created.token);
    const me = await api.get('/api/user');
    expect([me.status, me.body.id]).toEqual([200, row.id]);
    expect(me.headers.get('set-cookie')).toBeNull();
    const viaTrpc = await api.trpc('query', 'accounts.current');
    expect([viaTrpc.status, viaTrpc.body.result?.data.id]).toEqual([200, row.id]);
    // A write: merchandise into the token owner's cart.
    const merch = await makeProduct(t.app.services.ds, { isMerch: true });
    const added = await api.post('/api/cart', { productId: merch.id, quantity: 2 });
    expect(added.status, added.body?.message).toBe(201);
    const cart = await t.app.services.ds.getRepository(CartItemEntity).findBy({ userId: row.id });
    expect(cart.map((line) => [line.productId, line.quantity])).toEqual([[merch.id, 2]]);

    const listed = await browser.get('/api/tokens');
    expect(listed.status).toBe(200);
    expect(listed.text).not.toContain(created.token);
    const [entry] = apiTokenSchema.strict().array().parse(listed.body);
    expect(entry).toMatchObject({ id: created.id, name: 'Nightly export', scope: 'write', hint: created.hint });
    expect(entry!.lastUsedAt).not.toBeNull();

    const revoked = await browser.delete(`/api/tokens/${created.id}`);
    expect(revoked.status).toBe(204);
    const refused = await api.get('/api/user');
    expect([refused.status, refused.body.message]).toEqual([401, S.apiTokenInvalid]);
    expect(refused.headers.get('www-authenticate')).toMatch(/^Bearer /);
    expect((await api.post('/api/cart', { productId: merch.id })).status).toBe(401);
    expect((await browser.get('/api/tokens')).body).toEqual([]);
  });

  it('speaks only for its owner: the cookie of another account sent along is not read', async () => {
    const owner = await signedIn(t);
    const other = await signedIn(t);
    const { token } = await createToken(owner.client, 'read');
    const both = script(token);
    both.cookie = other.client.cookie;
    expect((await both.get('/api/user')).body.id).toBe(owner.row.id);
  });

  it("a revoke of someone else's token is 404 and leaves it working", async () => {
    const owner = await signedIn(t);
    const other = await signedIn(t);
    const created = await createToken(owner.client, 'read');
    const res = await other.client.delete(`/api/tokens/${created.id}`);
    expect([res.status, res.body.message]).toEqual([404, S.apiTokenNotFound]);
    expect((await script(created.token).get('/api/user')).status).toBe(200);
  });

  it('stops working when its user is deleted', async () => {
    const { row, client } = await signedIn(t);
    const { token } = await createToken(client, 'write');
    await t.app.services.ds.getRepository(UserEntity).delete({ id: row.id });
    expect((await script(token).get('/api/user')).status).toBe(401);
  });
});

describe('scopes', () => {
  it('a read token reads, and every write is 403 (procedures and uploads), changing nothing', async () => {
    const { row, client } = await signedIn(t);
    const { token } = await createToken(client, 'read');
    const api = script(token);
    expect((await api.get('/api/cart')).status).toBe(200);
    const merch = await makeProduct(t.app.services.ds, { isMerch: true });
    const refused = [
      await api.post('/api/cart', { productId: merch.id }),
      await api.put('/api/profile', { bio: 'Written by a read token' }),
      await api.trpc('mutation', 'cart.add', { productId: merch.id }),
    ];
    const upload = await uploadWith(token, '/api/profile/picture', 'profilePicture');
    expect(refused.map((r) => r.status)).toEqual([403, 403, 403]);
    expect([upload.status, upload.body.message]).toEqual([403, S.apiTokenReadOnly]);
    expect(refused[0]!.body.message).toBe(S.apiTokenReadOnly);
    expect(await t.app.services.ds.getRepository(CartItemEntity).countBy({ userId: row.id })).toBe(0);
    const stored = await t.app.services.ds.getRepository(UserEntity).findOneByOrFail({ id: row.id });
    expect([stored.bio, stored.profilePicture]).toEqual([row.bio, null]);
  });

  it("an admin's write token is refused on admin routes (403); their admin token reaches them", async () => {
    const { client } = await signedIn(t, 'admin');
    const writeToken = (await createToken(client, 'write')).token;
    const orders = await script(writeToken).get('/api/orders');
    expect([orders.status, orders.body.message]).toEqual([403, S.apiTokenNotAdmin]);
    const upload = await uploadWith(writeToken, '/api/products/upload-image', 'image');
    expect([upload.status, upload.body.message]).toEqual([403, S.apiTokenNotAdmin]);
    const adminToken = script((await createToken(client, 'admin')).token);
    expect((await adminToken.get('/api/orders')).status).toBe(200);
    const created = await adminToken.post('/api/events', {
      title: 'Token Meet',
      description: 'Made by a script',
      eventDate: new Date(Date.now() + 86_400_000).toISOString(),
      location: 'Joliet, IL',
      imageUrl: 'https://example.com/meet.jpg',
    });
    expect(created.status, created.body?.message).toBe(201);
  });

  it('the admin scope is refused at creation for a non-admin, and nothing is stored', async () => {
    const { row, client } = await signedIn(t);
    const res = await client.post('/api/tokens', { name: 'Sneaky', scope: 'admin' });
    expect([res.status, res.body.message]).toEqual([403, S.apiTokenAdminScopeForAdmins]);
    expect(await tokensOf(row.id)).toEqual([]);
  });

  it('an admin token of a user who is no longer an admin is refused at once', async () => {
    const { row, client } = await signedIn(t, 'admin');
    const api = script((await createToken(client, 'admin')).token);
    expect((await api.get('/api/orders')).status).toBe(200);
    await t.app.services.ds.getRepository(UserEntity).update({ id: row.id }, { role: 'user' });
    const res = await api.get('/api/orders');
    expect([res.status, res.body.message]).toEqual([403, S.adminOnly]);
  });

  it('a token cannot make tokens: creation needs the browser session', async () => {
    const { row, client } = await signedIn(t);
    const api = script((await createToken(client, 'write')).token);
    const res = await api.post('/api/tokens', { name: 'Offspring', scope: 'write' });
    expect([res.status, res.body.message]).toEqual([403, S.apiTokenNeedsSession]);
    expect(await tokensOf(row.id)).toHaveLength(1);
  });

  it('refuses a missing name and an unknown scope with the field named', async () => {
    const { client } = await signedIn(t);
    const blank = await client.post('/api/tokens', { name: '  ', scope: 'read' });
    expect([blank.status, blank.body.message]).toEqual([400, `name: ${MESSAGES.validation.apiTokenNameRequired}`]);
    const scope = await client.post('/api/tokens', { name: 'CI', scope: 'root' });
    expect([scope.status, scope.body.message]).toEqual([400, `scope: ${MESSAGES.validation.apiTokenScope}`]);
  });

  it(`holds at most ${SERVER_LIMITS.apiTokensPerUser} tokens per user (409); revoking one makes room`, async () => {
    const { row, client } = await signedIn(t);
    const made = [];
    for (let i = 0; i < SERVER_LIMITS.apiTokensPerUser; i++) made.push(await createToken(client, 'read', `T${i}`));
    const over = await client.post('/api/tokens', { name: 'One too many', scope: 'read' });
    expect([over.status, over.body.message]).toEqual([409, S.apiTokensPerUserReached(SERVER_LIMITS.apiTokensPerUser)]);
    expect(await tokensOf(row.id)).toHaveLength(SERVER_LIMITS.apiTokensPerUser);
    expect((await client.delete(`/api/tokens/${made[0]!.id}`)).status).toBe(204);
    await createToken(client, 'read', 'Room again');
  });
});

describe('taking an account back (docs/decisions.md: tokens die with a reset)', () => {
  /** A write token and a read token of the account (its secrets), each working. */
  async function twoTokens(browser: HttpClient): Promise<[write: string, read: string]> {
    const tokens: [string, string] = [
      (await createToken(browser, 'write')).token,
      (await createToken(browser, 'read')).token,
    ];
    for (const token of tokens) expect((await script(token).get('/api/user')).status).toBe(200);
    return tokens;
  }

  it('a password reset revokes every API token of the account', async () => {
    const { row, client } = await signedIn(t);
    const tokens = await twoTokens(client);
    await new HttpClient(t.baseUrl).post('/api/password-reset/request', { email: row.email });
    const reset = await new HttpClient(t.baseUrl).post('/api/password-reset/confirm', {
      token: t.mailer.lastTokenTo(row.email),
      password: 'taken-back-password-1',
    });
    expect(reset.status).toBe(200);
    for (const token of tokens) expect((await script(token).get('/api/user')).status).toBe(401);
    expect(await tokensOf(row.id)).toEqual([]);
  });

  it('a password change revokes every API token, the one it was sent with included, and sets no cookie for it', async () => {
    const { row, client } = await signedIn(t);
    const [write, read] = await twoTokens(client);
    const changed = await script(write).put('/api/profile/password', {
      currentPassword: PASSWORD,
      newPassword: 'changed-by-script-1',
    });
    expect(changed.status, changed.body?.message).toBe(200);
    // A script's request never starts a browser session.
    expect(changed.headers.get('set-cookie')).toBeNull();
    for (const token of [write, read]) expect((await script(token).get('/api/user')).status).toBe(401);
    expect(await tokensOf(row.id)).toEqual([]);
  });

  it('a sign-in sent with a token sets no cookie either', async () => {
    const { row, client } = await signedIn(t);
    const [write] = await twoTokens(client);
    const res = await script(write).post('/api/login', { email: row.email, password: PASSWORD });
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it('sign out everywhere keeps the tokens unless asked to revoke them too', async () => {
    const kept = await signedIn(t);
    const keptTokens = await twoTokens(kept.client);
    expect((await kept.client.post('/api/logout/everywhere')).status).toBe(200);
    expect((await kept.client.get('/api/user')).status).toBe(401);
    for (const token of keptTokens) expect((await script(token).get('/api/user')).status).toBe(200);

    const revoked = await signedIn(t);
    const revokedTokens = await twoTokens(revoked.client);
    const res = await revoked.client.post('/api/logout/everywhere', { revokeTokens: true });
    expect(res.status).toBe(200);
    for (const token of revokedTokens) expect((await script(token).get('/api/user')).status).toBe(401);
    // The browser's tRPC call with the option does the same.
    const browser = await signedIn(t);
    const [token] = await twoTokens(browser.client);
    const viaTrpc = await browser.client.trpc('mutation', 'accounts.logoutEverywhere', { revokeTokens: true });
    expect(viaTrpc.status).toBe(200);
    expect((await script(token).get('/api/user')).status).toBe(401);
  });

  it("a write token cannot end its owner's browser sessions (403), over /api and /trpc", async () => {
    const { client } = await signedIn(t);
    const [write] = await twoTokens(client);
    const api = script(write);
    const rest = await api.post('/api/logout/everywhere', { revokeTokens: true });
    const trpc = await api.trpc('mutation', 'accounts.logoutEverywhere');
    expect([rest.status, rest.body.message]).toEqual([403, S.apiTokenCannotSignOut]);
    expect([trpc.status, trpc.body.error?.message]).toEqual([403, S.apiTokenCannotSignOut]);
    expect((await client.get('/api/user')).status).toBe(200);
    expect((await api.get('/api/user')).status).toBe(200);
  });
});

describe('wrong tokens', () => {
  it(`count as failed sign-ins of their address, and never lock out a right token or a read`, async () => {
    const { row, client } = await signedIn(t);
    const { token } = await createToken(client, 'write');
    const product = await makeProduct(t.app.services.ds, { isMerch: true, stock: 50 });
    const address = { 'x-forwarded-for': '198.51.100.77' };
    const bearing = (bearer: string) => new HttpClient(t.baseUrl, { ...address, authorization: `Bearer ${bearer}` });

    for (let i = 0; i < LIMITS.loginFailuresAllowed; i++) {
      expect((await bearing(`cbs_guess${i}`).get('/api/user')).status).toBe(401);
    }
    // Past the limit a wrong token's change gets 429, with the time to wait.
    const refused = await bearing('cbs_guess99').post('/api/cart', { productId: product.id, quantity: 1 });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Too many failed sign-in attempts\. Please try again in \d+ minutes?\.$/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // A read with a wrong token says what is wrong: 401, never 429, public or not.
    for (const path of ['/api/user', '/api/cars/top', '/api/cars?limit=1']) {
      const read = await bearing('cbs_guess100').get(path);
      expect([path, read.status, read.body.message]).toEqual([path, 401, S.apiTokenInvalid]);
    }
    // A right token from the same address is never refused for them, reading or writing.
    expect((await bearing(token).get('/api/user')).body.id).toBe(row.id);
    expect((await bearing(token).post('/api/cart', { productId: product.id, quantity: 1 })).status).toBe(201);
    // Guessing tokens costs the address its password sign-ins, as guessing passwords does.
    const signIn = await new HttpClient(t.baseUrl, address).post('/api/login', {
      email: row.email,
      password: 'x'.repeat(12),
    });
    expect(signIn.status).toBe(429);
  });

  it('a right token costs no throttle row', async () => {
    const { client } = await signedIn(t);
    const { token } = await createToken(client, 'read');
    const failures = t.app.services.ds.getRepository(LoginFailureEntity);
    const inserts = vi.spyOn(failures, 'insert');
    const deletes = vi.spyOn(failures, 'delete');
    try {
      const user = script(token);
      for (let i = 0; i < 3; i++) expect((await user.get('/api/user')).status).toBe(200);
      expect([inserts.mock.calls.length, deletes.mock.calls.length]).toEqual([0, 0]);
    } finally {
      inserts.mockRestore();
      deletes.mockRestore();
    }
  });

  it('a malformed Authorization: Bearer header is 401, never the cookie sent along', async () => {
    const { client } = await signedIn(t);
    const res = await client.get('/api/user', { authorization: 'Bearer', 'x-forwarded-for': '198.51.100.200' });
    expect([res.status, res.body.message]).toEqual([401, S.apiTokenInvalid]);
  });
});

describe('the OpenAPI document', () => {
  it('describes the token as a bearer security scheme, accepted wherever the session is', async () => {
    const doc = (await new HttpClient(t.baseUrl).get('/api/openapi.json')).body;
    expect(doc.components.securitySchemes.bearerToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/user'].get.security).toEqual(
      expect.arrayContaining([{ sessionCookie: [] }, { bearerToken: [] }]),
    );
    expect(doc.paths['/tokens'].post.responses['201']).toBeDefined();
  });
});
