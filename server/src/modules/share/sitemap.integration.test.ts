import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, unique } from '../../../test/app';
import { makeCar } from '../../../test/showcase-fixtures';

// What a crawler reads: the sitemap of the public pages and every car page, and robots.txt naming it.

let t: TestApp;
const tag = unique('sitemap');

beforeAll(async () => {
  t = await startTestApp({ PUBLIC_URL: 'https://curbside.example' });
});
afterAll(async () => {
  await t?.close();
});

describe('GET /sitemap.xml', () => {
  it('lists the public pages and each car page with the day it last changed', async () => {
    const car = await makeCar(t.app.services.ds, { make: `Datsun${tag}`, model: '240Z & Co' });
    const res = await fetch(`${t.baseUrl}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = await res.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org/);
    for (const page of ['/', '/gallery', '/leaderboard', '/events', '/merch']) {
      expect(xml).toContain(`<url><loc>https://curbside.example${page}</loc></url>`);
    }
    const day = car.updatedAt.toISOString().slice(0, 10);
    expect(xml).toContain(`<url><loc>https://curbside.example/cars/${car.slug}</loc><lastmod>${day}</lastmod></url>`);
    expect(xml).not.toContain('/admin');
    expect(xml.trimEnd().endsWith('</urlset>')).toBe(true);
  });

  it('escapes what XML would misread in an address', async () => {
    const car = await makeCar(t.app.services.ds, { make: `Alfa${tag}`, model: 'Giulia' });
    await t.app.services.ds.query('UPDATE cars SET slug = ? WHERE id = ?', [`${car.slug}-r&d`, car.id]);
    const xml = await (await fetch(`${t.baseUrl}/sitemap.xml`)).text();
    expect(xml).toContain(`/cars/${car.slug}-r%26d</loc>`);
  });
});

describe('GET /robots.txt', () => {
  it('keeps crawlers out of private pages and names the sitemap at the public address', async () => {
    const res = await fetch(`${t.baseUrl}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toContain('User-agent: *');
    for (const path of ['/admin', '/cart', '/checkout', '/user/']) expect(text).toContain(`Disallow: ${path}\n`);
    expect(text).toContain('Sitemap: https://curbside.example/sitemap.xml\n');
  });
});
