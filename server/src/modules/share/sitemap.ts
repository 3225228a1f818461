import type {} from '@fastify/compress'; // its route option `compress`
import type { FastifyInstance } from 'fastify';
import type { DataSource } from 'typeorm';
import { SITEMAP_TAG } from '../../cache-policies';
import { SITEMAP_BLOCK_SIZE } from '../../db/aggregate-triggers';
import { dialectOf } from '../../db/data-source';
import { readSqlDate } from '../../db/sql-dates';
import { sendCached } from '../../read-cache/http';
import { CacheEntry, type ReadCache } from '../../read-cache/read-cache';
import { carPageUrl } from './share.service';

// What crawlers read to find the community's cars. /sitemap.xml is a sitemap index: it names /sitemap-pages.xml (the
// public pages) and one /sitemap-cars-N.xml per range of SITEMAP_PAGE_SIZE car ids holding a listed car, each with
// the time its cars last changed (W3C Datetime to the millisecond, UTC). A page lists its listed cars' pages with the day each last changed, read by keyset
// (an id range, in id order), so page N costs what page 1 costs. /robots.txt keeps crawlers out of private pages and
// names the index. All are written by the server because they hold the site's public address (PUBLIC_URL).

/** The public pages besides the car pages (the routes of client/src/routes.tsx a visitor can open signed out). */
const PUBLIC_PAGES = ['/', '/gallery', '/leaderboard', '/hall-of-fame', '/events', '/merch', '/terms-of-service'];

/** Pages not worth indexing: accounts, checkout and the dashboard. */
const PRIVATE_PAGES = ['/admin', '/cart', '/checkout', '/order-success', '/user/', '/auth', '/reset-password'];

/** Car ids per sitemap page: a page lists at most this many addresses, the protocol's limit (sitemaps.org). */
export const SITEMAP_PAGE_SIZE = 50_000;
/** Cars read per query while a page is built. */
const READ_CHUNK = 5_000;
/** The built pages kept in memory, by their size; the least recently read go first. */
const KEPT_PAGE_BYTES = 24 * 1024 * 1024;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>';
const XMLNS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

const escapeXml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[ch] ?? ch,
  );

/** `day`: the UTC day a car last changed, 'YYYY-MM-DD' (read so by the database: no date object per car). */
function urlEntry(loc: string, day?: string): string {
  const lastmod = day ? `<lastmod>${day}</lastmod>` : '';
  return `<url><loc>${escapeXml(loc)}</loc>${lastmod}</url>`;
}

const urlset = (entries: string[]) => [XML_HEAD, `<urlset ${XMLNS}>`, ...entries, '</urlset>', ''].join('\n');

/** The address of car page `n` (1-based) of the sitemap. */
export const carsPagePath = (n: number) => `/sitemap-cars-${n}.xml`;
const STATIC_PAGE_PATH = '/sitemap-pages.xml';

interface KeptPage {
  /** The page's blocks' versions added up when it was built: any change to its cars makes it grow. */
  version: number;
  entry: CacheEntry;
}

/**
 * The sitemap's index and pages. A page is built once and kept; each request compares the page's version (the sum
 * of its blocks' versions in sitemap_blocks, which triggers on cars raise when a car of the block is listed,
 * unlisted, edited or deleted) with the kept one, so only the page holding a changed car is built again — also when
 * the change was made through another app server.
 */
export class SitemapPages {
  /** Car ids per page: SITEMAP_PAGE_SIZE; tests lower it (a whole number of SITEMAP_BLOCK_SIZE blocks). */
  pageSize = SITEMAP_PAGE_SIZE;
  /** Pages built, by number (tests read it). */
  readonly builds = new Map<number, number>();
  private readonly kept = new Map<number, KeptPage>();
  /** Pages being built, by page and version. */
  private readonly building = new Map<string, Promise<CacheEntry>>();
  private keptBytes = 0;

  constructor(private readonly deps: { ds: DataSource; publicUrl: string }) {}

  private get blocksPerPage(): number {
    if (this.pageSize % SITEMAP_BLOCK_SIZE !== 0 || this.pageSize > SITEMAP_PAGE_SIZE)
      throw new Error(`sitemap page size ${this.pageSize} is not a multiple of ${SITEMAP_BLOCK_SIZE} up to 50,000`);
    return this.pageSize / SITEMAP_BLOCK_SIZE;
  }

  /** The sitemap index: the public pages' sitemap, then each car page with a listed car, with its last change. */
  async index(): Promise<string> {
    const per = this.blocksPerPage;
    const page = dialectOf(this.deps.ds) === 'sqlite' ? `block / ${per}` : `block DIV ${per}`;
    const rows: { page: unknown; lastmod: Date | string | null }[] = await this.deps.ds.query(
      `SELECT ${page} AS page, MAX(lastmod) AS lastmod FROM sitemap_blocks
       GROUP BY ${page} HAVING SUM(cars) > 0 ORDER BY ${page}`,
    );
    const entry = (path: string, lastmod?: Date | string | null) =>
      `<sitemap><loc>${escapeXml(`${this.deps.publicUrl}${path}`)}</loc>${
        lastmod ? `<lastmod>${readSqlDate(lastmod).toISOString()}</lastmod>` : ''
      }</sitemap>`;
    return [
      XML_HEAD,
      `<sitemapindex ${XMLNS}>`,
      entry(STATIC_PAGE_PATH),
      ...rows.map((row) => entry(carsPagePath(Number(row.page) + 1), row.lastmod)),
      '</sitemapindex>',
      '',
    ].join('\n');
  }

  /** The public pages' sitemap. */
  staticPages(): string {
    return urlset(PUBLIC_PAGES.map((page) => urlEntry(`${this.deps.publicUrl}${page}`)));
  }

  /** Car page `n` (1-based) as kept or built now; null when it holds no listed car. */
  async carsPage(n: number): Promise<CacheEntry | null> {
    const per = this.blocksPerPage;
    const [state] = await this.deps.ds.query(
      `SELECT COALESCE(SUM(version), 0) AS version, COALESCE(SUM(cars), 0) AS cars FROM sitemap_blocks
       WHERE block >= ? AND block < ?`,
      [(n - 1) * per, n * per],
    );
    const version = Number(state?.version ?? 0);
    if (Number(state?.cars ?? 0) <= 0) return null;
    const kept = this.kept.get(n);
    if (kept && kept.version === version) {
      this.kept.delete(n); // most recently read last
      this.kept.set(n, kept);
      return kept.entry;
    }
    // Single flight: requests for a page being built wait for that build instead of starting their own.
    const key = `${n}:${version}`;
    let building = this.building.get(key);
    if (!building) {
      building = this.buildCarsPage(n)
        .then((xml) => {
          const entry = new CacheEntry(xml, [], Number.POSITIVE_INFINITY, xml.length);
          this.keep(n, { version, entry });
          return entry;
        })
        .finally(() => this.building.delete(key));
      this.building.set(key, building);
    }
    return building;
  }

  /** SQL for updatedAt's UTC day (stored in UTC by both databases). */
  private get day(): string {
    return dialectOf(this.deps.ds) === 'sqlite' ? 'substr(updatedAt, 1, 10)' : `DATE_FORMAT(updatedAt, '%Y-%m-%d')`;
  }

  private async buildCarsPage(n: number): Promise<string> {
    this.builds.set(n, (this.builds.get(n) ?? 0) + 1);
    const last = n * this.pageSize;
    const entries: string[] = [];
    // Keyset reads along the primary key: ids after the last one read, up to the page's end.
    let after = (n - 1) * this.pageSize;
    for (;;) {
      const cars: { id: number; slug: string; day: string }[] = await this.deps.ds.query(
        `SELECT id, slug, ${this.day} AS day FROM cars WHERE id > ? AND id <= ? AND published = 1 ORDER BY id LIMIT ${READ_CHUNK}`,
        [after, last],
      );
      for (const car of cars) entries.push(urlEntry(carPageUrl(this.deps.publicUrl, car.slug), car.day));
      if (cars.length < READ_CHUNK) break;
      after = Number(cars[cars.length - 1]?.id);
    }
    return urlset(entries);
  }

  private keep(n: number, page: KeptPage): void {
    const old = this.kept.get(n);
    if (old) this.keptBytes -= old.entry.size;
    this.kept.delete(n);
    this.kept.set(n, page);
    this.keptBytes += page.entry.size;
    for (const [key, value] of this.kept) {
      if (this.keptBytes <= KEPT_PAGE_BYTES || key === n) break;
      this.kept.delete(key);
      this.keptBytes -= value.entry.size;
    }
  }
}

export function robotsTxt(publicUrl: string): string {
  return [
    '# Curbside: everything public may be crawled; accounts, checkout and the dashboard are not worth indexing.',
    'User-agent: *',
    ...PRIVATE_PAGES.map((page) => `Disallow: ${page}`),
    'Allow: /',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

/** The sitemap index's key in the read cache (no procedure's: those are `path:input`). */
const SITEMAP_KEY = 'crawler:/sitemap.xml';
const XML = 'application/xml; charset=utf-8';
const CRAWLER_CACHE = 'public, max-age=3600';

/**
 * GET /sitemap.xml, /sitemap-pages.xml, /sitemap-cars-N.xml and /robots.txt. The index is a few rows of
 * sitemap_blocks, kept in the read cache with SITEMAP_TAG: a change of a listed car drops it (carMoved), a vote keeps
 * it, and it lives at most READ_CACHE_TTL_MS. The car pages are kept by SitemapPages, each until its own cars change.
 * Every answer carries an ETag and is compressed once.
 */
export function registerCrawlerRoutes(
  app: FastifyInstance,
  deps: { sitemap: SitemapPages; publicUrl: string; cache: ReadCache },
): void {
  // The kept bytes are compressed once by sendCached: the compression plugin stays off these routes.
  app.get('/sitemap.xml', { compress: false }, async (req, reply) => {
    const entry = await deps.cache.get(SITEMAP_KEY, async () => ({
      value: await deps.sitemap.index(),
      tags: [SITEMAP_TAG],
    }));
    return sendCached(req, reply, entry, 'xml', String, XML, CRAWLER_CACHE);
  });
  const staticPages = deps.sitemap.staticPages();
  const staticEntry = new CacheEntry(staticPages, [], Number.POSITIVE_INFINITY, staticPages.length);
  app.get(STATIC_PAGE_PATH, { compress: false }, async (req, reply) =>
    sendCached(req, reply, staticEntry, 'xml', String, XML, CRAWLER_CACHE),
  );
  app.get<{ Params: { n: string } }>('/sitemap-cars-:n.xml', { compress: false }, async (req, reply) => {
    const n = /^[1-9]\d{0,6}$/.test(req.params.n) ? Number(req.params.n) : 0;
    const entry = n > 0 ? await deps.sitemap.carsPage(n) : null;
    if (!entry) return reply.callNotFound();
    return sendCached(req, reply, entry, 'xml', String, XML, CRAWLER_CACHE);
  });
  const robots = robotsTxt(deps.publicUrl);
  app.get('/robots.txt', async (_req, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=86400').send(robots),
  );
}
