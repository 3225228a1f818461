import { createRequire } from 'node:module';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { OpenAPIObject } from 'trpc-to-openapi';
import type { Config } from '../config';
import { addUploadOperations } from '../modules/images/openapi-uploads';
import { SESSION_COOKIE } from '../plugins/session';
import type { AppRouter } from '../router';
import { addExamples, finishDocument, nameComponentSchemas } from './openapi-document';
import { listRestRoutes } from './rest-routes';

/** What the document says about the site it serves (config.siteName). */
export interface DocumentSite {
  siteName: string;
}

/**
 * The OpenAPI 3.1 document of the /api paths, generated from the same procedures the routes call, completed by
 * openapi-document.ts. docs/openapi.json is this document for the default site name (`npm run openapi:write`).
 * The generator is loaded when the document is first asked for (it adds about 11 MB to the server's resident memory).
 */
export async function buildOpenApiDocument(router: AppRouter, site: DocumentSite): Promise<OpenAPIObject> {
  const { generateOpenApiDocument } = await import('trpc-to-openapi');
  nameComponentSchemas();
  const doc = generateOpenApiDocument(router, {
    title: `${site.siteName} API`,
    version: '1.0.0',
    description:
      'The REST face of the Curbside procedures. Signed-in calls use the session cookie set by POST /api/login or ' +
      'POST /api/register. Errors are JSON with a human `message` and a `code` (validation errors name the field ' +
      'and list `issues`).',
    baseUrl: '/api',
    securitySchemes: {
      sessionCookie: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
      bearerToken: {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'cbs_…',
        description:
          'A personal API token (My Profile → API Tokens, or POST /api/tokens from a signed-in session), sent as ' +
          '`Authorization: Bearer cbs_…`. Its scope bounds the call: read (GET only), write, or admin.',
      },
    },
  });
  const routes = listRestRoutes(router, '');
  // trpc-to-openapi lists every success as 200; publish the status the route really returns (both, for a create
  // that responds with 200 when the row was already there).
  for (const route of routes) {
    if (route.successStatus === 200) continue;
    const docPath = route.url.replace(/:(\w+)/g, '{$1}');
    const operation = doc.paths?.[docPath]?.[route.method.toLowerCase() as 'get'];
    const ok = operation?.responses?.['200'];
    if (!operation?.responses || !ok) continue;
    const alsoOk = route.procedure.meta?.alsoOk;
    delete operation.responses['200'];
    operation.responses[String(route.successStatus)] =
      route.successStatus === 204 ? { description: 'Done; no content' } : ok;
    if (alsoOk) operation.responses['200'] = { ...ok, description: alsoOk };
  }
  finishDocument(doc, routes);
  addUploadOperations(doc);
  addExamples(doc);
  return doc;
}

/** GET /api/openapi.json and an interactive reference at /api/docs (Swagger UI, served locally). */
export async function registerApiDocs(app: FastifyInstance, router: AppRouter, config: Config): Promise<void> {
  let document: Promise<OpenAPIObject> | undefined;
  app.get('/api/openapi.json', async () => {
    document ??= buildOpenApiDocument(router, config);
    return document;
  });

  const swaggerDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  await app.register(fastifyStatic, {
    root: swaggerDir,
    prefix: '/api/docs/assets/',
    decorateReply: false,
    index: false,
  });
  app.get('/api/docs/init.js', async (_req, reply) =>
    reply
      .type('text/javascript')
      .send(
        "window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui', deepLinking: true, withCredentials: true });",
      ),
  );
  app.get('/api/docs', async (_req, reply) =>
    reply.type('text/html').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${config.siteName} API reference</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css"></head>
<body><div id="swagger-ui"></div>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script></body></html>`),
  );
}
