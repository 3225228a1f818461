import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  carPreviewTags,
  homePageTags,
  type SiteIdentity,
  withHeadTags,
  withPreviewTags,
} from '../modules/share/og-tags';
import { loadPageRenderer, type PageRenderer, type ProcedureCaller } from './page-render';

// Production: the built client. Hashed assets are cached for a year; every other non-API path answers index.html,
// so deep links such as /cars/some-slug work on reload. Unknown /api and /trpc paths answer 404 JSON.
// A car page's HTML (/cars/{slug}, /gallery/{slug}) carries the car's Open Graph and Twitter tags for link previews.
// The landing pages (/, /gallery, a car page, /leaderboard) are sent to signed-out visitors already drawn
// (page-render.ts), when the client build has its server entry and `callerFor` is given.

export interface ClientAssets {
  /** index.html as built, or null when no client is served. */
  indexHtml: string | null;
}

export async function registerClient(
  app: FastifyInstance,
  clientDist: string | null,
  site?: SiteIdentity,
  callerFor?: ProcedureCaller,
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
  const renderer = callerFor ? await loadPageRenderer(clientDist, callerFor, app.log) : null;
  if (site) registerPages(app, indexHtml, site, renderer);
  return { indexHtml };
}

function registerNotFound(app: FastifyInstance, indexHtml: string | null): void {
  app.setNotFoundHandler((req: FastifyRequest, reply: FastifyReply) => {
    const urlPath = req.url.split('?')[0]!;
    const isApi = urlPath === '/api' || urlPath.startsWith('/api/') || urlPath.startsWith('/trpc');
    if (isApi || !indexHtml || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return reply.code(404).send({ message: `Not found: ${req.method} ${urlPath}`, code: 'NOT_FOUND' });
    }
    return sendIndexHtml(reply, indexHtml);
  });
}

export function sendIndexHtml(reply: FastifyReply, html: string, cacheControl = 'no-cache') {
  return reply.type('text/html; charset=utf-8').header('cache-control', cacheControl).send(html);
}

/** Adds a page's head tags to its HTML. */
type HeadTags = (html: string) => string;

/**
 * Pages whose HTML carries tags read from the database (a car page: its preview tags and main photo; the home page:
 * its first photo) and the landing pages, drawn on the server for signed-out visitors. Both are extras: when the tags
 * cannot be read, or the page cannot be drawn, the page is sent without them (plain index.html at worst), never a 500.
 */
function registerPages(
  app: FastifyInstance,
  indexHtml: string,
  site: SiteIdentity,
  renderer: PageRenderer | null,
): void {
  const sendPage = async (req: FastifyRequest, reply: FastifyReply, headTags: () => Promise<HeadTags | null>) => {
    const readTags = async () => {
      try {
        return await headTags();
      } catch (err) {
        req.log.error({ err }, 'page head tags could not be read; sending the page without them');
        return null;
      }
    };
    // The tags and the render read the database independently: at the same time.
    const [withTags, rendered] = await Promise.all([readTags(), renderer?.render(req, reply, indexHtml) ?? null]);
    const html = rendered ?? indexHtml;
    const page = withTags ? withTags(html) : html;
    // A rendered page holds this viewer's vote state: no shared cache may keep it.
    return sendIndexHtml(reply, page, rendered ? 'private, no-cache' : undefined);
  };
  const noTags = async () => null;
  const carPage = (req: FastifyRequest, reply: FastifyReply) =>
    sendPage(req, reply, async () => {
      const tags = await carPreviewTags(app.services.ds, site, (req.params as { slug: string }).slug);
      return tags ? (html) => withPreviewTags(html, tags) : null;
    });
  app.get('/cars/:slug', carPage);
  app.get('/gallery/:slug', carPage);
  // The home page: its first Top Cars of the Month photo starts loading with the HTML.
  app.get('/', (req, reply) =>
    sendPage(req, reply, async () => {
      const tags = await homePageTags(app.services.ds);
      return tags ? (html) => withHeadTags(html, tags) : null;
    }),
  );
  if (!renderer) return; // the other paths are index.html (the not-found handler)
  for (const path of ['/gallery', '/cars', '/leaderboard']) app.get(path, (req, reply) => sendPage(req, reply, noTags));
}
