import { createHash } from 'node:crypto';
import { MESSAGES, SITE_SETTINGS_DEFAULTS } from '@curbside/shared';
import fc from 'fast-check';
import type { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ZodType, z } from 'zod';
import { hostileString, PROPERTY_SEED } from '../../../shared/src/test-arbitraries';
import { MAX_LISTED_ISSUES } from '../../src/http-errors';
import { makeApiFixture } from '../api-fixture';
import { startTestApp, type TestApp, unique } from '../app';
import { HttpClient } from '../http';
import { inlineRefs } from '../openapi-doc';
import { type Hints, hostileJson, type JsonSchema, valueFor } from './json-schema-arbitrary';

// A fuzz pass over every operation of /api/openapi.json, as a visitor, a signed-in user and an admin: random and
// hostile path parameters, query strings and bodies (huge strings, unicode, nulls, wrong types, negative and
// enormous numbers, SQL and script payloads, malformed JSON, wrong content types). For every response:
// - never a 5xx;
// - a 4xx is JSON with a human `message`, and the stored data is exactly as before the call;
// - a 2xx has a documented status and matches the documented response schema.
// Deterministic (fixed seed) and bounded (RUNS per operation and role).

/** Calls per operation and role; FUZZ_RUNS and FUZZ_SEED explore further by hand, the defaults keep CI fast. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 15);
const SEED = Number(process.env.FUZZ_SEED ?? PROPERTY_SEED);
const ADMIN = { email: `${unique('fuzzboss')}@example.com`, password: 'admin-password-1' };
const USER_PASSWORD = 'user-password-1';

type Role = 'visitor' | 'user' | 'admin';
const ROLES: Role[] = ['visitor', 'user', 'admin'];

interface Parameter {
  in: 'path' | 'query';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  jsonBody: JsonSchema | null;
  /** A multipart upload route (POST /images and the like). */
  multipart: boolean;
  /** Documented success statuses with their schema (null: no content documented). */
  successes: Map<number, ZodType | null>;
}

interface FuzzRequest {
  url: string;
  body?: { text: string; contentType: string };
}

// The app and its document are read before the tests are listed, so there is one test per documented operation.
const t: TestApp = await startTestApp({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
const ds: DataSource = t.app.services.ds;
const operations = readOperations(inlineRefs((await new HttpClient(t.baseUrl).get('/api/openapi.json')).body));
const cookies: Record<Role, string | null> = { visitor: null, user: null, admin: null };
const hints: Hints = { ids: [1, 2, 3] };
/** Strings of the fixture (slug, payment id) that string fields and path parameters sometimes take. */
let knownStrings: string[] = [];

beforeAll(async () => {
  await makeFixture();
});
afterAll(async () => {
  await t.close();
});

async function makeFixture() {
  const fixture = await makeApiFixture(t, ADMIN, USER_PASSWORD);
  cookies.admin = fixture.admin.cookie;
  cookies.user = fixture.user.cookie;
  hints.ids = fixture.ids;
  knownStrings = [fixture.car.slug, fixture.paymentId];
}

// ---- The operations, from the document --------------------------------------------------------------------------

type Doc = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        requestBody?: { content: Record<string, { schema: JsonSchema }> };
        responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
      }
    >
  >;
};

function readOperations(doc: Doc): Operation[] {
  const list: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const successes = new Map<number, ZodType | null>();
      for (const [status, response] of Object.entries(op.responses)) {
        if (!status.startsWith('2')) continue;
        const schema = response.content?.['application/json']?.schema;
        successes.set(Number(status), schema ? z.fromJSONSchema(schema as never) : null);
      }
      list.push({
        method: method.toUpperCase(),
        path,
        parameters: op.parameters ?? [],
        jsonBody: op.requestBody?.content['application/json']?.schema ?? null,
        multipart: Boolean(op.requestBody?.content['multipart/form-data']),
        successes,
      });
    }
  }
  // Deletions run after everything else, so the fixture's rows are there for the other calls. Signing out runs last
  // of all: it ends the user's and the admin's sessions, so from then on their calls are a visitor's.
  const rank = (op: Operation) => (op.path.startsWith('/logout') ? 2 : op.method === 'DELETE' ? 1 : 0);
  return list.sort((a, b) => rank(a) - rank(b));
}

// ---- Requests ---------------------------------------------------------------------------------------------------

/** encodeURIComponent, with lone surrogates (which no URL can carry) sent as U+FFFD. */
function encode(value: unknown): string {
  const text = String(value);
  try {
    return encodeURIComponent(text);
  } catch {
    return encodeURIComponent(text.replace(/[\ud800-\udfff]/g, '\ufffd'));
  }
}

const PATH_TRICKS = ['%', '%zz', '%E0%A4%A', '..%2F..%2Fetc%2Fpasswd', '%2e%2e', '%00', '%C0%AE'];

function pathValue(param: Parameter): fc.Arbitrary<string> {
  const encoded = (arb: fc.Arbitrary<unknown>) => arb.map(encode);
  return fc.oneof(
    { weight: 3, arbitrary: encoded(fc.constantFrom(...hints.ids, ...knownStrings)) },
    { weight: 2, arbitrary: encoded(valueFor(param.schema, hints, param.name)) },
    { weight: 2, arbitrary: encoded(hostileString) },
    { weight: 1, arbitrary: fc.constantFrom(...PATH_TRICKS) },
    {
      weight: 1,
      arbitrary: encoded(fc.constantFrom('-1', '0', '1.5', '1e3', '9007199254740993', '99999999999999999999')),
    },
  );
}

/** A query value as text; arrays become repeated keys. */
function queryValue(param: Parameter): fc.Arbitrary<string[]> {
  const text = (v: unknown) => (v !== null && typeof v === 'object' ? JSON.stringify(v) : String(v));
  return fc.oneof(
    {
      weight: 4,
      arbitrary: valueFor(param.schema, hints, param.name).map((v) => (Array.isArray(v) ? v.map(text) : [text(v)])),
    },
    { weight: 1, arbitrary: fc.array(hostileString, { minLength: 2, maxLength: 3 }) },
  );
}

function queryString(op: Operation): fc.Arbitrary<string> {
  const params = op.parameters.filter((p) => p.in === 'query');
  const documented = fc.tuple(
    ...params.map((p) => fc.option(queryValue(p), { nil: null, freq: p.required ? 8 : 3 })),
    fc.constant(null),
  );
  const extra = fc.oneof(
    { weight: 4, arbitrary: fc.constant('') },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '__proto__=1',
        'constructor[prototype][admin]=1',
        'limit[]=1',
        'input=%7B%7D',
        '&&=&',
        'a=%',
      ),
    },
  );
  return fc.tuple(documented, extra).map(([values, more]) => {
    const pairs: string[] = [];
    params.forEach((p, i) => {
      for (const v of values[i] ?? []) pairs.push(`${encode(p.name)}=${encode(v)}`);
    });
    if (more) pairs.push(more);
    return pairs.length ? `?${pairs.join('&')}` : '';
  });
}

const RAW_BODIES = [
  '{"email": ',
  '{',
  '[]',
  '"a string"',
  '42',
  'null',
  '{"a":1,"a":2}',
  '{"__proto__": {"role": "admin"}}',
  '\u0000',
  '\ufeff{}',
  `${'['.repeat(50_000)}${']'.repeat(50_000)}`,
  `{"x": "${'a'.repeat(900_000)}"}`,
];
const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/json; charset=utf-16le',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
];

/** Multipart bodies cut off or malformed (the uploads test sends well-formed ones with hostile files). */
const brokenMultipart = fc
  .tuple(
    fc.constantFrom(
      '',
      'null',
      '\u0000',
      '--x',
      '--x\r\n\r\n',
      '--x\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"\r\n\r\n\xff\xd8\xff',
      '--x\r\nContent-Disposition: form-data; name="carId"\r\n\r\n1\r\n--x',
      '--x\r\nContent-Disposition: form-data\r\n\r\nno name\r\n--x--',
      `--x\r\nContent-Disposition: form-data; name="${'n'.repeat(20_000)}"\r\n\r\nv\r\n--x--`,
      '--x--',
    ),
    fc.constantFrom('multipart/form-data; boundary=x', 'multipart/form-data', 'multipart/form-data; boundary='),
  )
  .map(([text, contentType]) => ({ text, contentType }));

function bodyOf(op: Operation): fc.Arbitrary<FuzzRequest['body']> {
  const json = (value: unknown) => ({ text: JSON.stringify(value) ?? 'null', contentType: 'application/json' });
  const raw = fc
    .tuple(fc.constantFrom(...RAW_BODIES), fc.constantFrom(...CONTENT_TYPES))
    .map(([text, contentType]) => ({ text, contentType }));
  // fetch cannot send a body with GET.
  if (op.method === 'GET') return fc.constant(undefined);
  if (op.method === 'DELETE') {
    return fc.oneof({ weight: 6, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: raw });
  }
  if (op.multipart) {
    return fc.oneof(
      { weight: 3, arbitrary: brokenMultipart },
      { weight: 1, arbitrary: hostileJson.map(json) },
      { weight: 1, arbitrary: raw },
    );
  }
  const documented = op.jsonBody
    ? fc.tuple(valueFor(op.jsonBody, hints), fc.boolean()).map(([v, known]) => json(known ? withKnownStrings(v) : v))
    : fc.constant(undefined);
  return fc.oneof(
    { weight: 6, arbitrary: documented },
    { weight: 1, arbitrary: hostileJson.map(json) },
    { weight: 1, arbitrary: raw },
  );
}

/** Now and then a string field takes a value of the fixture (a slug, a payment id) so the call finds a row. */
function withKnownStrings(value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const out: Record<string, unknown> = { ...value };
  for (const key of ['paymentId', 'slug'])
    if (typeof out[key] === 'string' && out[key] !== '') out[key] = knownStrings[key === 'slug' ? 0 : 1];
  return out;
}

function requestOf(op: Operation): fc.Arbitrary<FuzzRequest> {
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  return fc
    .tuple(fc.tuple(...pathParams.map(pathValue), fc.constant('')), queryString(op), bodyOf(op))
    .map(([values, query, body]) => {
      let path = op.path;
      pathParams.forEach((p, i) => {
        path = path.replace(`{${p.name}}`, values[i] || '%20');
      });
      return { url: `/api${path}${query}`, body };
    });
}

// ---- Checks -----------------------------------------------------------------------------------------------------

/**
 * Failed sign-ins and refused registrations (e-mail taken) are recorded by design (the throttles count them), even
 * though the call is refused.
 */
const WRITTEN_ON_REFUSAL = new Set(['login_failures', 'registration_attempts']);

/** A digest of every table, so a refused call can be shown to have changed nothing. */
async function snapshot(): Promise<Record<string, string>> {
  const tables = ds.entityMetadatas.map((m) => m.tableName).filter((name) => !WRITTEN_ON_REFUSAL.has(name));
  const rows = await Promise.all(tables.map((name) => ds.query(`SELECT * FROM ${ds.driver.escape(name)}`)));
  return Object.fromEntries(
    tables.map((name, i) => {
      const lines = (rows[i] as unknown[]).map((row) => JSON.stringify(row)).sort();
      return [name, createHash('sha256').update(lines.join('\n')).digest('hex')];
    }),
  );
}

const LEAKS =
  /QueryFailedError|SQLITE_|ER_[A-Z_]{3,}|\bat \S+ \(|node_modules|TypeError|ReferenceError|undefined is not/;

async function send(role: Role, request: FuzzRequest, method: string) {
  const client = new HttpClient(t.baseUrl);
  client.cookie = cookies[role];
  const { body } = request;
  return body
    ? client.request(method, request.url, body.text, { 'content-type': body.contentType })
    : client.request(method, request.url);
}

function describeCall(role: Role, method: string, request: FuzzRequest, status: number, response: string) {
  const body = request.body ? ` ${request.body.contentType} ${request.body.text.slice(0, 300)}` : '';
  return `${role} ${method} ${request.url.slice(0, 300)}${body}\n→ ${status} ${response.slice(0, 500)}`;
}

/** Operations that responded with a 2xx at least once: the pass must get past validation, not only bounce off it. */
const reachedSuccess = new Set<string>();

async function checkCall(op: Operation, role: Role, request: FuzzRequest, before: Record<string, string>) {
  const res = await send(role, request, op.method);
  const call = describeCall(role, op.method, request, res.status, res.text);
  expect(res.status, call).toBeLessThan(500);
  if (res.status >= 400) {
    expect(res.headers.get('content-type'), call).toMatch(/^application\/json/);
    const message: unknown = res.body?.message;
    expect(typeof message, call).toBe('string');
    expect((message as string).trim().length, call).toBeGreaterThan(0);
    expect((message as string).length, call).toBeLessThanOrEqual(300);
    expect(message, call).not.toMatch(LEAKS);
    expect(JSON.stringify(res.body.issues ?? []).length, call).toBeLessThan(5000);
    expect(await snapshot(), `data changed on a refused call: ${call}`).toEqual(before);
    return before;
  }
  const name = `${op.method} ${op.path}`;
  reachedSuccess.add(name);
  expect(res.status, call).toBeGreaterThanOrEqual(200);
  expect([...op.successes.keys()], `undocumented success status: ${call}`).toContain(res.status);
  const schema = op.successes.get(res.status) ?? op.successes.values().next().value;
  if (res.status === 204) expect(res.text, call).toBe('');
  else if (schema) {
    const checked = schema.safeParse(res.body);
    expect(checked.success, `${call}\n${checked.error?.message ?? ''}`).toBe(true);
  }
  return snapshot();
}

// ---- The pass ---------------------------------------------------------------------------------------------------

describe('the OpenAPI document', () => {
  it('lists every /api operation, the fixture is in place, and sign-out comes last', () => {
    expect(operations.length).toBeGreaterThanOrEqual(55);
    const names = operations.map((op) => `${op.method} ${op.path}`);
    for (const expected of ['GET /cars/{slugOrId}', 'PUT /products/{id}', 'POST /images', 'DELETE /cart/{id}']) {
      expect(names).toContain(expected);
    }
    expect(names.slice(-2).sort()).toEqual(['POST /logout', 'POST /logout/everywhere']);
    expect(knownStrings).toHaveLength(2);
  });

  it('has a data snapshot that sees a change (so "changes nothing" can fail)', async () => {
    const before = await snapshot();
    expect(Object.keys(before)).toEqual(expect.arrayContaining(['cars', 'users', 'orders', 'car_images', 'products']));
    const res = await new HttpClient(t.baseUrl).post('/api/subscribe', { email: `${unique('snap')}@example.com` });
    expect(res.status).toBe(200);
    const after = await snapshot();
    expect(after.newsletter_subscriptions).not.toBe(before.newsletter_subscriptions);
    // The first sign-up from an address also makes that address's quota lock row.
    const others = (snap: Record<string, string>) => ({
      ...snap,
      newsletter_subscriptions: '',
      newsletter_signup_locks: '',
    });
    expect(others(after)).toEqual(others(before));
  });
});

describe('refusals stay short whatever the client sends', () => {
  // Regression: a made-up field name was echoed whole in the message and in every issue, and every bad entry got
  // an issue, so a 900 KB body of bad additionalSpecs got a 3.6 MB response.
  const car = { make: 'Mazda', model: 'RX-7', year: 1993, ownerName: 'Ana', category: 'JDM', legalAgreement: true };
  const asUser = () => {
    const client = new HttpClient(t.baseUrl);
    client.cookie = cookies.user;
    return client;
  };

  it('cuts a long made-up field name in the message', async () => {
    const key = 'k'.repeat(20_000);
    const res = await asUser().post('/api/cars', { ...car, additionalSpecs: { [key]: 'v' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^additionalSpecs\.k{40}…: /);
    expect(res.text.length).toBeLessThan(1000);
  });

  it('lists at most 20 problems', async () => {
    const specs = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`spec${i}`, { nested: i }]));
    const res = await asUser().post('/api/cars', { ...car, additionalSpecs: specs });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(`additionalSpecs.spec0: ${MESSAGES.validation.invalidValue}`);
    expect(res.body.issues).toHaveLength(MAX_LISTED_ISSUES);
    const viaTrpc = await asUser().trpc('mutation', 'cars.create', { ...car, additionalSpecs: specs });
    expect(viaTrpc.body.error.data.issues).toHaveLength(MAX_LISTED_ISSUES);
  });
});

describe.each(operations)('$method $path under random and hostile input', (op) => {
  it.each(ROLES)(
    'as %s: no 5xx; a refusal is a JSON message and changes nothing; a success is as documented',
    async (role) => {
      let before = await snapshot();
      await fc.assert(
        fc.asyncProperty(requestOf(op), async (request) => {
          before = await checkCall(op, role, request, before);
        }),
        { seed: SEED + ROLES.indexOf(role), numRuns: RUNS, endOnFailure: true },
      );
      // The document says what each settings field takes, so the admin's calls here succeed, and one may switch a
      // site mode on: every later visitor's call would then get a 503. Back to the site as it was.
      if (op.method === 'PUT' && op.path === '/site-settings') {
        const admin = new HttpClient(t.baseUrl);
        admin.cookie = cookies.admin;
        const reset = await admin.put('/api/site-settings', SITE_SETTINGS_DEFAULTS);
        expect(reset.status).toBe(200);
      }
    },
  );
});

describe('the pass as a whole', () => {
  it('got past validation: most operations responded with a success at least once', () => {
    expect(reachedSuccess.size).toBeGreaterThanOrEqual(Math.floor(operations.length * 0.6));
  });
});
