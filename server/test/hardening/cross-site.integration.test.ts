import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CartItemEntity } from '../../src/modules/cart/cart-item.entity';
import { makeProduct } from '../../src/modules/checkout/shop-test-fixtures';
import { startTestApp, type TestApp } from '../app';
import { HttpClient } from '../http';
import { listProcedures } from '../procedures';
import { makeCar, makeImage } from '../showcase-fixtures';
import { type Account, signedIn } from './fixtures';

// Cross-site requests: another site's HTML form can POST multipart/form-data, application/x-www-form-urlencoded or
// text/plain to any URL, and the victim's browser may attach their cookie. Every mutation (tRPC and REST, and the
// multipart uploads) is sent such forms in each encoding, also under %-escaped paths the router decodes
// (/%61pi/… is /api/…). The victim is an admin, the most valuable target. Everything must be refused, and the whole
// database must be exactly as it was.

let t: TestApp;
let victim: Account;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await startTestApp();
  victim = await signedIn(t, 'admin');
  const ds = t.app.services.ds;
  const car = await makeCar(ds, { ownerId: victim.row.id });
  const image = await makeImage(ds, car, { isPrimary: true });
  const product = await makeProduct(ds, { isMerch: true });
  const line = await ds
    .getRepository(CartItemEntity)
    .save({ userId: victim.row.id, productId: product.id, imageKey: 0, quantity: 1 });
  Object.assign(ids, { car: car.id, image: image.id, product: product.id, cartLine: line.id });
});
afterAll(async () => {
  await t?.close();
});

/** The victim's own rows in each REST path, so a request that got through would change something real. */
function fillPath(url: string): string {
  const id = (name: string) => String(ids[name] ?? 1);
  if (url.startsWith('/api/cart/')) return url.replace(':id', id('cartLine'));
  if (url.startsWith('/api/cars/')) return url.replace(/:(id|carId)\b/, id('car'));
  if (url.startsWith('/api/images/')) return url.replace(':id', id('image'));
  if (url.startsWith('/api/products/')) return url.replace(':id', id('product'));
  return url.replace(/:\w+/g, '1');
}

interface Target {
  method: string;
  url: string;
  /** A multipart upload route: it takes forms by design, so only the browser's cross-site marks can refuse it. */
  upload?: boolean;
}

const procedures = listProcedures();
const TARGETS: Target[] = [
  ...procedures.filter((p) => p.type === 'mutation').map((p) => ({ method: 'POST', url: `/trpc/${p.path}` })),
  ...procedures.flatMap((p) =>
    p.rest && p.rest.method !== 'GET' ? [{ method: p.rest.method, url: fillPath(p.rest.url) }] : [],
  ),
  ...['/api/images', '/api/profile/picture', '/api/products/upload-image', '/api/upload/advertisement'].map((url) => ({
    method: 'POST',
    url,
    upload: true,
  })),
];

const BOUNDARY = '----evil';
const FORMS: Record<string, string> = {
  [`multipart/form-data; boundary=${BOUNDARY}`]: [
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="make"\r\n\r\nHacked\r\n`,
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="image"; filename="x.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\xff\xd8\xff\r\n`,
    `--${BOUNDARY}--\r\n`,
  ].join(''),
  'application/x-www-form-urlencoded': 'make=Hacked&featured=true&quantity=99&maintenanceMode=true',
  // The classic trick: one text/plain field whose name and value together read as JSON.
  'text/plain': '{"make":"Hacked","featured":true,"maintenanceMode":true,"x":"="}',
};

/** The URL as written, and with its first letter %-escaped (the router decodes it to the same route). */
const spellings = (url: string) => [url, url.replace(/^\/(.)/, (_, c: string) => `/%${c.charCodeAt(0).toString(16)}`)];

/** What browsers send with a form posted from another site. */
const FROM_ANOTHER_SITE: Record<string, Record<string, string>> = {
  'another site': { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' },
  'a sibling subdomain': { origin: 'https://blog.curbside.example', 'sec-fetch-site': 'same-site' },
  'a sandboxed frame (Origin: null)': { origin: 'null' },
  'an older browser (Origin only)': { origin: 'https://evil.example' },
};

async function snapshot(): Promise<Record<string, unknown[]>> {
  const ds = t.app.services.ds;
  const tables = ds.entityMetadatas.map((m) => m.tableName).sort();
  const rows: Record<string, unknown[]> = {};
  for (const table of tables) rows[table] = await ds.query(`SELECT * FROM ${ds.driver.escape(table)}`);
  return rows;
}

describe('a cross-site form post to any mutation', () => {
  let before: Record<string, unknown[]>;
  beforeAll(async () => {
    before = await snapshot();
  });

  // Every attempt is sent before anything is asserted, so one that slipped through cannot hide the ones after it.
  it.each(TARGETS)('$method $url: refused (403) in every encoding when the browser marks it', async (target) => {
    const responses: string[] = [];
    for (const [from, headers] of Object.entries(FROM_ANOTHER_SITE)) {
      const browser = new HttpClient(t.baseUrl, headers);
      browser.cookie = victim.client.cookie;
      for (const url of spellings(target.url)) {
        // The forms, and a bodiless POST as sendBeacon or a no-cors fetch sends it.
        for (const [type, body] of [...Object.entries(FORMS), ['no body', undefined] as const]) {
          const contentType: Record<string, string> = body === undefined ? {} : { 'content-type': type };
          const res = await browser.request(target.method, url, body, contentType);
          responses.push(`${from}, ${url}, ${type}: ${res.status} ${res.body?.message}`);
        }
      }
    }
    expect(responses.filter((a) => !a.endsWith(': 403 Cross-site requests are not allowed.'))).toEqual([]);
  });

  it.each(TARGETS.filter((target) => !target.upload))(
    '$method $url: refused (415) in every encoding even when no Origin is sent',
    async (target) => {
      // Privacy tools can strip Origin and Sec-Fetch-*: then the body type alone must keep the form out.
      const stripped = new HttpClient(t.baseUrl);
      stripped.cookie = victim.client.cookie;
      const responses: string[] = [];
      for (const url of spellings(target.url)) {
        for (const [type, body] of Object.entries(FORMS)) {
          const res = await stripped.request(target.method, url, body, { 'content-type': type });
          responses.push(`${url}, ${type}: ${res.status} ${res.body?.message}`);
        }
      }
      expect(responses.filter((a) => !a.endsWith(': 415 Unsupported content type: send JSON.'))).toEqual([]);
    },
  );

  it('a link or an image (GET, which carries the cookie) runs no mutation: tRPC responds with 405', async () => {
    const browser = new HttpClient(t.baseUrl, FROM_ANOTHER_SITE['another site']);
    browser.cookie = victim.client.cookie;
    for (const target of TARGETS.filter((target) => !target.upload)) {
      const input = encodeURIComponent(JSON.stringify({ make: 'Hacked', featured: true }));
      const res = await browser.get(`${target.url}?input=${input}`);
      if (target.url.startsWith('/trpc/')) expect(res.status, target.url).toBe(405);
      else expect(res.status, target.url).toBeLessThan(500); // a 404, or the query that shares the path
    }
  });

  it('changed nothing: every table is as it was, and the victim is still signed in', async () => {
    expect(await snapshot()).toEqual(before);
    const me = await victim.client.get('/api/user');
    expect([me.status, me.body.id]).toEqual([200, victim.row.id]);
  });
});

describe('what is not cross-site', () => {
  it('same-origin browser requests and tools that send no Origin still work', async () => {
    const { client } = await signedIn(t);
    const sameOrigin = new HttpClient(t.baseUrl, { origin: t.baseUrl, 'sec-fetch-site': 'same-origin' });
    sameOrigin.cookie = client.cookie;
    expect((await sameOrigin.put('/api/profile', { bio: 'From the site itself' })).status).toBe(200);
    expect((await client.put('/api/profile', { bio: 'From a script' })).body.bio).toBe('From a script');
  });

  it("the payment provider's webhook is exempt: it carries its own signature, so it reaches its handler", async () => {
    const res = await new HttpClient(t.baseUrl, { origin: 'https://stripe.example' }).post('/api/webhooks/stripe', {});
    expect([res.status, res.body.message]).toEqual([404, 'Stripe is not configured']);
  });
});
