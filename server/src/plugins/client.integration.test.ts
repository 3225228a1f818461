import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app';
import { HttpClient } from '../../test/http';
import { makeCar } from '../../test/showcase-fixtures';

// The head tags a page's HTML gets from the database (a car's preview tags, a photo to preload) are extras: when
// they cannot be read, the page is still served, as plain index.html, and the app in the browser takes over.

let t: TestApp;
let client: HttpClient;
const INDEX_HTML = '<html><head><title>Curbside</title></head><body><div id="root"></div></body></html>';

beforeAll(async () => {
  const clientDist = mkdtempSync(path.join(os.tmpdir(), 'curbside-client-'));
  writeFileSync(path.join(clientDist, 'index.html'), INDEX_HTML);
  t = await startTestApp({ CLIENT_DIST: clientDist, PUBLIC_URL: 'https://curbside.example' });
  client = new HttpClient(t.baseUrl);
});
afterAll(async () => {
  await t?.close();
});

describe('honest status codes for pages', () => {
  it("sends the app's pages with 200 and any other path with 404 and the not-found text", async () => {
    for (const page of ['/merch', '/user/orders', '/admin', '/leaderboard', '/gallery?category=JDM']) {
      const res = await client.get(page);
      expect(res.status, page).toBe(200);
      expect(res.text, page).toBe(INDEX_HTML);
    }
    for (const page of ['/no-such-page', '/merch/extra', '/user', '/sitemap']) {
      const res = await client.get(page);
      expect(res.status, page).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      expect(res.text).toContain('<h1>404 Page Not Found</h1>');
      expect(res.text).toContain('<a href="/">Back to Home</a>');
    }
  });

  it('sends the page of an unknown car with 404 and Car Not Found, a known car with 200', async () => {
    const car = await makeCar(t.app.services.ds, { make: 'Honda', model: 'S2000' });
    const known = await client.get(`/cars/${car.slug}`);
    expect(known.status).toBe(200);
    for (const page of ['/cars/no-such-car-here', '/gallery/no-such-car-here']) {
      const res = await client.get(page);
      expect(res.status, page).toBe(404);
      expect(res.text).toContain('<h1>Car Not Found</h1>');
      expect(res.text).toContain('<a href="/gallery">Back to Gallery</a>');
    }
  });
});

describe('page HTML when its head tags cannot be read', () => {
  it('serves the home page and a car page as plain index.html instead of a 500', async () => {
    const car = await makeCar(t.app.services.ds, { make: 'Datsun', model: '240Z' });
    // The tables the tags are read from go missing (as when the database fails mid-request).
    await t.app.services.ds.query('ALTER TABLE car_monthly_votes RENAME TO car_monthly_votes_gone');
    await t.app.services.ds.query('ALTER TABLE car_images RENAME TO car_images_gone');

    for (const page of ['/', `/cars/${car.slug}`]) {
      const res = await client.get(page);
      expect(res.status, page).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      expect(res.text).toBe(INDEX_HTML);
    }
  });
});
