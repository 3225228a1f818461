import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isAppPagePath, MESSAGES } from '@curbside/shared';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { carIdsOf, LEADERBOARD_TAG } from '../cache-policies';
import {
  carPreviewTags,
  homePageTags,
  type SiteIdentity,
  withHeadTags,
  withPreviewTags,
} from '../modules/share/og-tags';
import { sendCached } from '../read-cache/http';
import type { CacheEntry, ReadCache } from '../read-cache/read-cache';
import { loadPageRenderer, type PageRenderer, type PageViewer, type PageViewerOf, sharedByAll } from './page-render';
import { withViewerVotes } from './viewer-votes';

// Production: the built client. Hashed assets are cached for a year; every other non-API path gets index.html,
// so deep links such as /cars/some-slug work on reload. Unknown /api and /trpc paths get a 404 JSON response.
// A car page's HTML (/cars/{slug}, /gallery/{slug}) carries the car's Open Graph and Twitter tags for link previews.
// The landing pages (/, /gallery, a car page, /leaderboard) and the Hall of Fame are sent to signed-out visitors
// already rendered (page-render.ts), when the client build has its server entry and `serverPages` is given.

/** The landing pages rendered on the server (SERVER_RENDER). */
export interface ServerPages {
  /** Who a page is rendered for, as whom its data is read. */
  viewerOf: PageViewerOf;
  /** Keeps the pages every signed-out visitor sees alike, dropped by the tags of what they show. */
  cache: ReadCache;
}

export interface ClientAssets {
  /** index.html as built, or null when no client is served. */
  indexHtml: string | null;
}

export async function registerClient(
  app: FastifyInstance,
  clientDist: string | null,
  site?: SiteIdentity,
  serverPages?: ServerPages,
): Promise<ClientAssets> {
  const indexFile = clientDist ? path.join(clientDist, 'index.html') : null;
  if (!clientDist || !indexFile || !existsSync(indexFile)) {
    if (clientDist) app.log.warn({ clientDist }, 'client build not found: run `npm run build` to serve the site');
    registerNotFound(app, null);
    return { indexHtml: null };
  }
  const indexHtml = readFileSync(indexFile, 'utf8');
  await app.register(fastifyStatic, {
    root: clientDist,
    prefix: '/',
    wildcard: false,
    index: false,
    // The build writes .br and .gz copies of its text files (client/scripts/precompress.mjs): sent when accepted.
    preCompressed: true,
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });
  registerNotFound(app, indexHtml);
  const renderer = serverPages ? await loadPageRenderer(clientDist, app.log) : null;
  if (site) registerPages(app, indexHtml, site, renderer, serverPages);
  return { indexHtml };
}

function registerNotFound(app: FastifyInstance, indexHtml: string | null): void {
  const notFoundHtml = indexHtml === null ? null : withNotFoundPage(indexHtml);
  app.setNotFoundHandler((req: FastifyRequest, reply: FastifyReply) => {
    const [urlPath = ''] = req.url.split('?'); // split gives at least one element
    const isApi = urlPath === '/api' || urlPath.startsWith('/api/') || urlPath.startsWith('/trpc');
    // A known /api path with another method got its 405 before this (plugins/allowed-methods.ts).
    if (isApi || !indexHtml || !notFoundHtml || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return reply.code(404).send({ message: `Not found: ${req.method} ${urlPath}`, code: 'NOT_FOUND' });
    }
    if (!isAppPagePath(urlPath)) return sendNotFoundPage(reply, notFoundHtml);
    return sendIndexHtml(reply, indexHtml);
  });
}

/** What a 404 page says: its title, a sentence and a way back. */
interface NotFoundText {
  title: string;
  text: string;
  back: { href: string; label: string };
}

const PAGE_NOT_FOUND: NotFoundText = {
  ...MESSAGES.notFound,
  back: { href: '/', label: 'Back to Home' },
};
const CAR_NOT_FOUND: NotFoundText = {
  title: MESSAGES.carDetail.notFound,
  text: MESSAGES.carDetail.notFoundText,
  back: { href: '/gallery', label: 'Back to Gallery' },
};

/**
 * index.html with the app's not-found text in #root, for what reads the HTML without running the app (crawlers,
 * link checkers); the app renders its own 404 page over it.
 */
export function withNotFoundPage(indexHtml: string, page: NotFoundText = PAGE_NOT_FOUND): string {
  const markup =
    `<main style="text-align:center;padding:48px 16px"><h1>${page.title}</h1><p>${page.text}</p>` +
    `<p><a href="${page.back.href}">${page.back.label}</a></p></main>`;
  return indexHtml.replace('<div id="root"></div>', () => `<div id="root">${markup}</div>`);
}

/** A 404 with the app's page: the address is no page of the app, or names no car. */
function sendNotFoundPage(reply: FastifyReply, html: string) {
  return reply.code(404).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
}

export function sendIndexHtml(reply: FastifyReply, html: string, cacheControl = 'no-cache') {
  return reply.type('text/html; charset=utf-8').header('cache-control', cacheControl).send(html);
}

/** A page's head tags read from the database: a function adding them to its HTML (null: none), and what they show. */
interface PageHead {
  addTo: ((html: string) => string) | null;
  /** The read-cache tags of what they show (cache-policies.ts): a page kept with them is dropped when it changes. */
  tags: string[];
}

/**
 * Pages whose HTML carries tags read from the database (a car page: its preview tags and main photo; the home page: its
 * first photo) and the landing pages, rendered on the server for signed-out visitors. Both are extras: when the tags
 * cannot be read, or the page cannot be rendered, the page is sent without them (plain index.html at worst), never a
 * 500. A page that every signed-out visitor without a recent vote sees alike is rendered once and kept in the read
 * cache, so it is rendered again only when a write changes what it shows (or its responses expire).
 */
function registerPages(
  app: FastifyInstance,
  indexHtml: string,
  site: SiteIdentity,
  renderer: PageRenderer | null,
  serverPages: ServerPages | undefined,
): void {
  const viewerOf = async (req: FastifyRequest, reply: FastifyReply) => {
    if (!renderer || !serverPages) return null;
    try {
      return await serverPages.viewerOf(req, reply);
    } catch (err) {
      req.log.error({ err }, 'the viewer of a page could not be read; sending it to be rendered in the browser');
      return null;
    }
  };
  const renderPage = async (req: FastifyRequest, viewer: PageViewer | null, readHead: () => Promise<PageHead>) => {
    const readTags = async () => {
      try {
        return await readHead();
      } catch (err) {
        req.log.error({ err }, 'page head tags could not be read; sending the page without them');
        return null;
      }
    };
    // The tags and the render read the database independently: at the same time. The tags go into index.html (a few
    // KB) before the rendered page does.
    const reading = readTags();
    const withHead = reading.then((head) => (head?.addTo ? head.addTo(indexHtml) : indexHtml));
    const rendered = viewer && renderer ? await renderer.render(req, viewer, withHead) : null;
    const head = await reading;
    return {
      html: rendered?.html ?? (await withHead),
      rendered: rendered !== null,
      // Kept for other visitors only when rendered, with its head, from responses alike for all of them.
      shared: rendered && head ? sharedByAll([rendered.shared, { tags: head.tags, expiresAt: Infinity }]) : null,
    };
  };
  /**
   * Sends a page. `found`, for a page of something that may not exist (a car), says whether it does: when not, the
   * page is sent with 404 and `notFoundHtml`. A kept page was only kept for something that existed, and a write that
   * removes it drops the pages that carry its tag: a page sent from the cache asks nothing of the database.
   */
  const sendPage = async (
    req: FastifyRequest,
    reply: FastifyReply,
    readHead: () => Promise<PageHead>,
    existence?: { found: () => Promise<boolean>; notFoundHtml: string },
  ) => {
    const viewer = await viewerOf(req, reply);
    if (viewer?.seesSharedPage && serverPages && renderer) {
      // Kept by what the page reads of its address: tracking parameters (utm_*, fbclid) and made-up ones change
      // nothing on a page, so one copy serves every campaign link and a stream of junk addresses costs one render.
      const pageKey = `page:${renderer.pageAddress(req.url)}`;
      const entry = await serverPages.cache.get(pageKey, async () => {
        // Not found: null, never kept (unknown addresses must not fill the cache, and the car may be added).
        if (existence && !(await existence.found())) return { value: null, tags: [], keep: false };
        const page = await renderPage(req, viewer, readHead);
        return {
          value: page.html,
          tags: page.shared?.tags ?? [],
          expiresAt: page.shared?.expiresAt,
          keep: page.shared !== null,
        };
      });
      if (existence && entry.value === null) return sendNotFoundPage(reply, existence.notFoundHtml);
      const page = await markedFor(viewer, pageKey, entry);
      return sendCached(req, reply, page, 'html', String, 'text/html; charset=utf-8');
    }
    if (existence && !(await existence.found())) return sendNotFoundPage(reply, existence.notFoundHtml);
    const page = await renderPage(req, viewer, readHead);
    // A page rendered for this viewer may hold their own vote state: no shared cache may keep it.
    return sendIndexHtml(reply, page.html, page.rendered ? 'private, no-cache' : undefined);
  };
  /**
   * The kept page as `viewer` sees it: itself, or for a recent voter with a vote for a car on it, the page with their
   * votes marked (viewer-votes.ts), kept beside it for every viewer with the same votes on it.
   */
  const markedFor = (viewer: PageViewer, pageKey: string, entry: CacheEntry): CacheEntry | Promise<CacheEntry> => {
    const voted = carIdsOf(viewer.ownTags.filter((tag) => entry.tags.includes(tag)));
    if (voted.size === 0 || typeof entry.value !== 'string' || !serverPages) return entry;
    const html = entry.value;
    const cache = serverPages.cache;
    const key = `${pageKey}#votes:${[...voted].sort((a, b) => a - b).join(',')}`;
    return (
      cache.peek(key) ??
      cache.get(key, async () => ({
        value: withViewerVotes(html, voted),
        tags: entry.tags,
        expiresAt: entry.expiresAt,
        keep: cache.peek(pageKey) === entry,
      }))
    );
  };
  const noHead = async (): Promise<PageHead> => ({ addTo: null, tags: [] });
  // A car's preview tags and photo change only by its own writes, which drop its tag: a kept car page carries it, from
  // the car's response the page was rendered from (cars.bySlug).
  const carNotFoundHtml = withNotFoundPage(indexHtml, CAR_NOT_FOUND);
  const carPage = async (req: FastifyRequest, reply: FastifyReply) => {
    const slug = (req.params as { slug: string }).slug;
    const found = () =>
      app.services.share.carExists(slug).catch((err) => {
        req.log.error({ err }, 'whether the car exists could not be read; sending its page');
        return true;
      });
    return sendPage(
      req,
      reply,
      async () => {
        const tags = await carPreviewTags(app.services.share, site, slug);
        return { addTo: tags ? (html) => withPreviewTags(html, tags) : null, tags: [] };
      },
      { found, notFoundHtml: carNotFoundHtml },
    );
  };
  app.get('/cars/:slug', carPage);
  app.get('/gallery/:slug', carPage);
  // The home page: its first Top Cars of the Month photo starts loading with the HTML (votes may change which).
  app.get('/', (req, reply) =>
    sendPage(req, reply, async () => {
      const tags = await homePageTags(app.services.share);
      return { addTo: tags ? (html) => withHeadTags(html, tags) : null, tags: [LEADERBOARD_TAG] };
    }),
  );
  if (!renderer) return; // the other paths are index.html (the not-found handler)
  for (const path of ['/gallery', '/cars', '/leaderboard', '/hall-of-fame'])
    app.get(path, (req, reply) => sendPage(req, reply, noHead));
}
