import { MAX_ID } from '@curbside/shared';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jpegBytes, multipartPost } from '../../src/modules/images/upload-test-helpers';
import { API_EXAMPLES, type ApiExample, EXAMPLE_ACCOUNTS } from '../../src/transports/openapi-examples';
import { startTestApp, type TestApp } from '../app';
import { HttpClient } from '../http';
import { type DocumentJson, inlineRefs } from '../openapi-doc';

// The document's examples work: each operation's example request, sent in the examples table's order to a fresh
// server with the demo data by the caller its security asks for, gets the status the example is for and a body the
// document describes for that status; each create's links, followed, reach what it made; and every example answer in
// the document is valid against the schema beside it.

let t: TestApp;
let doc: DocumentJson;
const signedIn = {} as Record<'user' | 'admin', HttpClient>;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);

beforeAll(async () => {
  t = await startTestApp({ SEED_DEMO: 'true' });
  doc = inlineRefs((await new HttpClient(t.baseUrl).get('/api/openapi.json')).body);
  for (const who of ['user', 'admin'] as const) {
    signedIn[who] = new HttpClient(t.baseUrl);
    const res = await signedIn[who].post('/api/login', EXAMPLE_ACCOUNTS[who]);
    expect(res.status, res.body?.message).toBe(200);
  }
}, 180_000);
afterAll(async () => {
  await t?.close();
});

interface Operation {
  method: string;
  path: string;
  operationId: string;
  parameters?: { in: string; name: string; example?: unknown }[];
  requestBody?: { content: Record<string, { example?: unknown }> };
  responses: Record<
    string,
    {
      content?: Record<string, { schema?: object; example?: unknown }>;
      links?: Record<string, { operationId: string; parameters: Record<string, string> }>;
    }
  >;
}

function operations(): Operation[] {
  return Object.entries(doc.paths as Record<string, Record<string, Operation>>).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ ...operation, method: method.toUpperCase(), path })),
  );
}
const operationById = (id: string) => {
  const operation = operations().find((o) => o.operationId === id);
  if (!operation) throw new Error(`The document has no operation ${id}`);
  return operation;
};

/** The last answer of each operation sent so far, and the links that name its target, by target operation. */
const answers = new Map<string, { body: DocumentJson }>();

/** The values an earlier create's links give this operation's parameters (a client following the link). */
function linkedParameters(operationId: string): Record<string, string | number> {
  const values: Record<string, string | number> = {};
  for (const [source, answer] of answers) {
    for (const response of Object.values(operationById(source).responses)) {
      for (const link of Object.values(response.links ?? {})) {
        if (link.operationId !== operationId) continue;
        for (const [name, expression] of Object.entries(link.parameters)) {
          // A JSON pointer into the answer's body: '$response.body#/id', '$response.body#/0/month'.
          values[name] = expression
            .replace('$response.body#/', '')
            .split('/')
            .reduce<DocumentJson>((node, key) => node?.[key], answer.body);
        }
      }
    }
  }
  return values;
}

async function send(operationId: string, example: ApiExample) {
  const operation = operationById(operationId);
  const parameters = { ...example.parameters, ...linkedParameters(operationId) };
  const body =
    example.body && example.bodyFrom
      ? {
          ...(example.body as object),
          ...Object.fromEntries(
            Object.entries(example.bodyFrom).map(([field, [source, from]]) => [
              field,
              answers.get(source)?.body?.[from],
            ]),
          ),
        }
      : example.body;
  const query = new URLSearchParams();
  let path = operation.path;
  for (const [name, value] of Object.entries(parameters)) {
    if (path.includes(`{${name}}`)) path = path.replace(`{${name}}`, encodeURIComponent(String(value)));
    else query.set(name, String(value));
  }
  const client = example.as === 'visitor' ? new HttpClient(t.baseUrl) : signedIn[example.as];
  const url = `/api${path}${query.size ? `?${query}` : ''}`;
  const multipart = operation.requestBody?.content['multipart/form-data'] as { schema: DocumentJson } | undefined;
  const res = multipart
    ? await upload(client, url, multipart.schema, body)
    : await client.request(operation.method, url, body);
  answers.set(operationId, res);
  return { operation, res };
}

/** A multipart upload of the example's fields, a small JPEG in the file part (the schema's `format: binary` field). */
async function upload(client: HttpClient, url: string, schema: DocumentJson, body: unknown) {
  const fields = Object.entries((body ?? {}) as Record<string, unknown>);
  const [fileField] = fields.find(([name]) => schema.properties?.[name]?.format === 'binary') ?? [];
  if (!fileField) throw new Error(`No file part in the example of ${url}`);
  const others = Object.fromEntries(fields.filter(([name]) => name !== fileField).map(([n, v]) => [n, String(v)]));
  return multipartPost(client, url, others, { field: fileField, bytes: await jpegBytes() });
}

describe('the examples of the API document', () => {
  it('has an example request (where it takes one) and answer on every operation', () => {
    const missing = operations().flatMap((o) => {
      const success = Object.entries(o.responses).find(([status]) => status.startsWith('2'))?.[1];
      const answer = success?.content ? Object.values(success.content)[0]?.example : 'no content';
      const body = o.requestBody ? Object.values(o.requestBody.content)[0]?.example : 'no body';
      const parameters = (o.parameters ?? []).filter((p) => p.in === 'path' && p.example === undefined);
      return API_EXAMPLES[o.operationId] && answer !== undefined && body !== undefined && parameters.length === 0
        ? []
        : [o.operationId];
    });
    expect(missing).toEqual([]);
  });

  it('gives requests and answers that are valid against the schemas beside them', () => {
    const invalid: string[] = [];
    for (const operation of operations()) {
      for (const parameter of (operation.parameters ?? []) as { name: string; schema?: object; example?: unknown }[]) {
        if (parameter.example !== undefined && !ajv.validate(parameter.schema ?? {}, parameter.example)) {
          invalid.push(`${operation.operationId} parameter ${parameter.name}: ${ajv.errorsText()}`);
        }
      }
      const body = operation.requestBody?.content['application/json'] as { schema?: object; example?: unknown };
      if (body?.example !== undefined && !ajv.validate(body.schema ?? {}, body.example)) {
        invalid.push(`${operation.operationId} request: ${ajv.errorsText()}`);
      }
      for (const [status, response] of Object.entries(operation.responses)) {
        const media = response.content?.['application/json'];
        if (media?.example === undefined) continue;
        if (!ajv.validate(media.schema ?? {}, media.example)) {
          invalid.push(`${operation.operationId} ${status}: ${ajv.errorsText()}`);
        }
      }
    }
    expect(invalid).toEqual([]);
  });

  it('sent in order to a fresh server with the demo data, each gets its status and a documented body', async () => {
    const wrong: string[] = [];
    for (const [operationId, example] of Object.entries(API_EXAMPLES)) {
      for (const given of example.given ?? []) {
        const before = API_EXAMPLES[given];
        if (before) await send(given, before);
      }
      const { operation, res } = await send(operationId, example);
      const documented = operation.responses[String(res.status)];
      const schema = documented?.content?.['application/json']?.schema;
      if (res.status !== example.status) {
        wrong.push(`${operationId}: ${res.status} (${res.body?.message ?? ''}), not ${example.status}`);
      } else if (!documented) wrong.push(`${operationId}: ${res.status} is not documented`);
      else if (schema && !ajv.validate(schema, res.body)) wrong.push(`${operationId}: ${ajv.errorsText()}`);
    }
    expect(wrong).toEqual([]);
  }, 300_000);

  // After the journey above: every example again, which meets the state it left (a taken name, an order already
  // shipped, a line already gone: 409s and 404s), then with every id naming nothing (404s of records a body refers
  // to). Whatever the server answers, the document lists for the operation.
  it('sent again, and with ids that name nothing, each gets a status the document lists', async () => {
    const undocumented: string[] = [];
    const statuses = new Set<number>();
    const noSuchIds = (value: unknown): unknown =>
      typeof value === 'number' && Number.isInteger(value)
        ? MAX_ID
        : Array.isArray(value)
          ? value.map(noSuchIds)
          : value && typeof value === 'object'
            ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, /id$/i.test(k) ? noSuchIds(v) : v]))
            : value;
    for (const variant of ['again', 'no such ids'] as const) {
      for (const [operationId, example] of Object.entries(API_EXAMPLES)) {
        if (operationId === 'accounts-logoutEverywhere') continue; // it would end the sessions the calls use
        const sent =
          variant === 'again'
            ? example
            : {
                ...example,
                parameters: noSuchIds(example.parameters) as ApiExample['parameters'],
                body: noSuchIds(example.body),
              };
        answers.clear(); // no links: the ids are the example's own
        const { operation, res } = await send(operationId, sent);
        statuses.add(res.status);
        if (!(String(res.status) in operation.responses)) {
          undocumented.push(`${variant}: ${operationId} → ${res.status} ${res.body?.message ?? ''}`);
        }
      }
    }
    expect(undocumented).toEqual([]);
    expect(statuses).toContain(404);
    expect(statuses).toContain(409);
  }, 300_000);
});
