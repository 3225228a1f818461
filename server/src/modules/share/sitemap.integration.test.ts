import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, unique } from '../../../test/app';
import { HttpClient } from '../../../test/http';
import { register } from '../../../test/register';
import { makeCar } from '../../../test/showcase-fixtures';
import { CarEntity } from '../cars/car.entity';
import { jpegBytes, uploadCarImage } from '../images/upload-test-helpers';

// What a crawler reads: the sitemap index, the public pages' sitemap and the car pages' sitemaps (one per range of car
// ids, each kept until its own cars change), and robots.txt naming the index.

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

const SITE = 'https://curbside.example';
const text = async (path: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${t.baseUrl}${path}`, { headers });
  return { res, xml: await res.text() };
};

/** The sitemap index's entries: each page's path and lastmod. */
async function indexEntries(): Promise<{ path: string; lastmod: string | null }[]> {
  const { xml } = await text('/sitemap.xml');
  return [...xml.matchAll(/<sitemap><loc>([^<]*)<\/loc>(?:<lastmod>([^<]*)<\/lastmod>)?<\/sitemap>/g)].map((m) => ({
    path: (m[1] as string).slice(SITE.length),
    lastmod: m[2] ?? null,
  }));
}

/** The car pages' addresses of a sitemap page. */
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1] as string);

// The documents exactly as the protocol shapes them (sitemaps.org 0.9): escaped absolute addresses, W3C dates.
const ESCAPED = '[^<>&"\']*(?:&(?:amp|lt|gt|quot|apos);[^<>&"\']*)*';
const HEAD = '<\\?xml version="1.0" encoding="UTF-8"\\?>\\n';
const NS = 'xmlns="http://www\\.sitemaps\\.org/schemas/sitemap/0\\.9"';
const URLSET = new RegExp(
  `^${HEAD}<urlset ${NS}>\\n(?:<url><loc>https://curbside\\.example/${ESCAPED}</loc>(?:<lastmod>\\d{4}-\\d{2}-\\d{2}</lastmod>)?</url>\\n)*</urlset>\\n$`,
);
const SITEMAPINDEX = new RegExp(
  `^${HEAD}<sitemapindex ${NS}>\\n(?:<sitemap><loc>https://curbside\\.example/sitemap-[a-z0-9-]+\\.xml</loc>(?:<lastmod>\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z</lastmod>)?</sitemap>\\n)+</sitemapindex>\\n$`,
);

describe('GET /sitemap.xml and its pages', () => {
  it('indexes the public pages and the car pages, each listing its cars with the day they last changed', async () => {
    const car = await makeCar(t.app.services.ds, { make: `Datsun${tag}`, model: '240Z & Co' });
    writtenElsewhere();
    const { res, xml } = await text('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    expect(xml).toMatch(SITEMAPINDEX);
    const entries = await indexEntries();
    expect(entries[0]).toEqual({ path: '/sitemap-pages.xml', lastmod: null });
    expect(entries[1]?.path).toBe('/sitemap-cars-1.xml');

    const pages = await text('/sitemap-pages.xml');
    expect(pages.res.status).toBe(200);
    expect(pages.xml).toMatch(URLSET);
    for (const page of ['/', '/gallery', '/leaderboard', '/hall-of-fame', '/events', '/merch']) {
      expect(pages.xml).toContain(`<url><loc>${SITE}${page}</loc></url>`);
    }
    const cars = await text('/sitemap-cars-1.xml');
    expect(cars.res.status).toBe(200);
    expect(cars.xml).toMatch(URLSET);
    const day = car.updatedAt.toISOString().slice(0, 10);
    expect(cars.xml).toContain(`<url><loc>${SITE}/cars/${car.slug}</loc><lastmod>${day}</lastmod></url>`);
    expect(cars.xml).not.toContain('/admin');
    // A page past the last car, or not a page at all, is not found.
    expect((await fetch(`${t.baseUrl}/sitemap-cars-999.xml`)).status).toBe(404);
    expect((await fetch(`${t.baseUrl}/sitemap-cars-0.xml`)).status).toBe(404);
    expect((await fetch(`${t.baseUrl}/sitemap-cars-x.xml`)).status).toBe(404);
  });

  it('escapes what XML would misread in an address', async () => {
    const car = await makeCar(t.app.services.ds, { make: `Alfa${tag}`, model: 'Giulia' });
    await t.app.services.ds.query('UPDATE cars SET slug = ? WHERE id = ?', [`${car.slug}-r&d`, car.id]);
    const { xml } = await text('/sitemap-cars-1.xml');
    expect(xml).toContain(`/cars/${car.slug}-r%26d</loc>`);
    expect(xml).toMatch(URLSET);
  });
});

describe('the sitemap kept between requests', () => {
  it('builds a page once for every crawler: the same bytes and ETag, 304 to a crawler that holds it', async () => {
    const builds = () => t.app.services.sitemap.builds.get(1) ?? 0;
    const { res: first, xml } = await text('/sitemap-cars-1.xml');
    const before = builds();
    const second = await text('/sitemap-cars-1.xml');
    expect(second.xml).toBe(xml);
    const etag = first.headers.get('etag') as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(second.res.headers.get('etag')).toBe(etag);
    expect(first.headers.get('cache-control')).toBe('public, max-age=3600');
    const revisit = await fetch(`${t.baseUrl}/sitemap-cars-1.xml`, { headers: { 'if-none-match': etag } });
    expect(revisit.status).toBe(304);
    expect(builds()).toBe(before);
  });

  it('builds a page not yet kept once for twenty crawlers asking at once (single flight)', async () => {
    const pages = t.app.services.sitemap;
    (pages as unknown as { kept: Map<number, unknown> }).kept.clear();
    const before = pages.builds.get(1) ?? 0;
    const answers = await Promise.all(Array.from({ length: 20 }, () => text('/sitemap-cars-1.xml')));
    expect(new Set(answers.map((a) => a.xml)).size).toBe(1);
    expect(answers.every((a) => a.res.status === 200)).toBe(true);
    expect((pages.builds.get(1) ?? 0) - before).toBe(1);
  });

  it('lists a car created through the app on the next request, and drops it once deleted', async () => {
    const listed = async () => {
      const entries = await indexEntries();
      const all = await Promise.all(entries.slice(1).map((e) => text(e.path)));
      return all.map((p) => p.xml).join('');
    };
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
    const page = `<loc>${SITE}/cars/${created.body.slug}</loc>`;
    // Not public until its first photo is stored; listed from then on.
    expect(await listed()).not.toContain(page);
    expect((await uploadCarImage(owner, created.body.id, await jpegBytes(), true)).status).toBe(201);
    expect(await listed()).toContain(page);

    const admin = new HttpClient(t.baseUrl);
    expect((await admin.post('/api/login', ADMIN)).status).toBe(200);
    expect((await admin.delete(`/api/cars/${created.body.id}`)).status).toBeLessThan(300);
    expect(await listed()).not.toContain(page);
  });
});

describe('a sitemap in pages', () => {
  const PAGE_SIZE = 200;

  it('lists every listed car exactly once across pages of at most the page size, and an edit rebuilds one page', async () => {
    const ds = t.app.services.ds;
    t.app.services.sitemap.pageSize = PAGE_SIZE;
    try {
      // Enough cars for several pages, one in seven unlisted (no photo yet).
      const rows = Array.from({ length: 700 }, (_, i) => ({
        slug: unique(`paged-${i}-`),
        make: 'Mazda',
        model: 'MX-5',
        year: 1990,
        category: 'JDM' as const,
        ownerName: 'Kim',
        legalAgreement: true,
        published: i % 7 !== 3,
      }));
      for (let i = 0; i < rows.length; i += 100) await ds.getRepository(CarEntity).insert(rows.slice(i, i + 100));
      // The car edited below last changed two days ago.
      const listedNow: { id: number }[] = await ds.query('SELECT id FROM cars WHERE published = 1 ORDER BY id');
      const edited = listedNow[Math.floor(listedNow.length / 2)] as { id: number };
      const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
      await ds.getRepository(CarEntity).update({ id: edited.id }, { updatedAt: twoDaysAgo });
      writtenElsewhere();

      const entries = await indexEntries();
      const carPages = entries.slice(1);
      const listedCars: { id: number; slug: string }[] = await ds.query(
        'SELECT id, slug FROM cars WHERE published = 1 ORDER BY id',
      );
      const maxId = Math.max(...listedCars.map((c) => c.id));
      // The index names each range of 200 ids that holds a listed car, and no other.
      const expectedPages = [...new Set(listedCars.map((c) => Math.floor((c.id - 1) / PAGE_SIZE) + 1))];
      expect(carPages.map((e) => e.path)).toEqual(expectedPages.map((n) => `/sitemap-cars-${n}.xml`));
      expect(carPages.length).toBeGreaterThanOrEqual(Math.floor(700 / PAGE_SIZE));
      expect(Math.ceil(maxId / PAGE_SIZE)).toBe(expectedPages.at(-1));
      for (const entry of carPages) expect(entry.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

      const pages = new Map<string, string>();
      for (const entry of carPages) {
        const { res, xml } = await text(entry.path);
        expect(res.status).toBe(200);
        expect(xml).toMatch(URLSET);
        expect(locs(xml).length).toBeLessThanOrEqual(PAGE_SIZE);
        pages.set(entry.path, xml);
      }
      const seen = [...pages.values()].flatMap(locs);
      const expected = listedCars.map((c) => `${SITE}/cars/${encodeURIComponent(c.slug)}`);
      expect(seen).toEqual(expected); // every listed car once, in id order
      const unlisted = rows.filter((r) => !r.published).map((r) => `${SITE}/cars/${r.slug}<`);
      for (const page of pages.values()) for (const slug of unlisted) expect(page).not.toContain(slug);

      // An edit to one car: its page is built again with the change and a later lastmod; the others stay as built.
      expect(pages.get(`/sitemap-cars-${Math.floor((edited.id - 1) / PAGE_SIZE) + 1}.xml`)).toContain(
        `<lastmod>${twoDaysAgo.toISOString().slice(0, 10)}</lastmod>`,
      );
      const editedPage = `/sitemap-cars-${Math.floor((edited.id - 1) / PAGE_SIZE) + 1}.xml`;
      const builds = () => new Map(t.app.services.sitemap.builds);
      const before = builds();
      const admin = new HttpClient(t.baseUrl);
      expect((await admin.post('/api/login', ADMIN)).status).toBe(200);
      const renamed = await admin.put(`/api/cars/${edited.id}`, { model: `MX-5 Miata ${tag}` });
      expect(renamed.status).toBe(200);
      const carLine = `${SITE}/cars/${encodeURIComponent(renamed.body.slug)}</loc><lastmod>${new Date().toISOString().slice(0, 10)}</lastmod>`;
      const after = await indexEntries();
      for (const entry of carPages) {
        const now = after.find((e) => e.path === entry.path);
        if (entry.path === editedPage) expect(now?.lastmod && now.lastmod > (entry.lastmod ?? '')).toBe(true);
        else expect(now).toEqual(entry);
      }
      for (const entry of carPages) {
        const { xml } = await text(entry.path);
        if (entry.path === editedPage) {
          expect(xml).not.toBe(pages.get(entry.path));
          expect(xml).toContain(carLine);
        } else {
          expect(xml).toBe(pages.get(entry.path));
        }
      }
      const rebuilt = builds();
      for (const entry of carPages) {
        const n = Number(entry.path.match(/\d+/)?.[0]);
        expect(rebuilt.get(n) ?? 0).toBe((before.get(n) ?? 0) + (entry.path === editedPage ? 1 : 0));
      }

      // A vote changes no page: nothing is built again, and the index is the same.
      const indexBefore = await indexEntries();
      const voted = listedCars[0] as { id: number };
      expect((await new HttpClient(t.baseUrl).post('/api/votes', { carId: voted.id })).status).toBe(201);
      writtenElsewhere();
      expect(await indexEntries()).toEqual(indexBefore);
      for (const entry of carPages) await text(entry.path);
      expect(builds()).toEqual(rebuilt);
    } finally {
      t.app.services.sitemap.pageSize = 50_000;
    }
  }, 120_000);
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
