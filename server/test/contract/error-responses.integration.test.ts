import { MESSAGES } from '@curbside/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAdminTestApp } from '../admin-session';
import type { TestApp } from '../app';
import { HttpClient } from '../http';

// One error shape and one code vocabulary on every /api path, whichever layer refuses the request (Fastify's
// parsers, the multipart plugin, the router, a procedure's schema, a service), and the headers HTTP asks for.

let t: TestApp;
let admin: HttpClient;
let user: HttpClient;
const JSON_TYPE = { 'content-type': 'application/json' };
const V = MESSAGES.validation;

beforeAll(async () => {
  ({ t, admin, user } = await startAdminTestApp());
});
afterAll(async () => {
  await t?.close();
});

/** Every error body: a human message and a code in tRPC's words, never Fastify's FST_… codes. */
function expectErrorShape(body: { message?: unknown; code?: unknown }) {
  expect(typeof body.message).toBe('string');
  expect(body.message).not.toMatch(/FST_|Invalid input: expected|Too big:|Too small:|Invalid ISO/);
  expect(body.code).toMatch(/^[A-Z_]+$/);
  expect(body.code).not.toMatch(/^FST_/);
}

describe('body-less writes sent with Content-Type: application/json and an empty body', () => {
  it('signs out with POST /api/logout and /api/logout/everywhere', async () => {
    const session = new HttpClient(t.baseUrl);
    const name = `empty${Date.now()}`;
    const registered = await session.post('/api/register', {
      username: name,
      email: `${name}@example.com`,
      password: 'secret-pass-1',
    });
    expect(registered.status).toBe(201);
    const everywhere = await session.request('POST', '/api/logout/everywhere', '', JSON_TYPE);
    expect(everywhere.status).toBe(200);
    expect((await session.get('/api/user')).status).toBe(401);
    const logout = await session.request('POST', '/api/logout', '', JSON_TYPE);
    expect(logout.status).toBe(200);
  });

  it('empties the cart with DELETE /api/cart and deletes an event with DELETE /api/events/{id}', async () => {
    const cleared = await user.request('DELETE', '/api/cart', '', JSON_TYPE);
    expect(cleared.status).toBe(200);
    const event = await admin.post('/api/events', {
      title: 'Empty body meet',
      description: 'A meet to delete',
      eventDate: '2031-06-01T18:00:00.000Z',
      location: 'Lot 4',
      imageUrl: 'https://example.com/meet.jpg',
    });
    expect(event.status).toBe(201);
    const deleted = await admin.request('DELETE', `/api/events/${event.body.id}`, '', JSON_TYPE);
    expect(deleted.status).toBe(204);
    const again = await admin.request('DELETE', `/api/events/${event.body.id}`, '', JSON_TYPE);
    expect(again.status).toBe(404);
  });

  it('refuses an edit sent without its body, or with null, though each of its fields is optional', async () => {
    const product = await admin.post('/api/products', {
      name: 'Body check',
      category: 'poster',
      price: 1500,
      stock: 3,
      sku: `BODY-${Date.now()}`,
    });
    expect(product.status).toBe(201);
    for (const body of ['', 'null']) {
      const res = await admin.request('PUT', `/api/products/${product.body.id}`, body, JSON_TYPE);
      expect([res.status, res.body.message]).toEqual([400, 'The request body must be a JSON object.']);
      expectErrorShape(res.body);
    }
    expect((await admin.put(`/api/products/${product.body.id}`, {})).status).toBe(200);
  });

  it('still names the missing fields of a write that needs a body', async () => {
    const res = await new HttpClient(t.baseUrl).request('POST', '/api/login', '', JSON_TYPE);
    expect(res.status).toBe(400);
    expectErrorShape(res.body);
    expect(res.body.issues.map((i: { path: string }) => i.path)).toEqual(expect.arrayContaining(['email']));
  });
});

describe('one code vocabulary', () => {
  it('responds to malformed JSON with PARSE_ERROR and a human message', async () => {
    const res = await new HttpClient(t.baseUrl).request('POST', '/api/login', '{"email": ', JSON_TYPE);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: MESSAGES.server.invalidJson, code: 'PARSE_ERROR' });
  });

  it('refuses a "__proto__" key saying so, not as malformed JSON, and signs nobody in', async () => {
    for (const body of [
      '{"__proto__":{"role":"admin"},"email":"a@b.co","password":"x"}',
      '{"constructor":{"prototype":{"role":"admin"}}}',
    ]) {
      const res = await new HttpClient(t.baseUrl).request('POST', '/api/login', body, JSON_TYPE);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: MESSAGES.server.forbiddenJsonKey, code: 'BAD_REQUEST' });
    }
  });

  it('responds to a JSON body on an upload route with 415 UNSUPPORTED_MEDIA_TYPE, not 406', async () => {
    const res = await user.post('/api/profile/picture', { profilePicture: 'me.jpg' });
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ message: MESSAGES.server.sendMultipart, code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('responds to a form body on a JSON route with 415 and a body over the limit with 413', async () => {
    const form = await new HttpClient(t.baseUrl).request('POST', '/api/login', 'email=a', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(form.status).toBe(415);
    expect(form.body).toEqual({ message: MESSAGES.server.sendJson, code: 'UNSUPPORTED_MEDIA_TYPE' });
    const big = await new HttpClient(t.baseUrl).post('/api/login', {
      email: 'a@b.co',
      password: 'x'.repeat(1_100_000),
    });
    expect(big.status).toBe(413);
    expect(big.body).toEqual({ message: MESSAGES.server.requestTooLarge, code: 'PAYLOAD_TOO_LARGE' });
  });
});

describe('validation messages', () => {
  it('says a field is required, not "expected string, received undefined"', async () => {
    const res = await new HttpClient(t.baseUrl).post('/api/login', { email: 'someone@example.com' });
    expect(res.status).toBe(400);
    expect(res.body.issues).toContainEqual({ path: 'password', message: expect.any(String) });
    expectErrorShape(res.body);
    for (const issue of res.body.issues) expectErrorShape({ message: issue.message, code: 'BAD_REQUEST' });
  });

  it('says what the limit is when a number is too big', async () => {
    const res = await admin.get('/api/orders?limit=100000');
    expect(res.status).toBe(400);
    expectErrorShape(res.body);
    expect(res.body.issues[0]).toEqual({ path: 'limit', message: expect.stringMatching(/^Must be at most \d+$/) });
  });

  it('says which date format is expected', async () => {
    const res = await admin.post('/api/events', {
      title: 'Bad date',
      description: 'x',
      eventDate: 'next friday',
      location: 'Lot 4',
      imageUrl: 'https://example.com/meet.jpg',
    });
    expect(res.status).toBe(400);
    expectErrorShape(res.body);
    expect(res.body.issues.find((i: { path: string }) => i.path === 'eventDate')?.message).toMatch(/date/i);
  });

  it('keeps the texts a schema gives itself', async () => {
    const res = await new HttpClient(t.baseUrl).post('/api/login', { email: 'not-an-email', password: 'x' });
    expect(res.status).toBe(400);
    expect(res.body.issues[0]).toEqual({ path: 'email', message: V.email });
  });
});

describe('the headers HTTP asks for', () => {
  it('responds to a known path called with another method with 405 and Allow', async () => {
    const res = await new HttpClient(t.baseUrl).request('PATCH', '/api/cars/42');
    expect(res.status).toBe(405);
    // OPTIONS: the cross-origin preflight of a public read.
    expect(res.headers.get('allow')).toBe('DELETE, GET, HEAD, OPTIONS, PUT');
    expect(res.body).toEqual({
      message: MESSAGES.server.methodNotAllowed('PATCH', 'DELETE, GET, HEAD, OPTIONS, PUT'),
      code: 'METHOD_NOT_SUPPORTED',
    });
    const unknown = await new HttpClient(t.baseUrl).request('PATCH', '/api/no-such-thing');
    expect(unknown.status).toBe(404);
  });

  it('responds 405 whatever the request carries: a body without or with another Content-Type, any method', async () => {
    const anyone = new HttpClient(t.baseUrl);
    for (const method of ['PATCH', 'PURGE', 'PROPFIND']) {
      for (const headers of [{}, { 'content-type': '' }, { 'content-type': 'text/plain' }, JSON_TYPE]) {
        const res = await anyone.request(method, '/api/events', 'not json', headers);
        expect(res.status, `${method} ${JSON.stringify(headers)}`).toBe(405);
        expect(res.headers.get('allow')).toBe('GET, HEAD, POST');
      }
    }
    // An upload route takes POST only, whatever the body.
    const put = await user.request('PUT', '/api/images', '{"carId":1}', JSON_TYPE);
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('POST');
  });

  it('keeps fixed paths out of the id routes beside them', async () => {
    // /api/orders/{id} takes digits: /api/orders/bulk-status is not an order, and its Allow says what it takes.
    for (const method of ['GET', 'OPTIONS', 'PUT']) {
      const res = await admin.request(method, '/api/orders/bulk-status');
      expect(res.status, method).toBe(405);
      expect(res.headers.get('allow'), method).toBe('POST');
    }
    // A car's slug is no car id: its page is read by slug, changed by id.
    const bySlug = await admin.request('PUT', '/api/cars/some-car', { make: 'X' });
    expect(bySlug.status).toBe(405);
    expect(bySlug.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    expect((await admin.get('/api/orders/abc')).status).toBe(404);
    expect((await admin.get('/api/orders/999999')).body.message).toBe(MESSAGES.server.orderNotFound);
  });

  it('sends WWW-Authenticate with a 401, on /api and /trpc', async () => {
    const rest = await new HttpClient(t.baseUrl).get('/api/cart');
    expect(rest.status).toBe(401);
    expect(rest.headers.get('www-authenticate')).toMatch(/^Cookie realm="api"/);
    expectErrorShape(rest.body);
    const trpc = await new HttpClient(t.baseUrl).trpc('query', 'cart.list');
    expect(trpc.status).toBe(401);
    expect(trpc.headers.get('www-authenticate')).toMatch(/^Cookie realm="api"/);
  });

  it('keeps personal responses out of every cache, and public reads cacheable', async () => {
    for (const path of ['/api/user', '/api/cart', '/api/user/orders', '/api/owner/cars']) {
      const res = await user.get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe('no-store');
    }
    const signedOut = await new HttpClient(t.baseUrl).get('/api/user');
    expect(signedOut.headers.get('cache-control')).toBe('no-store');
    const orders = await admin.get('/api/orders');
    expect(orders.headers.get('cache-control')).toBe('no-store');
    const cars = await new HttpClient(t.baseUrl).get('/api/cars');
    expect(cars.status).toBe(200);
    expect(cars.headers.get('cache-control')).not.toBe('no-store');
  });
});
