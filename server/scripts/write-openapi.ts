// `npm run openapi:write`: writes the OpenAPI document of /api (the one the server serves at /api/openapi.json, for
// the default site name) to docs/openapi.json, and the client types generated from it to the contract test's folder.
// Run it after changing a procedure's meta, input or output; the contract tests fail until the committed document
// matches the served one (server/test/contract/openapi-document.integration.test.ts).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { appRouter } from '../src/router';
import { buildOpenApiDocument } from '../src/transports/openapi';
import { DEFAULT_DOCUMENT_SITE, documentText } from '../src/transports/openapi-document';
import { CLIENT_TYPES, clientTypes, OPENAPI_DOCUMENT } from './openapi-types';

const document = await buildOpenApiDocument(appRouter, DEFAULT_DOCUMENT_SITE);
writeFileSync(OPENAPI_DOCUMENT, documentText(document));
writeFileSync(CLIENT_TYPES, await clientTypes());
for (const file of [OPENAPI_DOCUMENT, CLIENT_TYPES]) console.log(`Wrote ${path.relative(process.cwd(), file)}`);
