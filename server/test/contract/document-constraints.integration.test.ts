import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAdminTestApp } from '../admin-session';
import type { TestApp } from '../app';
import type { HttpClient } from '../http';
import { type DocumentJson, inlineRefs } from '../openapi-doc';

// The document and the server give one verdict: a request the served OpenAPI document calls valid is not refused by
// validation (a 400 that lists `issues`), and one it calls invalid is. Each case below is one of the constraints a
// generated client or a fuzzer reads from the document: formats, patterns, ranges, required fields.

let t: TestApp;
let admin: HttpClient;
let user: HttpClient;
let doc: DocumentJson;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);

beforeAll(async () => {
  ({ t, admin, user } = await startAdminTestApp());
  doc = inlineRefs((await user.get('/api/openapi.json')).body);
});
afterAll(async () => {
  await t?.close();
});

/** The document's verdict on a JSON body of `method path`. */
function documentAcceptsBody(method: string, path: string, body: unknown): boolean {
  const schema = doc.paths[path]?.[method.toLowerCase()]?.requestBody?.content?.['application/json']?.schema;
  if (!schema) throw new Error(`the document has no JSON body for ${method} ${path}`);
  return ajv.validate(schema, body);
}

/** The document's verdict on one path or query parameter value (sent as text; integers are read as numbers). */
function documentAcceptsParameter(path: string, name: string, text: string): boolean {
  const parameter = doc.paths[path]?.get?.parameters?.find((p: { name: string }) => p.name === name);
  if (!parameter) throw new Error(`the document has no parameter ${name} on GET ${path}`);
  const value = parameter.schema.type === 'integer' && /^\d+$/.test(text) ? Number(text) : text;
  return ajv.validate(parameter.schema, value);
}

/** Whether the server refused the request for its input: a 400 naming the invalid fields. */
const refusedByValidation = (res: { status: number; body: { issues?: unknown } }) =>
  res.status === 400 && Array.isArray(res.body?.issues);

const settings = (launchDate: string) => ({
  maintenanceMode: false,
  comingSoonMode: false,
  maintenanceMessage: 'Back soon',
  comingSoonMessage: 'Soon',
  launchDate,
});

const car = (fields: object) => ({
  make: 'BMW',
  model: 'M3',
  year: 1999,
  ownerName: 'Ada',
  category: 'Euro',
  legalAgreement: true,
  ...fields,
});

const ad = (startDate: string) => ({
  name: 'Wax',
  type: 'banner',
  imageUrl: 'https://example.com/ad.png',
  linkUrl: 'https://example.com/',
  startDate,
  endDate: '2030-12-31',
});

describe('request bodies', () => {
  const address = { name: 'Ada', line1: '1 Main St', city: 'Austin', state: 'TX', postalCode: '78701' };
  const cases: { label: string; method: string; path: string; body: unknown; as: () => HttpClient }[] = [
    {
      label: 'a login without an e-mail address',
      method: 'POST',
      path: '/login',
      body: { email: 'ada', password: 'x' },
      as: () => user,
    },
    {
      label: 'a login with one',
      method: 'POST',
      path: '/login',
      body: { email: 'ada@example.com', password: 'x' },
      as: () => user,
    },
    { label: 'a subscription to "ada@"', method: 'POST', path: '/subscribe', body: { email: 'ada@' }, as: () => user },
    { label: 'a subscription', method: 'POST', path: '/subscribe', body: { email: 'ada@example.com' }, as: () => user },
    { label: 'a reset for "x"', method: 'POST', path: '/password-reset/request', body: { email: 'x' }, as: () => user },
    { label: 'a profile change with no field', method: 'PUT', path: '/profile', body: {}, as: () => user },
    {
      label: 'a profile change of the bio',
      method: 'PUT',
      path: '/profile',
      body: { bio: 'Weekend racer' },
      as: () => user,
    },
    {
      label: 'a payment without its details',
      method: 'POST',
      path: '/create-payment-intent',
      body: {},
      as: () => user,
    },
    {
      label: 'a payment with its e-mail only',
      method: 'POST',
      path: '/create-payment-intent',
      body: { orderInfo: { email: 'a@b.co' } },
      as: () => user,
    },
    {
      label: 'a payment (flat)',
      method: 'POST',
      path: '/create-payment-intent',
      body: { email: 'a@b.co', shippingAddress: address },
      as: () => user,
    },
    {
      label: 'a payment (in orderInfo)',
      method: 'POST',
      path: '/create-payment-intent',
      body: { orderInfo: { email: 'a@b.co', shippingAddress: address } },
      as: () => user,
    },
    {
      label: 'a launch on day 89',
      method: 'PUT',
      path: '/site-settings',
      body: settings('1533-12-89'),
      as: () => admin,
    },
    {
      label: 'a launch on February 29 of a common year',
      method: 'PUT',
      path: '/site-settings',
      body: settings('2027-02-29'),
      as: () => admin,
    },
    {
      label: 'a launch on February 29 of a leap year',
      method: 'PUT',
      path: '/site-settings',
      body: settings('2028-02-29'),
      as: () => admin,
    },
    { label: 'no launch date', method: 'PUT', path: '/site-settings', body: settings(''), as: () => admin },
    { label: 'a car of 1885', method: 'POST', path: '/cars', body: car({ year: 1885 }), as: () => admin },
    { label: 'a car of " 1999 "', method: 'POST', path: '/cars', body: car({ year: ' 1999 ' }), as: () => admin },
    { label: 'a car of year 99', method: 'POST', path: '/cars', body: car({ year: '99' }), as: () => admin },
    { label: 'a car whose make is spaces', method: 'POST', path: '/cars', body: car({ make: '   ' }), as: () => admin },
    {
      label: 'a car with a blank spec name',
      method: 'POST',
      path: '/cars',
      body: car({ additionalSpecs: { ' ': 'x' } }),
      as: () => admin,
    },
    {
      label: 'a payment to state "tx"',
      method: 'POST',
      path: '/create-payment-intent',
      body: { email: 'a@b.co', shippingAddress: { ...address, state: ' tx ' } },
      as: () => user,
    },
    {
      label: 'a payment to state "XX"',
      method: 'POST',
      path: '/create-payment-intent',
      body: { email: 'a@b.co', shippingAddress: { ...address, state: 'XX' } },
      as: () => user,
    },
    { label: 'an ad from 1999', method: 'POST', path: '/advertisements', body: ad('1999-12-31'), as: () => admin },
    { label: 'an ad from 2030', method: 'POST', path: '/advertisements', body: ad('2030-01-01'), as: () => admin },
  ];

  it.each(cases)('$label: the document and the server agree', async ({ method, path, body, as }) => {
    const documented = documentAcceptsBody(method, path, body);
    const res = await as().request(method, `/api${path}`, body);
    expect({ documented, refused: refusedByValidation(res) }).toEqual({ documented, refused: !documented });
  });

  it('calls the cases above both ways (the check is not vacuous)', () => {
    const verdicts = cases.map(({ method, path, body }) => documentAcceptsBody(method, path, body));
    expect(verdicts).toContain(true);
    expect(verdicts).toContain(false);
  });
});

describe('path and query parameters', () => {
  const cases = [
    { path: '/hall-of-fame/{month}', name: 'month', value: '2025-13', url: '/api/hall-of-fame/2025-13' },
    { path: '/hall-of-fame/{month}', name: 'month', value: '2025-01', url: '/api/hall-of-fame/2025-01' },
    { path: '/cars/search', name: 'q', value: '   ', url: '/api/cars/search?q=%20%20%20' },
    { path: '/cars/search', name: 'q', value: ' e30 ', url: '/api/cars/search?q=%20e30%20' },
    { path: '/orders/{id}', name: 'id', value: '2147483648', url: '/api/orders/2147483648' },
    { path: '/orders/{id}', name: 'id', value: '2147483647', url: '/api/orders/2147483647' },
  ];

  it.each(cases)('GET $url: the document and the server agree', async ({ path, name, value, url }) => {
    const documented = documentAcceptsParameter(path, name, value);
    const res = await admin.get(url);
    expect({ documented, refused: refusedByValidation(res) }).toEqual({ documented, refused: !documented });
  });
});
