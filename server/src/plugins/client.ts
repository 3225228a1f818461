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

// Production: the built client. Hashed assets are cached for a year; every other non-API path answers index.html,
// so deep links such as /cars/some-slug work on reload. Unknown /api and /trpc paths answer 404 JSON.
// A car page's HTML (/cars/{slug}, /gallery/{slug}) carries the car's Open Graph and Twitter tags for link previews.

export interface ClientAssets {
  /** index.html as built, or null when no client is served. */
  indexHtml: string | null;
}

export async function registerClient(
  app: FastifyInstance,
  clientDist: string | null,
  site?: SiteIdentity,
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
  if (site) registerTaggedPages(app, indexHtml, site);
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

export function sendIndexHtml(reply: FastifyReply, html: string) {
  return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
}

/**
 * Pages whose HTML carries tags read from the database: a car page (its preview tags and main photo) and the home page
 * (its first photo). The tags are extras: when they cannot be read, the page is sent as plain index.html.
 */
function registerTaggedPages(app: FastifyInstance, indexHtml: string, site: SiteIdentity): void {
  const sendWithTags = async (req: FastifyRequest, reply: FastifyReply, withTags: () => Promise<string | null>) => {
    let html = indexHtml;
    try {
      html = (await withTags()) ?? indexHtml;
    } catch (err) {
      req.log.error({ err }, 'page head tags could not be read; sending plain index.html');
    }
    return sendIndexHtml(reply, html);
  };
  const carPage = (req: FastifyRequest, reply: FastifyReply) =>
    sendWithTags(req, reply, async () => {
      const tags = await carPreviewTags(app.services.ds, site, (req.params as { slug: string }).slug);
      return tags && withPreviewTags(indexHtml, tags);
    });
  app.get('/cars/:slug', carPage);
  app.get('/gallery/:slug', carPage);
  // The home page: its first Top Cars of the Month photo starts loading with the HTML.
  app.get('/', (req, reply) =>
    sendWithTags(req, reply, async () => {
      const tags = await homePageTags(app.services.ds);
      return tags && withHeadTags(indexHtml, tags);
    }),
  );
}
