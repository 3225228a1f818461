import type { FastifyInstance } from 'fastify';
import { sendCached } from '../../read-cache/http';
import type { ReadCache } from '../../read-cache/read-cache';
import { carPageUrl, type ShareService } from './share.service';

// What crawlers read to find the community's cars: /sitemap.xml lists the public pages and every car page with the
// day it last changed; /robots.txt keeps them out of private pages and names the sitemap. Both are written by the
// server because they hold the site's public address (PUBLIC_URL) and, for the sitemap, the cars.

/** The public pages besides the car pages (the routes of client/src/routes.tsx a visitor can open signed out). */
const PUBLIC_PAGES = ['/', '/gallery', '/leaderboard', '/hall-of-fame', '/events', '/merch', '/terms-of-service'];

/** Pages not worth indexing: accounts, checkout and the dashboard. */
const PRIVATE_PAGES = ['/admin', '/cart', '/checkout', '/order-success', '/user/', '/auth', '/reset-password'];

/** One sitemap file holds at most 50,000 addresses (sitemaps.org); the newest cars are listed first. */
export const SITEMAP_MAX_CARS = 50_000 - PUBLIC_PAGES.length;

const escapeXml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[ch] ?? ch,
  );

function urlEntry(loc: string, lastModified?: Date): string {
  const lastmod = lastModified ? `<lastmod>${lastModified.toISOString().slice(0, 10)}</lastmod>` : '';
  return `<url><loc>${escapeXml(loc)}</loc>${lastmod}</url>`;
}

export async function sitemapXml(share: ShareService, publicUrl: string): Promise<string> {
  const cars = await share.sitemapCars(SITEMAP_MAX_CARS);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...PUBLIC_PAGES.map((page) => urlEntry(`${publicUrl}${page === '/' ? '/' : page}`)),
    ...cars.map((car) => urlEntry(carPageUrl(publicUrl, car.slug), car.updatedAt)),
    '</urlset>',
    '',
  ].join('\n');
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

/** The sitemap's key in the read cache (no procedure's: those are `path:input`). */
const SITEMAP_KEY = 'crawler:/sitemap.xml';

/**
 * GET /sitemap.xml and GET /robots.txt. The sitemap reads up to 50,000 cars: it is built once and kept in the read
 * cache with its ETag and compressed bytes, for every crawler alike. It is made of cars only, so it carries no tag:
 * a car's creation, edit or removal (writes that declare no tags) clears the cache and the next request rebuilds
 * it, and a vote (which declares its own) keeps it. Like every cached response it lives at most READ_CACHE_TTL_MS, so
 * a change made through another app server shows as soon.
 */
export function registerCrawlerRoutes(
  app: FastifyInstance,
  deps: { share: ShareService; publicUrl: string; cache: ReadCache },
): void {
  // The cached bytes are compressed once by sendCached: the compression plugin stays off this route.
  app.get('/sitemap.xml', { compress: false }, async (req, reply) => {
    const entry = await deps.cache.get(SITEMAP_KEY, async () => ({
      value: await sitemapXml(deps.share, deps.publicUrl),
      tags: [],
    }));
    return sendCached(req, reply, entry, 'xml', String, 'application/xml; charset=utf-8', 'public, max-age=3600');
  });
  const robots = robotsTxt(deps.publicUrl);
  app.get('/robots.txt', async (_req, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=86400').send(robots),
  );
}
