import { MAX_ID } from '@curbside/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAdminTestApp } from '../admin-session';
import type { TestApp } from '../app';
import { HttpClient } from '../http';
import type { DocumentJson } from '../openapi-doc';

// Every status the server answers is one the document lists for that operation. The walk goes over every operation
// of the served document and sends it what makes a server refuse: no credentials, a wrong token, a read-only token,
// an ordinary user's session where an admin's is needed, a cross-site write, ids that name nothing, a query
// parameter it does not take, a body over the size limit or in another content type, and every call again while the
// site is in maintenance and in coming-soon mode. What the document lists comes from each procedure's meta (its
// access level and its service's refusals), so a procedure that starts refusing in a new way fails here until its
// meta says so.

/** A walk sends hundreds of requests: minutes on a busy machine with MySQL. */
const WALK_TIMEOUT = 300_000;

let t: TestApp;
let admin: HttpClient;
let user: HttpClient;
let doc: DocumentJson;
const callers: Record<string, HttpClient> = {};

beforeAll(async () => {
  ({ t, admin, user } = await startAdminTestApp());
  doc = (await user.get('/api/openapi.json')).body;
  const token = async (owner: HttpClient, scope: string) => {
    const res = await owner.post('/api/tokens', { name: `Walk ${scope}`, scope });
    expect(res.status, res.body?.message).toBe(201);
    return { authorization: `Bearer ${res.body.token}` };
  };
  Object.assign(callers, {
    visitor: new HttpClient(t.baseUrl),
    user,
    admin,
    'read token': new HttpClient(t.baseUrl, await token(user, 'read')),
    'write token': new HttpClient(t.baseUrl, await token(user, 'write')),
    'admin token': new HttpClient(t.baseUrl, await token(admin, 'admin')),
    'cross-site user': withHeaders(user, { origin: 'https://elsewhere.example' }),
  });
}, WALK_TIMEOUT);
afterAll(async () => {
  await t?.close();
});

/** `client`'s session, with `headers` on every request. */
function withHeaders(client: HttpClient, headers: Record<string, string>): HttpClient {
  const copy = new HttpClient(client.baseUrl, headers);
  copy.cookie = client.cookie;
  return copy;
}

interface Operation {
  method: string;
  path: string;
  responses: Record<string, unknown>;
  parameters: { in: string; name: string; schema?: { type?: string; pattern?: string } }[];
  hasBody: boolean;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

function operations(): Operation[] {
  return Object.entries(doc.paths as Record<string, Record<string, DocumentJson>>).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]).map((m) => ({
      method: m.toUpperCase(),
      path,
      responses: item[m].responses,
      parameters: item[m].parameters ?? [],
      hasBody: item[m].requestBody !== undefined,
    })),
  );
}

/** The operation's URL with every path parameter naming nothing there: the largest id, a month with no votes. */
function urlOf(operation: Operation, query = ''): string {
  const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const schema = operation.parameters.find((p) => p.in === 'path' && p.name === name)?.schema;
    if (schema?.type === 'integer') return String(MAX_ID);
    if (schema?.pattern?.includes('-')) return '2001-01';
    return 'no-such-thing';
  });
  return `/api${path}${query}`;
}

/** Signing out would end the session the calls after it use. */
const endsSession = (operation: Operation) => operation.path.startsWith('/logout');

/** Each operation as `client` sends it: ids that name nothing, an empty body; no sign-out when it is signed in. */
const plainCall = (client: HttpClient, signedIn: boolean) => (operation: Operation) =>
  signedIn && endsSession(operation)
    ? Promise.resolve(undefined)
    : client.request(operation.method, urlOf(operation), operation.hasBody ? {} : undefined);

interface Answer {
  call: string;
  status: number;
}

const seen = new Set<number>();

/** The calls whose status the document does not list for their operation. */
async function undocumented(
  label: string,
  send: (operation: Operation) => Promise<{ status: number } | undefined>,
): Promise<string[]> {
  const wrong: Answer[] = [];
  for (const operation of operations()) {
    const res = await send(operation);
    if (!res) continue;
    seen.add(res.status);
    if (!(String(res.status) in operation.responses)) {
      wrong.push({ call: `${label}: ${operation.method} ${operation.path}`, status: res.status });
    }
  }
  return wrong.map(({ call, status }) => `${call} → ${status}`);
}

const oversized = JSON.stringify({ padding: 'x'.repeat(1024 * 1024 + 1) });

describe('every status the server answers is listed for the operation', () => {
  it(
    'for each kind of caller, with ids that name nothing and an empty body',
    async () => {
      const wrong: string[] = [];
      for (const [label, client] of Object.entries(callers)) {
        wrong.push(...(await undocumented(label, plainCall(client, label !== 'visitor'))));
      }
      expect(wrong).toEqual([]);
    },
    WALK_TIMEOUT,
  );

  it(
    'for a query parameter the operation does not take',
    async () => {
      const wrong = await undocumented('admin', (operation) =>
        endsSession(operation)
          ? Promise.resolve(undefined)
          : admin.request(
              operation.method,
              urlOf(operation, '?unknownParameter=1'),
              operation.hasBody ? {} : undefined,
            ),
      );
      expect(wrong).toEqual([]);
    },
    WALK_TIMEOUT,
  );

  it(
    'for a body over the size limit, and a body in another content type',
    async () => {
      const wrong: string[] = [];
      for (const [label, body, type] of [
        ['too large', oversized, 'application/json'],
        ['plain text', 'hello', 'text/plain'],
        ['form', 'a=1', 'application/x-www-form-urlencoded'],
      ] as const) {
        wrong.push(
          // Fastify reads no GET body (nor can fetch send one); every other method's body it reads.
          ...(await undocumented(label, (operation) =>
            operation.method === 'GET' || endsSession(operation)
              ? Promise.resolve(undefined)
              : admin.request(operation.method, urlOf(operation), body, { 'content-type': type }),
          )),
        );
      }
      expect(wrong).toEqual([]);
    },
    WALK_TIMEOUT,
  );

  it(
    'while the site is in maintenance or coming-soon mode',
    async () => {
      const wrong: string[] = [];
      const setMode = async (maintenanceMode: boolean, comingSoonMode: boolean) => {
        const res = await admin.put('/api/site-settings', {
          maintenanceMode,
          comingSoonMode,
          maintenanceMessage: 'Back soon',
          comingSoonMessage: 'Opening soon',
          launchDate: '',
        });
        expect(res.status, res.body?.message).toBe(200);
      };
      try {
        for (const [mode, maintenance, comingSoon] of [
          ['maintenance', true, false],
          ['coming soon', false, true],
        ] as const) {
          await setMode(maintenance, comingSoon);
          for (const label of ['visitor', 'user', 'write token']) {
            const client = callers[label] as HttpClient;
            wrong.push(...(await undocumented(`${mode}, ${label}`, plainCall(client, label !== 'visitor'))));
          }
        }
      } finally {
        await setMode(false, false);
      }
      expect(wrong).toEqual([]);
    },
    WALK_TIMEOUT,
  );

  it(
    'for a token the server does not know (last: many of them throttle the address)',
    async () => {
      const wrong = await undocumented(
        'unknown token',
        plainCall(new HttpClient(t.baseUrl, { authorization: 'Bearer cbs_unknown' }), false),
      );
      expect(wrong).toEqual([]);
    },
    WALK_TIMEOUT,
  );

  it('has provoked each refusal the walk aims at (the walk is not vacuous)', () => {
    for (const status of [400, 401, 403, 404, 413, 415, 503]) expect(seen, String(status)).toContain(status);
  });
});
