import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { MESSAGES, stripTrackingParams } from '@curbside/shared';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LEADERBOARD_TAG } from '../cache-policies';
import {
  carPreviewTags,
  homePageTags,
  type SiteIdentity,
  withHeadTags,
  withPreviewTags,
} from '../modules/share/og-tags';
import { sendCached } from '../read-cache/http';
import type { ReadCache } from '../read-cache/read-cache';
import { loadPageRenderer, type PageRenderer, type PageViewer, type PageViewerOf, sharedByAll } from './page-render';

// Production: the built client. Hashed assets are cached for a year; every other non-API path answers index.html,
// so deep links such as /cars/some-slug work on reload. Unknown /api and /trpc paths answer 404 JSON.
// A car page's HTML (/cars/{slug}, /gallery/{slug}) carries the car's Open Graph and Twitter tags for link previews.
// The landing pages (/, /gallery, a car page, /leaderboard) are sent to signed-out visitors already drawn
// (page-render.ts), when the client build has its server entry and `serverPages` is given.

/** The landing pages drawn on the server (SERVER_RENDER). */
export interface ServerPages {
  /** Who a page is drawn for, as whom its data is read. */
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
  app.setNotFoundHandler((req: FastifyRequest, reply: FastifyReply) => {
    const urlPath = req.url.split('?')[0]!;
    const isApi = urlPath === '/api' || urlPath.startsWith('/api/') || urlPath.startsWith('/trpc');
    const allowed = urlPath.startsWith('/api/') ? req.server.allowedMethods(urlPath) : [];
    if (allowed.length > 0) {
      const list = allowed.join(', ');
      return reply
        .code(405)
        .header('allow', list)
        .send({ message: MESSAGES.server.methodNotAllowed(req.method, list), code: 'METHOD_NOT_SUPPORTED' });
    }
    if (isApi || !indexHtml || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return reply.code(404).send({ message: `Not found: ${req.method} ${urlPath}`, code: 'NOT_FOUND' });
    }
    return sendIndexHtml(reply, indexHtml);
  });
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
 * Pages whose HTML carries tags read from the database (a car page: its preview tags and main photo; the home page:
 * its first photo) and the landing pages, drawn on the server for signed-out visitors. Both are extras: when the tags
 * cannot be read, or the page cannot be drawn, the page is sent without them (plain index.html at worst), never a 500.
 * A page that every signed-out visitor without a recent vote sees alike is drawn once and kept in the read cache, so
 * it is drawn again only when a write changes what it shows (or its answers expire).
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
      req.log.error({ err }, 'the viewer of a page could not be read; sending it to be drawn in the browser');
      return null;
    }
  };
  const drawPage = async (req: FastifyRequest, viewer: PageViewer | null, readHead: () => Promise<PageHead>) => {
    const readTags = async () => {
      try {
        return await readHead();
      } catch (err) {
        req.log.error({ err }, 'page head tags could not be read; sending the page without them');
        return null;
      }
    };
    // The tags and the render read the database independently: at the same time. The tags go into index.html (a few
    // KB) before the drawn page does.
    const reading = readTags();
    const withHead = reading.then((head) => (head?.addTo ? head.addTo(indexHtml) : indexHtml));
    const drawn = viewer && renderer ? await renderer.render(req, viewer, withHead) : null;
    const head = await reading;
    return {
      html: drawn?.html ?? (await withHead),
      drawn: drawn !== null,
      // Kept for other visitors only when drawn, with its head, from answers alike for all of them.
      shared: drawn && head ? sharedByAll([drawn.shared, { tags: head.tags, expiresAt: Infinity }]) : null,
    };
  };
  const sendPage = async (req: FastifyRequest, reply: FastifyReply, readHead: () => Promise<PageHead>) => {
    const viewer = await viewerOf(req, reply);
    if (viewer?.seesSharedPage && serverPages) {
      // Tracking parameters (utm_*, fbclid) change nothing on a page: one copy serves every campaign link.
      const entry = await serverPages.cache.get(`page:${stripTrackingParams(req.url)}`, async () => {
        const page = await drawPage(req, viewer, readHead);
        return {
          value: page.html,
          tags: page.shared?.tags ?? [],
          expiresAt: page.shared?.expiresAt,
          keep: page.shared !== null,
        };
      });
      return sendCached(req, reply, entry, 'html', String, 'text/html; charset=utf-8');
    }
    const page = await drawPage(req, viewer, readHead);
    // A page drawn for this viewer may hold their own vote state: no shared cache may keep it.
    return sendIndexHtml(reply, page.html, page.drawn ? 'private, no-cache' : undefined);
  };
  const noHead = async (): Promise<PageHead> => ({ addTo: null, tags: [] });
  // A car's preview tags and photo change only by writes other than votes, which drop every kept page.
  const carPage = (req: FastifyRequest, reply: FastifyReply) =>
    sendPage(req, reply, async () => {
      const tags = await carPreviewTags(app.services.ds, site, (req.params as { slug: string }).slug);
      return { addTo: tags ? (html) => withPreviewTags(html, tags) : null, tags: [] };
    });
  app.get('/cars/:slug', carPage);
  app.get('/gallery/:slug', carPage);
  // The home page: its first Top Cars of the Month photo starts loading with the HTML (votes may change which).
  app.get('/', (req, reply) =>
    sendPage(req, reply, async () => {
      const tags = await homePageTags(app.services.ds);
      return { addTo: tags ? (html) => withHeadTags(html, tags) : null, tags: [LEADERBOARD_TAG] };
    }),
  );
  if (!renderer) return; // the other paths are index.html (the not-found handler)
  for (const path of ['/gallery', '/cars', '/leaderboard']) app.get(path, (req, reply) => sendPage(req, reply, noHead));
}
