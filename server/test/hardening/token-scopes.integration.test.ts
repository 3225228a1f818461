import { MESSAGES } from '@curbside/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../app';
import { HttpClient } from '../http';
import { callPlainRoute, PLAIN_ROUTES, type PlainRouteIds, plainRouteLabel } from '../plain-routes';
import { callProcedure, listProcedures, type Procedure, type Transport } from '../procedures';
import { signedIn } from './fixtures';

// API token scopes across the whole router: every procedure, over /trpc and over its /api route, called with a
// token of an admin (who may do everything), so only the token's scope can refuse. A read token changes nothing
// anywhere; a write token reaches no admin procedure; an admin token reaches them. Inputs are left out: the scope
// is decided before the input is read, and a call let through responds with 400 for its missing input instead.

const S = MESSAGES.server;
let t: TestApp;
const headers = {} as Record<'read' | 'write' | 'admin', Record<string, string>>;
const tokens = {} as Record<'read' | 'write' | 'admin', HttpClient>;
/** The plain routes' URLs name nothing that exists: the scope is decided before the route looks for it. */
const NO_IDS: PlainRouteIds = {
  carId: 999_999,
  slug: 'no-such-car',
  orderId: 999_999,
  itemId: 999_999,
  fileKey: 'none.jpg',
};
const plain = PLAIN_ROUTES.map((route) => ({ route, label: plainRouteLabel(route) }));

beforeAll(async () => {
  t = await startTestApp();
  const { client } = await signedIn(t, 'admin');
  for (const scope of ['read', 'write', 'admin'] as const) {
    const res = await client.post('/api/tokens', { name: `Sweep ${scope}`, scope });
    expect(res.status).toBe(201);
    tokens[scope] = new HttpClient(t.baseUrl, { authorization: `Bearer ${res.body.token}` });
    headers[scope] = { authorization: `Bearer ${res.body.token}` };
  }
});
afterAll(async () => {
  await t?.close();
});

const cases = listProcedures().flatMap((procedure) =>
  (procedure.rest ? (['trpc', 'rest'] as Transport[]) : (['trpc'] as Transport[])).map((transport) => ({
    procedure,
    transport,
    label:
      transport === 'rest' && procedure.rest
        ? `${procedure.rest.method} ${procedure.rest.url}`
        : `/trpc/${procedure.path}`,
  })),
);
const isAdmin = (procedure: Procedure) => procedure.path.startsWith('admin.');

/** Every table but the tokens' own (whose last-used time a call may write). */
async function snapshot(): Promise<Record<string, unknown[]>> {
  const ds = t.app.services.ds;
  const rows: Record<string, unknown[]> = {};
  for (const table of ds.entityMetadatas.map((m) => m.tableName).filter((name) => name !== 'api_tokens')) {
    rows[table] = await ds.query(`SELECT * FROM ${ds.driver.escape(table)}`);
  }
  return rows;
}

describe('a read token', () => {
  it('is refused (403) by every mutation, and the database stays exactly as it was', async () => {
    const before = await snapshot();
    const responses: string[] = [];
    for (const { procedure, transport, label } of cases.filter((c) => c.procedure.type === 'mutation')) {
      const response = await callProcedure(tokens.read, procedure, transport, undefined);
      responses.push(`${label}: ${response.status} ${response.message}`);
    }
    expect(responses.length).toBeGreaterThan(40);
    expect(responses.filter((a) => !a.endsWith(`: 403 ${S.apiTokenReadOnly}`))).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it('reads: no query is refused for its scope, except the admin ones', async () => {
    const responses: string[] = [];
    for (const { procedure, transport, label } of cases.filter((c) => c.procedure.type === 'query')) {
      const response = await callProcedure(tokens.read, procedure, transport, undefined);
      const refused = response.status === 401 || response.status === 403;
      if (refused !== isAdmin(procedure)) responses.push(`${label}: ${response.status} ${response.message}`);
    }
    expect(responses).toEqual([]);
  });
});

describe('a write token', () => {
  it.each(cases.filter((c) => isAdmin(c.procedure)))('is refused by $label (403)', async ({ procedure, transport }) => {
    const response = await callProcedure(tokens.write, procedure, transport, undefined);
    expect([response.status, response.message]).toEqual([403, S.apiTokenNotAdmin]);
  });
});

describe('an admin token', () => {
  it.each(cases.filter((c) => isAdmin(c.procedure)))('reaches $label', async ({ procedure, transport }) => {
    const response = await callProcedure(tokens.admin, procedure, transport, undefined);
    expect([401, 403]).not.toContain(response.status);
  });
});

describe('the API document', () => {
  /** Each operation's security requirement names, by operationId (the procedure path, dots as dashes). */
  async function securityByOperation(): Promise<Map<string, string[]>> {
    const doc = (await new HttpClient(t.baseUrl).get('/api/openapi.json')).body;
    const bySecurity = new Map<string, string[]>();
    for (const item of Object.values(doc.paths) as Record<string, { operationId: string; security: object[] }>[]) {
      for (const operation of Object.values(item)) {
        bySecurity.set(
          operation.operationId,
          operation.security.flatMap((requirement) => Object.keys(requirement)),
        );
      }
    }
    return bySecurity;
  }

  it('lists the bearer token on exactly the operations an admin token reaches', async () => {
    const security = await securityByOperation();
    const wrong: string[] = [];
    for (const { procedure, label } of cases.filter((c) => c.transport === 'rest')) {
      const listed = security.get(procedure.path.replace(/\./g, '-')) ?? [];
      if (!listed.includes('sessionCookie')) continue; // a public operation: a token is neither asked nor refused
      const response = await callProcedure(tokens.admin, procedure, 'rest', undefined);
      const refusedAsToken =
        response.status === 401 || (response.status === 403 && /token/i.test(response.message ?? ''));
      if (listed.includes('bearerToken') === refusedAsToken) wrong.push(`${label}: ${listed} but ${response.status}`);
    }
    expect(wrong).toEqual([]);
  });

  // The plain routes' tests below show the uploads take a write (and an admin) token as they take the session.
  it('lists the bearer token on the uploads', async () => {
    const security = await securityByOperation();
    for (const id of ['images-upload', 'profile-picture', 'products-upload-image', 'advertisements-upload-image']) {
      expect(security.get(id), id).toEqual(['sessionCookie', 'bearerToken']);
    }
  });
});

describe('the plain routes (uploads, downloads, PDFs, files)', () => {
  it('refuse every change to a read token (403), and the database stays exactly as it was', async () => {
    const before = await snapshot();
    const responses: string[] = [];
    for (const { route, label } of plain.filter((p) => p.route.method !== 'GET')) {
      const response = await callPlainRoute(new HttpClient(t.baseUrl), route, NO_IDS, headers.read);
      responses.push(`${label}: ${response.status} ${response.message}`);
    }
    expect(responses.length).toBeGreaterThanOrEqual(4);
    expect(responses.filter((a) => !/: 403 /.test(a))).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it.each(plain.filter((p) => p.route.level === 'admin'))('$label: refused to a write token', async ({ route }) => {
    const response = await callPlainRoute(new HttpClient(t.baseUrl), route, NO_IDS, headers.write);
    expect([response.status, response.message]).toEqual([403, S.apiTokenNotAdmin]);
  });

  it.each(plain.filter((p) => p.route.level === 'admin'))('$label: reached by an admin token', async ({ route }) => {
    const response = await callPlainRoute(new HttpClient(t.baseUrl), route, NO_IDS, headers.admin);
    expect([401, 403]).not.toContain(response.status);
  });
});
