import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CartItemEntity } from '../../src/modules/cart/cart-item.entity';
import { makeProduct } from '../../src/modules/checkout/shop-test-fixtures';
import { startTestApp, type TestApp } from '../app';
import { HttpClient } from '../http';
import { listProcedures } from '../procedures';
import { makeCar } from '../showcase-fixtures';
import { type Account, signedIn } from './fixtures';

// Other origins (docs/decisions.md, "Cross-origin reads"): a third-party web app may read the public data (cars,
// leaderboard, events, merch, settings) from its visitors' browsers, without credentials; it may not read anything
// personal nor write anything. A script's API token is not ambient, so it passes the cross-site check that keeps
// another site's forms and the victim's cookie out.

const APP = 'https://meets.example';
let t: TestApp;
let user: Account;
let carSlug: string;

beforeAll(async () => {
  t = await startTestApp();
  user = await signedIn(t);
  carSlug = (await makeCar(t.app.services.ds, { ownerId: user.row.id })).slug;
});
afterAll(async () => {
  await t?.close();
});

const fromApp = () =>
  new HttpClient(t.baseUrl, { origin: APP, 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'cors' });

/** Every documented GET that needs no credentials, as the OpenAPI document lists it. */
const PUBLIC_READS = listProcedures().flatMap(({ rest }) =>
  rest?.method === 'GET' && rest.procedure.meta?.openapi?.protect === false ? [rest.url] : [],
);

describe('public reads from another origin', () => {
  it('are the cars, leaderboard, events, merch and settings (and the other public GETs)', () => {
    expect(PUBLIC_READS).toEqual(
      expect.arrayContaining([
        '/api/cars',
        '/api/cars/top',
        '/api/cars/:slug',
        '/api/events/upcoming',
        '/api/merch',
        '/api/site-settings',
      ]),
    );
  });

  it('respond with Access-Control-Allow-Origin: * and never allow credentials', async () => {
    const paths = ['/api/cars', '/api/cars/top?period=month', `/api/cars/${carSlug}`, '/api/events/upcoming'];
    paths.push('/api/merch', '/api/site-settings', '/api/stats');
    const responses = [];
    for (const path of paths) {
      const res = await fromApp().get(path);
      responses.push([path, res.status, res.headers.get('access-control-allow-origin')]);
      expect(res.headers.get('access-control-allow-credentials'), path).toBeNull();
    }
    expect(responses).toEqual(paths.map((path) => [path, 200, '*']));
    const head = await fromApp().request('HEAD', '/api/cars');
    expect([head.status, head.headers.get('access-control-allow-origin')]).toEqual([200, '*']);
    // A refusal is readable too, so the app can show its message.
    const missing = await fromApp().get('/api/cars/no-such-car');
    expect([missing.status, missing.headers.get('access-control-allow-origin')]).toEqual([404, '*']);
  });

  it.each(PUBLIC_READS)('OPTIONS %s: the preflight allows GET and HEAD only, for 24 hours', async (url) => {
    const res = await fromApp().request('OPTIONS', url.replace(/:\w+/g, 'x'), undefined, {
      'access-control-request-method': 'GET',
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-methods')).toBe('GET, HEAD');
    expect(res.headers.get('access-control-max-age')).toBe('86400');
    // No request header beyond the safelisted ones: an Authorization (or a JSON body) cannot come along.
    expect(res.headers.get('access-control-allow-headers')).toBeNull();
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
  });
});

describe('everything else, from another origin', () => {
  it('personal reads get no CORS headers: the app cannot read them, even when the browser sends the cookie', async () => {
    for (const path of ['/api/user', '/api/cart', '/api/tokens', '/api/user/orders', '/api/owner/cars']) {
      const browser = fromApp();
      browser.cookie = user.client.cookie;
      const res = await browser.get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('access-control-allow-origin'), path).toBeNull();
    }
  });

  it('a write has no preflight to pass: only GET and HEAD are allowed, or there is no response to OPTIONS', async () => {
    const writes = listProcedures().flatMap((p) => (p.rest && p.rest.method !== 'GET' ? [p.rest] : []));
    const preflights = [];
    for (const write of writes) {
      const res = await fromApp().request('OPTIONS', write.url.replace(/:\w+/g, '1'), undefined, {
        'access-control-request-method': write.method,
        'access-control-request-headers': 'content-type',
      });
      const methods = res.headers.get('access-control-allow-methods') ?? '';
      preflights.push(`${write.method} ${write.url}: ${methods.includes(write.method) ? 'allowed' : 'refused'}`);
    }
    expect(preflights.filter((p) => p.endsWith('allowed'))).toEqual([]);
  });
});

describe('an API token and the cross-site check', () => {
  it('a script sending its token from anywhere may write; the same request with the cookie is refused', async () => {
    const token = (await user.client.post('/api/tokens', { name: 'Cart bot', scope: 'write' })).body.token;
    const merch = await makeProduct(t.app.services.ds, { isMerch: true });
    const withToken = await new HttpClient(t.baseUrl, {
      origin: 'https://evil.example',
      'sec-fetch-site': 'cross-site',
      authorization: `Bearer ${token}`,
    }).post('/api/cart', { productId: merch.id });
    expect(withToken.status, withToken.body?.message).toBe(201);

    const browser = new HttpClient(t.baseUrl, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
    browser.cookie = user.client.cookie;
    const withCookie = await browser.post('/api/cart', { productId: merch.id });
    expect([withCookie.status, withCookie.body.message]).toEqual([403, 'Cross-site requests are not allowed.']);
    const lines = await t.app.services.ds.getRepository(CartItemEntity).findBy({ userId: user.row.id });
    expect(lines.map((line) => [line.productId, line.quantity])).toEqual([[merch.id, 1]]);
  });

  it('a wrong token sent cross-site is refused (401), never the cookie sent along', async () => {
    const browser = new HttpClient(t.baseUrl, {
      origin: 'https://evil.example',
      'sec-fetch-site': 'cross-site',
      authorization: 'Bearer cbs_not-a-token',
    });
    browser.cookie = user.client.cookie;
    const res = await browser.put('/api/profile', { bio: 'Hijacked' });
    expect(res.status).toBe(401);
    expect((await user.client.get('/api/user')).body.bio).toBe(user.row.bio);
  });
});
