import type { AnyTRPCProcedure } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jpegBytes, multipartPost } from '../../src/modules/images/upload-test-helpers';
import { appRouter } from '../../src/router';
import type { Meta } from '../../src/trpc';
import { startTestApp, type TestApp, unique } from '../app';
import { HttpClient } from '../http';

// Every admin procedure refuses visitors (401) and signed-in non-admins (403), over /trpc and over its /api path.
// The list is generated from the router: whatever is mounted under `admin.` is checked, so a new admin procedure
// cannot ship without this check. The multipart admin uploads are plain Fastify routes and are listed by hand.

interface AdminProcedure {
  path: string;
  type: 'query' | 'mutation';
  rest: { method: string; url: string } | null;
}

function adminProcedures(): AdminProcedure[] {
  const procedures = appRouter._def.procedures as unknown as Record<string, AnyTRPCProcedure>;
  return Object.entries(procedures)
    .filter(([path]) => path.startsWith('admin.'))
    .map(([path, procedure]) => {
      const def = procedure._def as unknown as { type: 'query' | 'mutation'; meta?: Meta };
      const openapi = def.meta?.openapi;
      return {
        path,
        type: def.type,
        rest: openapi ? { method: openapi.method, url: `/api${openapi.path.replace(/\{\w+\}/g, '1')}` } : null,
      };
    });
}

const PROCEDURES = adminProcedures();
const MULTIPART_ROUTES: { url: string; fields: Record<string, string> }[] = [
  { url: '/api/products/upload-image', fields: {} },
  { url: '/api/upload/advertisement', fields: { type: 'banner' } },
];

const ADMIN = { email: 'authz-boss@example.com', password: 'admin-password-1' };
let t: TestApp;
let anonymous: HttpClient;
let user: HttpClient;
let admin: HttpClient;

beforeAll(async () => {
  t = await startTestApp({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  anonymous = new HttpClient(t.baseUrl);
  user = new HttpClient(t.baseUrl);
  const name = unique('authz');
  const registered = await user.post('/api/register', {
    email: `${name}@example.com`,
    username: name,
    password: 'hunter22',
  });
  expect(registered.status).toBe(201);
  admin = new HttpClient(t.baseUrl);
  expect((await admin.post('/api/login', ADMIN)).status).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

function callTrpc(client: HttpClient, procedure: AdminProcedure) {
  return procedure.type === 'query'
    ? client.get(`/trpc/${procedure.path}`)
    : client.post(`/trpc/${procedure.path}`, {});
}

function callRest(client: HttpClient, rest: NonNullable<AdminProcedure['rest']>) {
  const body = rest.method === 'GET' || rest.method === 'DELETE' ? undefined : {};
  return client.request(rest.method, rest.url, body);
}

describe('the admin router walk', () => {
  it('finds every admin procedure, each with its /api path', () => {
    expect(PROCEDURES.length).toBeGreaterThanOrEqual(15);
    expect(PROCEDURES.map((p) => p.path)).toEqual(
      expect.arrayContaining(['admin.cars.delete', 'admin.orders.updateStatus', 'admin.stats.overview']),
    );
    expect(PROCEDURES.filter((p) => p.rest === null).map((p) => p.path)).toEqual([]);
  });
});

describe.each(PROCEDURES)('$path', (procedure) => {
  it('refuses visitors with 401 and non-admins with 403 over /trpc', async () => {
    const anon = await callTrpc(anonymous, procedure);
    expect(anon.status).toBe(401);
    expect(anon.body.error.message).toBe('Authentication required');
    const refused = await callTrpc(user, procedure);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe('Admin access required');
  });

  it.runIf(procedure.rest)(
    `refuses visitors with 401 and non-admins with 403 over ${procedure.rest?.method} ${procedure.rest?.url}`,
    async () => {
      const rest = procedure.rest as NonNullable<AdminProcedure['rest']>;
      const anon = await callRest(anonymous, rest);
      expect(anon.status).toBe(401);
      expect(anon.body.message).toBe('Authentication required');
      const refused = await callRest(user, rest);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe('Admin access required');
    },
  );
});

describe.each(MULTIPART_ROUTES)('POST $url (multipart upload)', ({ url, fields }) => {
  it('refuses visitors with 401 and non-admins with 403', async () => {
    const file = { field: 'image', bytes: await jpegBytes(), name: 'ad.jpg' };
    const anon = await multipartPost(anonymous, url, fields, file);
    expect(anon.status).toBe(401);
    expect(anon.body.message).toEqual(expect.any(String));
    const refused = await multipartPost(user, url, fields, file);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toEqual(expect.any(String));
  });
});

describe('an admin', () => {
  it('is let through (admin.stats.overview over /trpc and /api)', async () => {
    const viaTrpc = await admin.get('/trpc/admin.stats.overview');
    expect(viaTrpc.status).toBe(200);
    expect(viaTrpc.body.result.data).toMatchObject({ totalCars: expect.any(Number) });
    const viaRest = await admin.get('/api/admin/stats');
    expect(viaRest.status).toBe(200);
    expect(viaRest.body).toEqual(viaTrpc.body.result.data);
  });
});
