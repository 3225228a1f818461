import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { breakingChanges } from '../../src/transports/openapi-breaking';
import { startAdminTestApp } from '../admin-session';
import type { TestApp } from '../app';
import { HttpClient } from '../http';
import { COMMITTED_DOCUMENT, type DocumentJson, inlineRefs, readCommittedDocument } from '../openapi-doc';

// The OpenAPI document is a contract that integrators and their CI rely on: the committed docs/openapi.json is what
// the server serves, it does not break a client built against the earlier one unless that is acknowledged, and
// every status the server returns is listed for the operation that returns it, in the documented error shape.

let t: TestApp;
let admin: HttpClient;
let user: HttpClient;
let served: DocumentJson;

beforeAll(async () => {
  ({ t, admin, user } = await startAdminTestApp());
  served = (await new HttpClient(t.baseUrl).get('/api/openapi.json')).body;
});
afterAll(async () => {
  await t?.close();
});

type Operation = { security?: unknown[]; tags?: string[]; parameters?: { in: string; required?: boolean }[] };
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
const operationsOf = (doc: DocumentJson): [string, string, Operation & { responses: Record<string, unknown> }][] =>
  Object.entries(doc.paths as Record<string, Record<string, DocumentJson>>).flatMap(([p, item]) =>
    METHODS.filter((m) => item[m]).map((m) => [p, m, item[m]] as [string, string, DocumentJson]),
  );

describe('the committed document', () => {
  it('is the document the server serves', () => {
    expect(
      served,
      'docs/openapi.json differs from /api/openapi.json: run `npm run openapi:write` and commit docs/openapi.json',
    ).toEqual(readCommittedDocument());
  });

  it('breaks no client built against the document at the merge base, unless the change is acknowledged', () => {
    const baseline = baselineDocument();
    if (!baseline) return; // no earlier document to compare with (the first one, or no git history here)
    const acknowledged = new Set(acknowledgedChanges().map((entry) => entry.change));
    const unacknowledged = breakingChanges(baseline.document, readCommittedDocument()).filter(
      (change) => !acknowledged.has(change),
    );
    expect(
      unacknowledged,
      `Breaking changes to the REST contract since ${baseline.revision}. If they are meant, add each line to ` +
        'docs/openapi-breaking-changes.json as {"change": "…", "reason": "…"}',
    ).toEqual([]);
  });

  it('gives every acknowledged breaking change a reason', () => {
    for (const entry of acknowledgedChanges()) {
      expect(typeof entry.change).toBe('string');
      expect(entry.reason?.trim().length, entry.change).toBeGreaterThan(10);
    }
  });
});

describe('the document', () => {
  it('names its shared shapes, tags every operation by domain, and is served relative to any host', () => {
    expect(served.servers).toEqual([{ url: '/api', description: expect.any(String) }]);
    for (const name of ['Car', 'CarImage', 'Product', 'CartItem', 'Order', 'OrderItem', 'Event', 'Advertisement']) {
      expect(served.components.schemas[name], name).toBeDefined();
    }
    for (const name of ['SiteSettings', 'User', 'Error']) expect(served.components.schemas[name], name).toBeDefined();
    expect(served.paths['/cars'].get.responses['200'].content['application/json'].schema).toEqual({
      type: 'array',
      items: { $ref: '#/components/schemas/Car' },
    });
    const tags = new Set(served.tags.map((tag: { name: string }) => tag.name));
    for (const [p, method, operation] of operationsOf(served)) {
      const where = `${method.toUpperCase()} ${p}`;
      expect(operation.tags?.length, where).toBe(1);
      expect(tags.has(operation.tags?.[0] ?? ''), where).toBe(true);
      expect(Array.isArray(operation.security), where).toBe(true);
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in === 'path') expect(parameter.required, where).toBe(true);
      }
    }
  });

  it('says what a request field accepts: formats, patterns, enums and limits', () => {
    const body = (p: string, method: string) =>
      inlineRefs(served).paths[p][method].requestBody.content['application/json'].schema.properties;
    expect(body('/events', 'post').eventDate.format).toBe('date-time');
    expect(body('/advertisements', 'post').startDate.format).toBe('date');
    expect(body('/advertisements', 'post').linkUrl.pattern).toBe('^https?://');
    expect(body('/advertisements', 'post').type.enum).toEqual(['banner', 'column']);
    expect(body('/cart', 'post').quantity).toMatchObject({ type: 'integer', minimum: 1 });
    const query = served.paths['/cars'].get.parameters;
    expect(query.find((q: { name: string }) => q.name === 'featured').schema).toEqual({ type: 'boolean' });
    expect(query.find((q: { name: string }) => q.name === 'limit').schema).toMatchObject({ maximum: 100 });
  });
});

describe('the statuses and the error shape the document gives are the ones the server returns', () => {
  const errorSchema = () => z.fromJSONSchema(served.components.schemas.Error);

  it('a validation error matches the Error schema, issues[].path included', async () => {
    const res = await new HttpClient(t.baseUrl).post('/api/register', { email: 'nope' });
    expect(res.status).toBe(400);
    expect(res.body.issues.length).toBeGreaterThan(1);
    expect(errorSchema().safeParse(res.body).success).toBe(true);
  });

  it('calling every operation as a visitor, and as an admin with an empty body, gets a documented status', async () => {
    const visitor = new HttpClient(t.baseUrl);
    const undocumented: string[] = [];
    for (const caller of [visitor, admin]) {
      for (const [p, method, operation] of operationsOf(served)) {
        // Signing out would end the admin's session for the calls after it.
        if (caller === admin && p.startsWith('/logout')) continue;
        const url = `/api${p.replace(/\{\w+\}/g, '999999')}`;
        const res = await caller.request(method.toUpperCase(), url, method === 'get' ? undefined : {});
        if (!(String(res.status) in operation.responses)) {
          undocumented.push(`${method.toUpperCase()} ${p}: ${res.status} ${res.body?.message ?? ''}`);
        }
        if (res.status >= 400) expect(errorSchema().safeParse(res.body).success, `${method} ${p}`).toBe(true);
      }
    }
    expect(undocumented).toEqual([]);
  });

  it('lists 409 and 429 where the server returns them', async () => {
    const taken = await new HttpClient(t.baseUrl).post('/api/register', {
      username: `x${Date.now()}`,
      email: (await user.get('/api/user')).body.email,
      password: 'long-enough-1',
    });
    expect(taken.status).toBe(409);
    expect(served.paths['/register'].post.responses).toHaveProperty('409');
    const wrong = new HttpClient(t.baseUrl);
    let last = 0;
    for (let i = 0; i < 30 && last !== 429; i++) {
      last = (await wrong.post('/api/login', { email: 'nobody@example.com', password: 'wrong-password' })).status;
    }
    expect(last).toBe(429);
    expect(served.paths['/login'].post.responses).toHaveProperty('429');
  });
});

/** The committed document at the merge base with main (OPENAPI_BASE overrides it), or null when there is none. */
function baselineDocument(): { revision: string; document: DocumentJson } | null {
  const root = path.resolve(path.dirname(COMMITTED_DOCUMENT), '..');
  const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: 'pipe' }).trim();
  let revision = process.env.OPENAPI_BASE;
  try {
    if (!revision) {
      try {
        revision = git('merge-base', 'HEAD', 'main');
      } catch {
        revision = 'HEAD';
      }
    }
    return { revision, document: JSON.parse(git('show', `${revision}:docs/openapi.json`)) };
  } catch {
    return null;
  }
}

function acknowledgedChanges(): { change: string; reason?: string }[] {
  const file = path.join(path.dirname(COMMITTED_DOCUMENT), 'openapi-breaking-changes.json');
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : [];
}
