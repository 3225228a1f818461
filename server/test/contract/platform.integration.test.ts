import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { LIMITS, siteSettingsSchema, subscribeOutputSchema } from '@curbside/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, unique } from '../app';
import { HttpClient } from '../http';

// What every /api and /trpc caller can rely on: the OpenAPI document, error responses, refusals of cross-site and
// malformed requests, and the production client served beside the API.

let t: TestApp;
let clientDist: string;
const BIG_SCRIPT = `${'console.log("a long line of the built client");\n'.repeat(200)}`;

beforeAll(async () => {
  clientDist = mkdtempSync(path.join(os.tmpdir(), 'curbside-dist-'));
  mkdirSync(path.join(clientDist, 'assets'));
  writeFileSync(path.join(clientDist, 'index.html'), '<!doctype html><title>Curbside</title><div id="root"></div>');
  writeFileSync(path.join(clientDist, 'assets', 'index-abc123.js'), 'console.log("hi")');
  // A built file with the Brotli copy the build writes beside it (client/scripts/precompress.mjs).
  writeFileSync(path.join(clientDist, 'assets', 'big-def456.js'), BIG_SCRIPT);
  writeFileSync(path.join(clientDist, 'assets', 'big-def456.js.br'), brotliCompressSync(BIG_SCRIPT));
  t = await startTestApp({ CLIENT_DIST: clientDist });
});
afterAll(async () => {
  await t?.close();
});

describe('the OpenAPI document', () => {
  it('lists the accounts, settings and newsletter paths with their methods and statuses', async () => {
    const res = await new HttpClient(t.baseUrl).get('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\.1/);
    const paths = res.body.paths as Record<string, Record<string, { responses: Record<string, unknown> }>>;
    expect(Object.keys(paths['/user'] ?? {})).toContain('get');
    for (const p of [
      '/login',
      '/logout',
      '/register',
      '/password-reset/request',
      '/password-reset/confirm',
      '/subscribe',
    ]) {
      expect(Object.keys(paths[p] ?? {}), p).toContain('post');
    }
    expect(Object.keys(paths['/site-settings'] ?? {}).sort()).toEqual(['get', 'put']);
    expect(Object.keys(paths['/register']?.post?.responses ?? {})).toContain('201');
  });

  it('offers an interactive reference at /api/docs', async () => {
    const res = await new HttpClient(t.baseUrl).get('/api/docs');
    expect(res.status).toBe(200);
    expect(res.text).toContain('swagger-ui');
    const bundle = await new HttpClient(t.baseUrl).get('/api/docs/assets/swagger-ui-bundle.js');
    expect(bundle.status).toBe(200);
  });
});

describe('error responses', () => {
  it('responds with 404 JSON for an unknown /api path', async () => {
    const res = await new HttpClient(t.baseUrl).get('/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Not found: GET /api/no-such-thing');
  });

  it('responds with 400 and a message for malformed JSON, and 415 for a body that is not JSON', async () => {
    const client = new HttpClient(t.baseUrl);
    const bad = await client.post('/api/login', '{"email": ', { 'content-type': 'application/json' });
    expect(bad.status).toBe(400);
    expect(typeof bad.body.message).toBe('string');
    const plain = await client.post('/api/login', 'email=a@b.c', { 'content-type': 'text/plain' });
    expect(plain.status).toBe(415);
    expect(plain.body.message).toMatch(/content type/i);
  });

  // Regression: Fastify's own response repeated the whole address in its message, 8 KB of it here.
  it('responds to a malformed %-escape or an over-long path parameter with a short message, not the address', async () => {
    const http = new HttpClient(t.baseUrl);
    const padding = 'a'.repeat(8_000);
    for (const path of [`/api/cars/%zz${padding}`, `/${padding}%E0%A4%A`]) {
      const res = await http.get(path);
      expect(res.status, path.slice(0, 20)).toBe(400);
      expect(res.body).toEqual({
        message: 'The address is not valid: it has a malformed %-escape.',
        code: 'BAD_REQUEST',
      });
    }
    const long = await http.get(`/api/cars/${padding}`);
    expect(long.status).toBe(414);
    expect(long.body).toEqual({ message: 'The address is too long.', code: 'URI_TOO_LONG' });
    expect(long.text.length).toBeLessThan(100);
  });

  it('responds with 413 for a body over the limit', async () => {
    const res = await new HttpClient(t.baseUrl).post('/api/login', {
      email: 'a@b.co',
      password: 'x'.repeat(2_000_000),
    });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('The request is too large.');
  });
});

describe('cross-site requests', () => {
  it('refuses a state-changing request whose Origin is another site, on /api and /trpc', async () => {
    const evil = new HttpClient(t.baseUrl, { origin: 'https://evil.example' });
    const rest = await evil.post('/api/register', {
      email: `${unique()}@example.com`,
      username: unique(),
      password: 'secret1',
    });
    expect(rest.status).toBe(403);
    expect(rest.body.message).toBe('Cross-site requests are not allowed.');
    const trpc = await evil.post('/trpc/accounts.logout', {});
    expect(trpc.status).toBe(403);
  });

  it('refuses what a browser marks cross-site, and a tRPC mutation sent as a form', async () => {
    const res = await new HttpClient(t.baseUrl, { 'sec-fetch-site': 'cross-site' }).post('/api/logout');
    expect(res.status).toBe(403);
    const form = await new HttpClient(t.baseUrl).post('/trpc/accounts.logout', '--x\r\n', {
      'content-type': 'multipart/form-data; boundary=x',
    });
    expect(form.status).toBe(415);
  });

  it('lets same-origin browser requests and non-browser tools through', async () => {
    const sameOrigin = new HttpClient(t.baseUrl, { origin: t.baseUrl, 'sec-fetch-site': 'same-origin' });
    expect((await sameOrigin.post('/api/logout')).status).toBe(200);
    expect((await new HttpClient(t.baseUrl).post('/api/logout')).status).toBe(200);
  });
});

describe('site settings and the newsletter', () => {
  it('serves the site settings publicly with the spec defaults, and keeps writes for admins', async () => {
    const anon = new HttpClient(t.baseUrl);
    const res = await anon.get('/api/site-settings');
    expect(res.status).toBe(200);
    expect(siteSettingsSchema.parse(res.body)).toEqual({
      maintenanceMode: false,
      comingSoonMode: false,
      maintenanceMessage: "We're currently performing maintenance. Please check back soon.",
      comingSoonMessage: 'Our website is launching soon! Stay tuned for updates.',
      launchDate: null,
    });
    const update = { ...res.body, maintenanceMode: true };
    expect((await anon.put('/api/site-settings', update)).status).toBe(401);

    const user = new HttpClient(t.baseUrl);
    await user.post('/api/register', { email: `${unique()}@example.com`, username: unique(), password: 'secret1' });
    const refused = await user.put('/api/site-settings', update);
    expect(refused.status).toBe(403);
    expect((await anon.get('/api/site-settings')).body.maintenanceMode).toBe(false);
  });

  it('subscribes an address once, and a repeat is a friendly success', async () => {
    const email = `${unique()}@example.com`;
    const client = new HttpClient(t.baseUrl);
    const first = await client.post('/api/subscribe', { email, source: 'footer' });
    expect(first.status).toBe(200);
    expect(subscribeOutputSchema.parse(first.body)).toEqual({
      ok: true,
      message: 'Thank you for subscribing to our newsletter.',
    });
    const again = await client.post('/api/subscribe', { email: email.toUpperCase(), source: 'footer' });
    expect(again.status).toBe(200);
    expect(again.body.ok).toBe(true);
    expect(again.body.message).toMatch(/already subscribed/);
    const bad = await client.post('/api/subscribe', { email: 'nope', source: 'footer' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^email: /);
  });
});

describe('the production client', () => {
  it('serves index.html for deep links, with no caching, and security headers', async () => {
    const res = await new HttpClient(t.baseUrl).get('/leaderboard');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(res.text).toContain('<div id="root">');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    // The vote and order confetti runs in a worker started from a blob: URL.
    expect(res.headers.get('content-security-policy')).toContain("worker-src 'self' blob:");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('gives JSON responses the API set of security headers, not the page policy', async () => {
    const http = new HttpClient(t.baseUrl);
    for (const path of ['/api/cars?limit=1', '/api/site-settings', '/api/user', '/trpc/cars.top?input=%7B%7D']) {
      const res = await http.get(path);
      expect(res.headers.get('content-type'), path).toMatch(/application\/json/);
      expect(res.headers.get('content-security-policy'), path).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('cross-origin-resource-policy'), path).toBe('same-origin');
    }
  });

  it('serves hashed assets with long-lived immutable caching', async () => {
    const res = await new HttpClient(t.baseUrl).get('/assets/index-abc123.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it("sends the build's Brotli copy of a file to a browser that accepts it, the plain file otherwise", async () => {
    const http = new HttpClient(t.baseUrl);
    const compressed = await http.get('/assets/big-def456.js', { 'accept-encoding': 'br, gzip' });
    expect(compressed.status).toBe(200);
    expect(compressed.headers.get('content-encoding')).toBe('br');
    expect(compressed.text).toBe(BIG_SCRIPT);
    const plain = await http.get('/assets/big-def456.js', { 'accept-encoding': 'identity' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.text).toBe(BIG_SCRIPT);
  });
});

describe('compression of API responses', () => {
  it('compresses a large JSON response for a client that accepts it, and leaves it plain for one that does not', async () => {
    const http = new HttpClient(t.baseUrl);
    const compressed = await http.get('/api/openapi.json', { 'accept-encoding': 'br, gzip' });
    expect(compressed.headers.get('content-encoding')).toBe('br');
    expect(compressed.body.openapi).toMatch(/^3\.1/);
    const gzip = await http.get('/api/openapi.json', { 'accept-encoding': 'gzip' });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    const plain = await http.get('/api/openapi.json', { 'accept-encoding': 'identity' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.body).toEqual(compressed.body);
  });

  it('leaves a small REST response alone, and compresses a large tRPC response', async () => {
    const http = new HttpClient(t.baseUrl);
    const settings = await http.get('/api/site-settings', { 'accept-encoding': 'br, gzip' });
    expect(settings.status).toBe(200);
    expect(settings.headers.get('content-encoding')).toBeNull();
    const small = await http.get('/trpc/settings.get');
    // The largest batch allowed: a response well over the 1 KB threshold.
    const batch = Array.from({ length: LIMITS.trpcBatchMax }, () => 'settings.get').join(',');
    const large = await http.get(`/trpc/${batch}?batch=1&input=%7B%7D`, { 'accept-encoding': 'br, gzip' });
    expect(large.status).toBe(200);
    expect(large.headers.get('content-encoding')).toBe('br');
    expect(large.body).toHaveLength(LIMITS.trpcBatchMax);
    expect(large.body.at(-1).result.data).toEqual(small.body.result.data);
  });
});
