import { MESSAGES } from '@curbside/shared';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROPERTY_SEED } from '../../../shared/src/test-arbitraries';
import { jpegBytes } from '../../src/modules/images/upload-test-helpers';
import { type ApiFixture, makeApiFixture } from '../api-fixture';
import { startTestApp, type TestApp, unique } from '../app';
import { HttpClient } from '../http';
import { type DocumentJson, inlineRefs } from '../openapi-doc';
import {
  type Broken,
  brokenValues,
  documentAccepts,
  documentObjection,
  type Hints,
  type Schema,
  validValue,
} from './schema-values';

// The contract test: requests generated from the served OpenAPI document alone, as anonymous visitors, signed-in
// sessions (a user, an admin) and API tokens of every scope, on a fresh database. Half are requests the document
// calls valid, half the same with exactly one documented constraint broken. For every response:
// - never a 5xx, and the status is one the operation documents;
// - the body matches the schema documented for that status and content type;
// - a request the document calls valid is not refused for its input (no 400 naming fields, no 413/415);
// - a request the document calls invalid is refused (400, or 401/403 when the caller may not call it at all).
// Ajv (JSON Schema 2020-12, with formats) gives the document's verdict; the generator only proposes requests.
// Seeded and bounded: CONTRACT_FUZZ_RUNS requests per operation (default 16) from CONTRACT_FUZZ_SEED; a nightly run
// raises both. A copy of the document with one constraint removed must make this check fail (last describe).

const RUNS = Number(process.env.CONTRACT_FUZZ_RUNS ?? 16);
/** CONTRACT_FUZZ_SURVEY=1: list every mismatch at the end instead of stopping at the first. */
const SURVEY = process.env.CONTRACT_FUZZ_SURVEY === '1';
const surveyed: string[] = [];
const SEED = Number(process.env.CONTRACT_FUZZ_SEED ?? PROPERTY_SEED);
const ADMIN = { email: `${unique('contractboss')}@example.com`, password: 'admin-password-1' };
const USER_PASSWORD = 'user-password-1';

// ---- Identities ---------------------------------------------------------------------------------------------------

const IDENTITIES = ['anonymous', 'user session', 'admin session', 'read token', 'write token', 'admin token'] as const;
type Identity = (typeof IDENTITIES)[number];

let t: TestApp;
let fixture: ApiFixture;
const credentials = {} as Record<Identity, Record<string, string>>;
const hints: Hints = { ids: [], strings: {} };

let signIns = 0;

/**
 * Signs in from an address of its own (the app trusts one proxy): the generated sign-ins fail on purpose, and the
 * sign-in throttle would soon refuse their address.
 */
async function signIn(email: string, password: string): Promise<HttpClient> {
  const client = new HttpClient(t.baseUrl);
  signIns += 1;
  const res = await client.post(
    '/api/login',
    { email, password },
    { 'x-forwarded-for': `198.51.100.${signIns % 250}` },
  );
  expect(res.status, res.text).toBe(200);
  return client;
}

async function newToken(owner: Identity, scope: 'read' | 'write' | 'admin'): Promise<Record<string, string>> {
  const res = await new HttpClient(t.baseUrl, credentials[owner]).post('/api/tokens', {
    name: `Contract ${scope}`,
    scope,
  });
  expect(res.status, res.text).toBe(201);
  hints.ids.push(res.body.id);
  return { authorization: `Bearer ${res.body.token}` };
}

let userEmail = '';

/** Signs the sessions back in and makes new tokens where a call (sign-out, a revoked token) ended them. */
async function keepIdentities() {
  const alive = async (identity: Identity) =>
    (await new HttpClient(t.baseUrl, credentials[identity]).get('/api/user')).status === 200;
  if (!(await alive('admin session')))
    credentials['admin session'] = cookieOf(await signIn(ADMIN.email, ADMIN.password));
  if (!(await alive('user session'))) credentials['user session'] = cookieOf(await signIn(userEmail, USER_PASSWORD));
  const tokens: [Identity, Identity, 'read' | 'write' | 'admin'][] = [
    ['read token', 'user session', 'read'],
    ['write token', 'user session', 'write'],
    ['admin token', 'admin session', 'admin'],
  ];
  for (const [identity, owner, scope] of tokens)
    if (!(await alive(identity))) credentials[identity] = await newToken(owner, scope);
}

const cookieOf = (client: HttpClient): Record<string, string> => (client.cookie ? { cookie: client.cookie } : {});

// ---- Operations, from the document --------------------------------------------------------------------------------

interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema: Schema;
}

interface Operation {
  name: string;
  method: string;
  path: string;
  parameters: Parameter[];
  body: { mediaType: 'application/json' | 'multipart/form-data'; schema: Schema; required: boolean } | null;
  responses: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}

function readOperations(doc: DocumentJson): Operation[] {
  const list: Operation[] = [];
  for (const [path, methods] of Object.entries<DocumentJson>(inlineRefs(doc).paths)) {
    for (const [method, op] of Object.entries<DocumentJson>(methods)) {
      const content = op.requestBody?.content ?? {};
      const mediaType = ['application/json', 'multipart/form-data'].find((type) => content[type]) as
        | 'application/json'
        | 'multipart/form-data'
        | undefined;
      list.push({
        name: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        parameters: (op.parameters ?? []).filter((p: Parameter) => p.in === 'path' || p.in === 'query'),
        body: mediaType
          ? { mediaType, schema: content[mediaType].schema ?? {}, required: Boolean(op.requestBody.required) }
          : null,
        responses: op.responses,
      });
    }
  }
  // Deletions after everything else, so the fixture's rows are there for the other calls; signing out last of all.
  const rank = (op: Operation) => (op.path.startsWith('/logout') ? 2 : op.method === 'DELETE' ? 1 : 0);
  return list.sort((a, b) => rank(a) - rank(b));
}

// ---- Requests -----------------------------------------------------------------------------------------------------

/** One generated request: parameter values (undefined: left out) and a body (undefined: none). */
interface Call {
  kind: 'valid' | 'invalid';
  params: Record<string, unknown>;
  body: unknown;
  /** For an invalid call: which field and which constraint was broken. */
  broken?: { where: string; what: string };
}

/** A parameter value as the text of the URL (a query array: one text per repeated key). */
function paramTexts(value: unknown): string[] {
  if (value === undefined) return [];
  if (Array.isArray(value)) return value.map((item) => String(item));
  return [typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value)];
}

/** What a parameter's text means to the document (OpenAPI's form style: integers and booleans read from text). */
function paramValue(schema: Schema, texts: string[]): unknown {
  const types = new Set(Array.isArray(schema.type) ? schema.type : [schema.type]);
  const scalar = (text: string) => {
    if ((types.has('integer') || types.has('number')) && /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(text))
      return Number(text);
    if (types.has('boolean') && (text === 'true' || text === 'false')) return text === 'true';
    return text;
  };
  if (types.has('array')) return texts.map(scalar);
  return texts.length ? scalar(texts[0] ?? '') : undefined;
}

/** The document's verdict on a whole call. */
function documentCallsValid(op: Operation, call: Pick<Call, 'params' | 'body'>): boolean {
  for (const p of op.parameters) {
    const value = paramValue(p.schema, paramTexts(call.params[p.name]));
    if (value === undefined) {
      if (p.required || p.in === 'path') return false;
    } else if (!documentAccepts(p.schema, value)) return false;
  }
  if (!op.body) return true;
  if (call.body === undefined) return !op.body.required;
  return documentAccepts(op.body.schema, bodyAsReceived(op, call.body));
}

const isFile = (op: Operation, field: string) => op.body?.schema.properties?.[field]?.format === 'binary';

/**
 * The body as the server receives it. A multipart form carries text and files: a field is read from its text like a
 * parameter, and a file field given a string is sent as a file (a small JPEG); given anything else, as text.
 */
function bodyAsReceived(op: Operation, body: unknown): unknown {
  if (op.body?.mediaType !== 'multipart/form-data' || !body || typeof body !== 'object') return body;
  return Object.fromEntries(
    Object.entries(body).map(([field, value]) => {
      if (isFile(op, field)) return [field, typeof value === 'string' ? '(file)' : value];
      return [field, paramValue(op.body?.schema.properties?.[field] ?? {}, paramTexts(value))];
    }),
  );
}

const NAMED_STRINGS = (f: ApiFixture): Record<string, string[]> => ({
  slug: [f.car.slug],
  slugOrId: [f.car.slug, String(f.car.id)],
  paymentId: [f.paymentId],
  month: [new Date().toISOString().slice(0, 7)],
});

// ---- Where the document is looser than the server ----------------------------------------------------------------

/**
 * Fields the document allows more for than the server takes: each line a deliberate difference, recorded in
 * docs/decisions.md. Valid requests draw these fields from what the server takes, so the rest of each request is still
 * checked; a request the document calls valid elsewhere and the server refuses fails the test. The document's verdict
 * itself is never narrowed: every drawn request is still one the document calls valid.
 */
interface Looser {
  /** Operations ('METHOD /path'), or '*' for every operation that has the field. */
  ops: string[] | '*';
  /** Fields: a parameter's name, or a body field's dotted path. */
  fields: string[];
  /** Keywords added to the field's schema for drawing values. */
  takes: Schema;
  why: string;
}

const THIS_YEAR = new Date().getUTCFullYear();

const DOCUMENT_LOOSER: Looser[] = [
  {
    ops: ['POST /cars', 'PUT /cars/{slugOrId}'],
    fields: ['year'],
    takes: { type: 'integer', minimum: 1886, maximum: THIS_YEAR },
    why: 'deliberate (docs/decisions.md, Data model and API): the upper bound, next year, moves each January 1, so the document says it in words, not as a maximum',
  },
];

/** A schema with `takes` added at a dotted path (through anyOf/allOf branches that have the field). */
function narrowAt(schema: Schema, path: string[], takes: Schema): Schema {
  const [head, ...rest] = path;
  if (head === undefined) {
    // Keywords go into each branch of a nullable field too (a branch's own keywords would win over the field's).
    if (takes.anyOf || !schema.anyOf) return { ...schema, ...takes };
    return {
      ...schema,
      anyOf: schema.anyOf.map((branch) => (branch.type === 'null' ? branch : { ...branch, ...takes })),
    };
  }
  const out: Schema = { ...schema };
  const child = schema.properties?.[head];
  if (child) out.properties = { ...schema.properties, [head]: narrowAt(child, rest, takes) };
  for (const key of ['anyOf', 'allOf', 'oneOf'] as const) {
    const branches = schema[key];
    if (branches) out[key] = branches.map((branch) => narrowAt(branch, path, takes));
  }
  return out;
}

/** The schemas valid values are drawn from: the document's, with DOCUMENT_LOOSER's fields narrowed. */
function drawingSchemas(op: Operation): { params: Record<string, Schema>; body: Schema | null } {
  const params = Object.fromEntries(op.parameters.map((p) => [p.name, p.schema]));
  let body = op.body?.schema ?? null;
  for (const looser of DOCUMENT_LOOSER) {
    if (looser.ops !== '*' && !looser.ops.includes(op.name)) continue;
    for (const field of looser.fields) {
      const param = params[field];
      if (param) params[field] = { ...param, ...looser.takes };
      else if (body) body = narrowAt(body, field.split('.'), looser.takes);
    }
  }
  return { params, body };
}

/**
 * Rules between fields, which JSON Schema does not state: a valid request may be refused by them, naming the field.
 */
const BETWEEN_FIELDS = new Set([
  `to: ${MESSAGES.fulfilment.dateRangeBackwards}`,
  `endDate: ${MESSAGES.validation.adEndBeforeStart}`,
  `to: ${MESSAGES.fairVotes.windowInvalid}`,
]);

function validCall(op: Operation): fc.Arbitrary<Call> {
  const drawing = drawingSchemas(op);
  const params = fc.record(
    Object.fromEntries(
      op.parameters.map((p) => [p.name, validValue(drawing.params[p.name] ?? p.schema, hints, p.name)]),
    ),
    { requiredKeys: op.parameters.filter((p) => p.required || p.in === 'path').map((p) => p.name) },
  );
  const body = drawing.body ? validValue(drawing.body, hints) : fc.constant(undefined);
  return fc
    .record({ params, body })
    .map(({ params, body }) => ({ kind: 'valid' as const, params, body }))
    .filter((call) => documentCallsValid(op, call));
}

/** Every way to break exactly one documented constraint of a valid call. */
function brokenCalls(op: Operation, call: Call): Call[] {
  const out: Call[] = [];
  const invalid = (params: Record<string, unknown>, body: unknown, broken: Omit<Broken, 'value'>): Call => ({
    kind: 'invalid',
    params,
    body,
    broken: { where: broken.where, what: broken.what },
  });
  for (const p of op.parameters) {
    const value = call.params[p.name];
    if (p.required && p.in === 'query') {
      const { [p.name]: _, ...rest } = call.params;
      out.push(invalid(rest, call.body, { where: p.name, what: 'required' }));
    }
    if (value === undefined) continue;
    for (const broken of brokenValues(p.schema, value))
      out.push(invalid({ ...call.params, [p.name]: broken.value }, call.body, { ...broken, where: p.name }));
  }
  if (op.body) {
    if (op.body.required) out.push(invalid(call.params, undefined, { where: '(body)', what: 'required' }));
    for (const broken of brokenValues(op.body.schema, call.body)) out.push(invalid(call.params, broken.value, broken));
  }
  // Text cannot carry every broken value (a number as a path segment is text anyway): keep those the document refuses.
  return out.filter((c) => !documentCallsValid(op, c));
}

function callOf(op: Operation, kinds: Call['kind'][]): fc.Arbitrary<Call> {
  const valid = validCall(op);
  if (!kinds.includes('invalid')) return valid;
  const invalid = valid.chain((call) => {
    const broken = brokenCalls(op, call);
    return broken.length ? fc.constantFrom(...broken) : fc.constant(call);
  });
  return kinds.includes('valid') ? fc.oneof(valid, invalid) : invalid;
}

let photo: Blob;

async function send(op: Operation, identity: Identity, call: Call) {
  let path = op.path;
  const query: string[] = [];
  for (const p of op.parameters) {
    const texts = paramTexts(call.params[p.name]);
    if (p.in === 'path') path = path.replace(`{${p.name}}`, encodeURIComponent(texts[0] ?? ''));
    else for (const text of texts) query.push(`${encodeURIComponent(p.name)}=${encodeURIComponent(text)}`);
  }
  const url = `${t.baseUrl}/api${path}${query.length ? `?${query.join('&')}` : ''}`;
  const headers: Record<string, string> = { ...credentials[identity] };
  let body: string | FormData | undefined;
  if (call.body !== undefined && op.body?.mediaType === 'multipart/form-data') {
    body = new FormData();
    const fields = call.body && typeof call.body === 'object' ? call.body : {};
    for (const [name, value] of Object.entries(fields)) {
      if (isFile(op, name) && typeof value === 'string') body.append(name, photo, 'photo.jpg');
      else for (const text of paramTexts(value)) body.append(name, text);
    }
  } else if (call.body !== undefined) {
    body = JSON.stringify(call.body);
    headers['content-type'] = 'application/json';
  }
  const res = await fetch(url, { method: op.method, headers, body });
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, contentType: res.headers.get('content-type') ?? '', text, json, url };
}

type Response = Awaited<ReturnType<typeof send>>;

// ---- The checks ---------------------------------------------------------------------------------------------------

/** Statuses that refuse a call before or for its input: invalid input, not signed in, not allowed, throttled. */
const REFUSALS = new Set([400, 401, 403, 429]);

/**
 * Other refusals that fit what was broken: a path that names no resource (an id that is not a number) is not found,
 * or names another resource that takes other methods; a body left out has no content type either.
 */
function alsoRefusedWith(op: Operation, broken: Call['broken']): number[] {
  if (op.parameters.some((p) => p.in === 'path' && p.name === broken?.where)) return [404, 405];
  if (broken?.where === '(body)') return [415];
  return [];
}

/** What is wrong with `res` as the answer to `call`, by the document: nothing when the list is empty. */
function contractProblems(op: Operation, call: Call, res: Response): string[] {
  const problems: string[] = [];
  if (res.status >= 500) problems.push(`a server error (${res.status})`);
  const documented = op.responses[String(res.status)] ?? op.responses.default;
  // A broken path parameter can make a URL of another resource, or of none: its 404 or 405 is not this operation's.
  const elsewhere = alsoRefusedWith(op, call.broken).includes(res.status) && res.status !== 415;
  if (!documented && !elsewhere) problems.push(`status ${res.status} is not documented`);
  const mediaType = res.contentType.split(';')[0]?.trim() ?? '';
  const content = documented?.content;
  if (documented && res.text.length > 0) {
    const entry = content?.[mediaType];
    if (!entry) problems.push(`a ${mediaType || 'untyped'} body is not documented for ${res.status}`);
    else if (entry.schema && mediaType === 'application/json' && !documentAccepts(entry.schema, res.json))
      problems.push(`the body does not match the documented schema: ${documentObjection(entry.schema, res.json)}`);
  }
  if (documented && res.text.length === 0 && content && res.status !== 204)
    problems.push(`an empty body, though ${res.status} documents one`);
  if (call.kind === 'valid') {
    const issues = (res.json as { issues?: { path: string; message: string }[] } | undefined)?.issues;
    const betweenFields = issues?.every((issue) => BETWEEN_FIELDS.has(`${issue.path}: ${issue.message}`));
    if (res.status === 400 && Array.isArray(issues) && !betweenFields)
      problems.push(`a valid request refused for its input: ${JSON.stringify(issues).slice(0, 300)}`);
    if (res.status === 413 || res.status === 415) problems.push(`a valid request refused with ${res.status}`);
  } else if (!REFUSALS.has(res.status) && !alsoRefusedWith(op, call.broken).includes(res.status)) {
    problems.push(`a request without a valid ${call.broken?.where} (${call.broken?.what}) was not refused`);
  }
  return problems;
}

function describeExchange(op: Operation, identity: Identity, call: Call, res: Response, problems: string[]) {
  const body = call.body === undefined ? '' : ` ${JSON.stringify(call.body)?.slice(0, 400)}`;
  const broken = call.broken ? ` [broken: ${call.broken.where} ${call.broken.what}]` : ' [valid]';
  return `${identity}: ${op.method} ${res.url.replace(t.baseUrl, '')}${body}${broken}\n→ ${res.status} ${res.text.slice(0, 400)}\n${problems.join('\n')}`;
}

/** What the pass saw: per operation, the statuses of valid and of invalid calls. */
const seen = new Map<string, { valid: Map<number, number>; invalid: Map<number, number> }>();

function record(op: Operation, call: Call, status: number) {
  const entry = seen.get(op.name) ?? { valid: new Map(), invalid: new Map() };
  seen.set(op.name, entry);
  const counts = entry[call.kind];
  counts.set(status, (counts.get(status) ?? 0) + 1);
}

/** Calls that end sessions or tokens: the identities are made anew before each of them. */
const ENDS_IDENTITIES =
  /^(POST \/logout|DELETE \/tokens|PUT \/profile\/(password|email)|POST \/admin\/users\/\{id\}\/suspension)/;
/** A suspension of one of the accounts the identities use: lifted again at once, so the later calls still have them. */
const SUSPENDS = 'POST /admin/users/{id}/suspension';
const SITE_SETTINGS = 'PUT /site-settings';

/** The property for one operation: each generated call, as a generated identity, gets an answer by the document. */
function contractProperty(op: Operation, identities: readonly Identity[], kinds: Call['kind'][], survey = SURVEY) {
  return fc.asyncProperty(fc.constantFrom(...identities), callOf(op, kinds), async (identity, call) => {
    const res = await send(op, identity, call);
    // A site mode switched on would give every later call a 503: back to the site as it was.
    if (op.name === SITE_SETTINGS && res.status === 200) await resetSiteSettings();
    if (op.name === SUSPENDS && res.status === 200) {
      await t.app.services.suspensions.lift(0, { id: (res.json as { id: number }).id, note: null });
    }
    if (ENDS_IDENTITIES.test(op.name) && res.status < 300) await keepIdentities();
    record(op, call, res.status);
    const problems = contractProblems(op, call, res);
    if (problems.length && survey) surveyed.push(describeExchange(op, identity, call, res, problems));
    else if (problems.length) throw new Error(describeExchange(op, identity, call, res, problems));
  });
}

let siteSettings: unknown;
async function resetSiteSettings() {
  const res = await new HttpClient(t.baseUrl, credentials['admin session']).put('/api/site-settings', siteSettings);
  expect(res.status).toBe(200);
}

// ---- The pass -----------------------------------------------------------------------------------------------------

t = await startTestApp({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, TRUST_PROXY: 'true' });
const servedDocument: DocumentJson = (await new HttpClient(t.baseUrl).get('/api/openapi.json')).body;
const operations = readOperations(servedDocument);

beforeAll(async () => {
  photo = new Blob([new Uint8Array(await jpegBytes(64, 48))], { type: 'image/jpeg' });
  fixture = await makeApiFixture(t, ADMIN, USER_PASSWORD);
  userEmail = (await fixture.user.get('/api/user')).body.email;
  credentials.anonymous = {};
  credentials['user session'] = cookieOf(fixture.user);
  credentials['admin session'] = cookieOf(fixture.admin);
  hints.ids = [...fixture.ids];
  hints.strings = NAMED_STRINGS(fixture);
  await keepIdentities();
  siteSettings = (await new HttpClient(t.baseUrl).get('/api/site-settings')).body;
});
afterAll(async () => {
  if (SURVEY) console.log(`${surveyed.length} mismatches\n\n${surveyed.join('\n\n')}`);
  await t?.close();
});

describe('generated requests against the OpenAPI document', () => {
  it('reads every operation, sign-out last', () => {
    expect(operations.length).toBeGreaterThanOrEqual(70);
    expect(
      operations
        .slice(-2)
        .map((op) => op.name)
        .sort(),
    ).toEqual(['POST /logout', 'POST /logout/everywhere']);
  });

  it.each(operations.map((op) => [op.name, op] as const))(
    '%s: every answer as documented, valid requests let through, invalid ones refused',
    async (_, op) => {
      await keepIdentities();
      await fc.assert(contractProperty(op, IDENTITIES, ['valid', 'invalid']), {
        seed: SEED,
        numRuns: RUNS,
        endOnFailure: true,
      });
    },
    // A second a request at most, even on a busy machine (sign-ins and uploads are the slow ones).
    Math.max(30_000, RUNS * 1_000),
  );

  it('reached past validation and was refused by it: the pass is not vacuous', () => {
    const succeeded = [...seen].filter(([, s]) => [...s.valid.keys()].some((status) => status < 300));
    const refused = [...seen].filter(([, s]) => s.invalid.has(400));
    const summary = [...seen].map(
      ([name, s]) => `${name}: valid ${JSON.stringify([...s.valid])} invalid ${JSON.stringify([...s.invalid])}`,
    );
    expect(succeeded.length, summary.join('\n')).toBeGreaterThanOrEqual(Math.floor(operations.length * 0.7));
    expect(refused.length, summary.join('\n')).toBeGreaterThanOrEqual(Math.floor(operations.length * 0.5));
  });
});

describe('the same check against a document with one constraint removed', () => {
  // An honest check must be able to fail: with a constraint gone from the document, requests it now calls valid are
  // refused by the server, and the check says so.
  const jsonBody = (doc: DocumentJson, path: string, method: string) =>
    doc.paths[path][method].requestBody.content['application/json'].schema;
  const mutations = [
    {
      label: "a cart line's quantity without its maximum",
      op: 'PUT /cart/{id}',
      remove: (doc: DocumentJson) => {
        delete jsonBody(doc, '/cart/{id}', 'put').properties.quantity.maximum;
      },
      reported: /a valid request refused for its input: .*"path":"quantity"/,
    },
    {
      label: "a token's name no longer required",
      op: 'POST /tokens',
      remove: (doc: DocumentJson) => {
        const schema = jsonBody(doc, '/tokens', 'post');
        schema.required = schema.required.filter((field: string) => field !== 'name');
      },
      reported: /a valid request refused for its input: .*"path":"name"/,
    },
  ];

  it.each(mutations)('$label: the check reports a mismatch', async ({ op, remove, reported }) => {
    await keepIdentities();
    const doc = structuredClone(servedDocument);
    remove(doc);
    const mutated = readOperations(doc).find((candidate) => candidate.name === op);
    if (!mutated) throw new Error(`the document has no ${op}`);
    const result = await fc.check(contractProperty(mutated, ['user session'], ['valid'], false), {
      seed: SEED,
      numRuns: 100,
      endOnFailure: true,
    });
    expect(result.failed).toBe(true);
    expect(String(result.errorInstance)).toMatch(reported);
    // The same operation, by the document as served, passes.
    const served = operations.find((candidate) => candidate.name === op);
    if (!served) throw new Error(`the document has no ${op}`);
    const control = await fc.check(contractProperty(served, ['user session'], ['valid'], false), {
      seed: SEED,
      numRuns: 30,
    });
    expect(control.failed, String(control.errorInstance)).toBe(false);
  });
});
