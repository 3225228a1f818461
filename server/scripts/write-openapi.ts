// `npm run openapi:write`: writes the OpenAPI document of /api (the one the server serves at /api/openapi.json, for
// the default site name) to docs/openapi.json. Run it after changing a procedure's meta, input or output; the
// contract tests fail until the committed document matches the served one
// (server/test/contract/openapi-document.integration.test.ts).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildOpenApiDocument } from '../src/transports/openapi';
import { DEFAULT_DOCUMENT_SITE, documentText } from '../src/transports/openapi-document';
import { appRouter } from '../src/router';

const OPENAPI_DOCUMENT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/openapi.json');
const document = await buildOpenApiDocument(appRouter, DEFAULT_DOCUMENT_SITE);
writeFileSync(OPENAPI_DOCUMENT, documentText(document));
console.log(`Wrote ${path.relative(process.cwd(), OPENAPI_DOCUMENT)}`);
