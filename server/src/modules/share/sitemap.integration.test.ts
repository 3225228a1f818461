import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp, unique } from '../../../test/app';
import { HttpClient } from '../../../test/http';
import { register } from '../../../test/register';
import { makeCar } from '../../../test/showcase-fixtures';
import { jpegBytes, uploadCarImage } from '../images/upload-test-helpers';

// What a crawler reads: the sitemap of the public pages and every car page, and robots.txt naming it.

let t: TestApp;
const tag = unique('sitemap');

const ADMIN = { email: 'sitemap-admin@example.com', password: 'admin-password-1' };

beforeAll(async () => {
  t = await startTestApp({
    PUBLIC_URL: 'https://curbside.example',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  });
});
afterAll(async () => {
  await t?.close();
});

/** Cars written straight to the database, as another app server would: drop the sitemap this server keeps. */
const writtenElsewhere = () => t.app.services.readCache.clear();

describe('GET /sitemap.xml', () => {
  it('lists the public pages and each car page with the day it last changed', async () => {
    const car = await makeCar(t.app.services.ds, { make: `Datsun${tag}`, model: '240Z & Co' });
    writtenElsewhere();
    const res = await fetch(`${t.baseUrl}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = await res.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org/);
    for (const page of ['/', '/gallery', '/leaderboard', '/hall-of-fame', '/events', '/merch']) {
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
    writtenElsewhere();
    const xml = await (await fetch(`${t.baseUrl}/sitemap.xml`)).text();
    expect(xml).toContain(`/cars/${car.slug}-r%26d</loc>`);
  });
});

describe('the sitemap kept between requests', () => {
  it('is built once for every crawler: the same bytes and ETag, without reading the cars again', async () => {
    writtenElsewhere();
    const read = vi.spyOn(t.app.services.share, 'sitemapCars');
    try {
      const first = await fetch(`${t.baseUrl}/sitemap.xml`);
      const xml = await first.text();
      const second = await fetch(`${t.baseUrl}/sitemap.xml`);
      expect(await second.text()).toBe(xml);
      const etag = first.headers.get('etag') as string;
      expect(etag).toMatch(/^"[\w-]+"$/);
      expect(first.headers.get('cache-control')).toBe('public, max-age=3600');
      expect(first.headers.get('content-type')).toMatch(/^application\/xml/);
      const revisit = await fetch(`${t.baseUrl}/sitemap.xml`, { headers: { 'if-none-match': etag } });
      expect(revisit.status).toBe(304);
      expect(read).toHaveBeenCalledTimes(1);
    } finally {
      read.mockRestore();
    }
  });

  it('lists a car created through the app on the next request, and drops it once deleted', async () => {
    const xmlNow = async () => (await fetch(`${t.baseUrl}/sitemap.xml`)).text();
    await xmlNow(); // kept from here on
    const owner = new HttpClient(t.baseUrl);
    const name = unique('mapper');
    const account = { email: `${name}@example.com`, username: name, password: 'owner-password-1' };
    await register(t, owner, account);
    const created = await owner.post('/api/cars', {
      make: 'Honda',
      model: `S2000 ${tag}`,
      year: 2001,
      ownerName: 'Pat',
      category: 'JDM',
      story: 'Revs to nine thousand.',
      legalAgreement: true,
    });
    expect(created.status).toBe(201);
    const page = `<loc>https://curbside.example/cars/${created.body.slug}</loc>`;
    // Not public until its first photo is stored; listed from then on.
    expect(await xmlNow()).not.toContain(page);
    expect((await uploadCarImage(owner, created.body.id, await jpegBytes(), true)).status).toBe(201);
    expect(await xmlNow()).toContain(page);

    const admin = new HttpClient(t.baseUrl);
    expect((await admin.post('/api/login', ADMIN)).status).toBe(200);
    expect((await admin.delete(`/api/cars/${created.body.id}`)).status).toBeLessThan(300);
    expect(await xmlNow()).not.toContain(page);
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
