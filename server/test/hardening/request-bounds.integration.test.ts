import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { LIMITS, MESSAGES, SERVER_LIMITS } from '@curbside/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoginFailureEntity } from '../../src/modules/accounts/login-failure.entity';
import { VoteEntity } from '../../src/modules/votes/vote.entity';
import { startTestApp, type TestApp } from '../app';
import { HttpClient } from '../http';
import { makeCar } from '../showcase-fixtures';

// What one request may cost (docs/reliability.md, "Abuse limits"): batches, responses, compressed and deeply nested
// bodies, bodies that never finish arriving, forwarded addresses, and what production refuses to start with.

const S = MESSAGES.server;
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ REQUEST_TIMEOUT_MS: '2000' });
});
afterAll(async () => {
  await t?.close();
});

/** A tRPC batch GET of `calls` (procedure and input), as httpBatchLink sends it. */
function batchGet(calls: [string, unknown][]) {
  const paths = calls.map(([procedure]) => procedure).join(',');
  const input = Object.fromEntries(calls.map(([, value], i) => [i, value]));
  return fetch(`${t.baseUrl}/trpc/${paths}?batch=1&input=${encodeURIComponent(JSON.stringify(input))}`);
}

describe('tRPC batches', () => {
  it(`respond to up to ${LIMITS.trpcBatchMax} queries at once, and refuse a larger batch whole with a message`, async () => {
    const within = await batchGet(Array.from({ length: LIMITS.trpcBatchMax }, () => ['cars.list', { limit: 1 }]));
    expect(within.status).toBe(200);
    expect(await within.json()).toHaveLength(LIMITS.trpcBatchMax);

    const over = await batchGet(Array.from({ length: LIMITS.trpcBatchMax + 1 }, () => ['cars.list', { limit: 100 }]));
    expect(over.status).toBe(400);
    expect(((await over.json()) as { message: string }).message).toBe(S.batchTooLarge(LIMITS.trpcBatchMax));
  });

  it('refuse mutations sent together: sixty sign-in guesses in one request are not even tried', async () => {
    const email = `batch-${Date.now()}@example.com`;
    const calls = Array.from({ length: 60 }, () => 'accounts.login');
    const input = Object.fromEntries(calls.map((_, i) => [i, { email, password: `guess-${i}` }]));
    for (const separator of [',', '%2C']) {
      const res = await fetch(`${t.baseUrl}/trpc/${calls.join(separator)}?batch=1`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(input),
      });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe(S.mutationBatch);
    }
    expect(await t.app.services.ds.getRepository(LoginFailureEntity).countBy({ email })).toBe(0);
    // One at a time, as the browser sends them, they are tried (and counted).
    const single = await new HttpClient(t.baseUrl).trpc('mutation', 'accounts.login', { email, password: 'guess' });
    expect(single.status).toBe(401);
  });

  it('stop responding once a request has asked for its share: a batch of the largest gallery pages', async () => {
    // Cars with the longest texts, escaped as heavily as JSON allows: a page of 100 is about 3 million characters.
    const long = '"\\'.repeat(LIMITS.storyMax / 2);
    const specs = Object.fromEntries(
      Array.from({ length: LIMITS.specEntriesMax }, (_, i) => [
        `k${i}`.padEnd(LIMITS.specKeyMax, 'x'),
        '"'.repeat(200),
      ]),
    );
    for (let i = 0; i < 90; i++) {
      await makeCar(t.app.services.ds, { story: long, specs: long, additionalSpecs: specs as never });
    }
    const pages = Array.from({ length: LIMITS.trpcBatchMax }, (_, i): [string, unknown] => [
      'cars.list',
      { limit: 100, offset: i },
    ]);
    const res = await batchGet(pages);
    const text = await res.text();
    const responses = JSON.parse(text) as ({ result: unknown } | { error: { message: string } })[];
    const served = responses.filter((a) => 'result' in a).length;
    expect(served).toBeGreaterThanOrEqual(1);
    expect(served).toBeLessThan(LIMITS.trpcBatchMax);
    for (const refused of responses.filter((a) => 'error' in a)) {
      expect((refused as { error: { message: string } }).error.message).toBe(S.responseTooLarge);
    }
    // The budget and at most one page beyond it.
    expect(text.length).toBeLessThan(SERVER_LIMITS.responseCharsMax + 3_500_000);
    // A page asked for on its own is sent in full.
    const alone = await fetch(`${t.baseUrl}/api/cars?limit=100&offset=5`);
    expect([alone.status, ((await alone.json()) as unknown[]).length]).toEqual([200, 85]);
  });
});

describe('request bodies', () => {
  it('refuses a compressed body with 415 and a message instead of unpacking it', async () => {
    const body = gzipSync(Buffer.from('['.repeat(1024 * 1024)));
    for (const url of ['/api/login', '/trpc/accounts.login']) {
      const res = await fetch(t.baseUrl + url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
        body,
      });
      expect(res.status).toBe(415);
      expect(((await res.json()) as { message: string }).message).toBe(S.compressedBody);
    }
  });

  it(`refuses JSON nested deeper than ${SERVER_LIMITS.jsonDepthMax} levels with 400 before parsing it`, async () => {
    const car = await makeCar(t.app.services.ds);
    const deep = `{"carId":${car.id},"x":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    for (const url of ['/api/votes', '/trpc/votes.cast']) {
      const res = await fetch(t.baseUrl + url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: deep,
      });
      expect(res.status).toBe(400);
      const response = (await res.json()) as { message?: string; error?: { message: string } };
      expect(response.message ?? response.error?.message).toBe(S.jsonTooDeep(SERVER_LIMITS.jsonDepthMax));
    }
    expect(await t.app.services.ds.getRepository(VoteEntity).countBy({ carId: car.id })).toBe(0);
    // Brackets inside a string are text, not depth.
    const res = await fetch(`${t.baseUrl}/api/subscribe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `${'['.repeat(50)}@example.com` }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).not.toBe(S.jsonTooDeep(SERVER_LIMITS.jsonDepthMax));
  });

  it('cuts off a body that trickles in slower than REQUEST_TIMEOUT_MS allows, with 408', async () => {
    const car = await makeCar(t.app.services.ds);
    const socket = connect(Number(new URL(t.baseUrl).port), '127.0.0.1');
    let response = '';
    socket.on('data', (chunk) => {
      response += chunk.toString();
    });
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    const body = JSON.stringify({ carId: car.id });
    socket.write(
      `POST /api/votes HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: ${body.length + 1000}\r\n\r\n`,
    );
    // One byte every 200 ms: the request would take minutes to arrive.
    let sent = 0;
    const trickle = setInterval(() => {
      if (!socket.destroyed) socket.write(' ');
      sent++;
    }, 200);
    await closed;
    clearInterval(trickle);
    expect(response).toMatch(/^HTTP\/1\.1 408 /);
    expect(sent).toBeLessThan(body.length + 1000);
    expect(await t.app.services.ds.getRepository(VoteEntity).countBy({ carId: car.id })).toBe(0);
  });
});

describe('forwarded addresses (TRUST_PROXY)', () => {
  const voteFrom = (app: TestApp, carId: number, forwardedFor: string) =>
    new HttpClient(app.baseUrl, { 'x-forwarded-for': forwardedFor }).post('/api/votes', { carId });

  it('ignores an entry that is not an IP address: made-up headers are one voter, the proxy itself', async () => {
    const app = await startTestApp({ TRUST_PROXY: 'true' });
    try {
      const car = await makeCar(app.app.services.ds);
      expect((await voteFrom(app, car.id, 'garbage')).status).toBe(201);
      const again = await voteFrom(app, car.id, 'more-garbage');
      expect([again.status, again.body.message]).toEqual([429, S.voteCooldown]);
      // A real address forwarded by the proxy is a voter of its own.
      expect((await voteFrom(app, car.id, '203.0.113.50')).status).toBe(201);
    } finally {
      await app.close();
    }
  });

  it('takes X-Forwarded-For only from the listed proxies', async () => {
    const elsewhere = await startTestApp({ TRUST_PROXY: '10.9.9.9, 192.0.2.0/24' });
    const here = await startTestApp({ TRUST_PROXY: '127.0.0.1' });
    try {
      const car = await makeCar(elsewhere.app.services.ds);
      expect((await voteFrom(elsewhere, car.id, '203.0.113.1')).status).toBe(201);
      expect((await voteFrom(elsewhere, car.id, '203.0.113.2')).status).toBe(429); // we are not a listed proxy
      const other = await makeCar(here.app.services.ds);
      expect((await voteFrom(here, other.id, '203.0.113.1')).status).toBe(201);
      expect((await voteFrom(here, other.id, '203.0.113.2')).status).toBe(201); // a listed proxy speaks for both
    } finally {
      await Promise.all([elsewhere.close(), here.close()]);
    }
  });
});

// Each test starts `node --import tsx src/main.ts`, which compiles the server first: seconds on a quiet machine, far
// more on a busy one, hence the room beyond the project's 30 s.
describe('a production server', { timeout: 120_000 }, () => {
  /** `node src/main.ts` as production starts it: its exit code (null while it runs) and output. */
  function startProduction(env: Record<string, string>) {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: path.join(import.meta.dirname, '../..'),
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: '0',
        DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'curbside-prod-')),
        CLIENT_DIST: path.join(os.tmpdir(), 'curbside-no-client'),
        SESSION_SECRET: 'production-secret-of-at-least-32-chars',
        PUBLIC_URL: 'http://127.0.0.1',
        ALLOW_HTTP_PUBLIC_URL: 'true',
        ALLOW_OUTBOX_MAIL_IN_PRODUCTION: 'true',
        ...env,
      },
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    return { child, exited, output: () => output };
  }

  it('refuses to start on the embedded database without Stripe, naming the setting, and loads nothing', async () => {
    const server = startProduction({});
    const demo = startProduction({ SEED_DEMO: 'true', ALLOW_TEST_PAYMENTS_IN_PRODUCTION: 'true' });
    expect([await server.exited, await demo.exited]).toEqual([1, 1]);
    expect(server.output()).toMatch(/STRIPE_SECRET_KEY: production takes card payments through Stripe/);
    expect(server.output()).toMatch(/ALLOW_TEST_PAYMENTS_IN_PRODUCTION=true/);
    expect(demo.output()).toMatch(/SEED_DEMO: the demo data .* is refused in production/);
  });

  it('refuses to start without PUBLIC_URL or a mail transport, or with a guessable SESSION_SECRET', async () => {
    const bare = startProduction({
      PUBLIC_URL: '',
      ALLOW_HTTP_PUBLIC_URL: '',
      ALLOW_OUTBOX_MAIL_IN_PRODUCTION: '',
      ALLOW_TEST_PAYMENTS_IN_PRODUCTION: 'true',
    });
    const weak = startProduction({ SESSION_SECRET: 's'.repeat(40), ALLOW_TEST_PAYMENTS_IN_PRODUCTION: 'true' });
    expect([await bare.exited, await weak.exited]).toEqual([1, 1]);
    expect(bare.output()).toMatch(/PUBLIC_URL: required in production/);
    expect(bare.output()).toMatch(/SMTP_URL: production sends mail/);
    expect(weak.output()).toMatch(/SESSION_SECRET: each secret must be at least 32 random characters/);
  });

  it('starts as a demonstration site only when told so by name, and warns in its log', async () => {
    const server = startProduction({
      SEED_DEMO: 'true',
      ALLOW_DEMO_DATA_IN_PRODUCTION: 'true',
      ALLOW_TEST_PAYMENTS_IN_PRODUCTION: 'true',
    });
    try {
      await expect.poll(() => server.output(), { timeout: 60_000, interval: 100 }).toMatch(/is running at/);
      expect(server.output()).toMatch(/"level":40.*ALLOW_DEMO_DATA_IN_PRODUCTION/);
      expect(server.output()).toMatch(/"level":40.*ALLOW_TEST_PAYMENTS_IN_PRODUCTION/);
      expect(server.output()).toMatch(/"level":40.*ALLOW_HTTP_PUBLIC_URL/);
      expect(server.output()).toMatch(/"level":40.*ALLOW_OUTBOX_MAIL_IN_PRODUCTION/);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  });
});
