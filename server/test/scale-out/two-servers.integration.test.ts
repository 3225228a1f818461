import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { FastifyInstance } from 'fastify';
import type { DataSource } from 'typeorm';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { createDataSource } from '../../src/db/data-source';
import { mysqlMigrations } from '../../src/db/migrations/mysql';
import { createScratchMysql, type ScratchDatabase } from '../../src/db/scratch-database';
import { CALIFORNIA, makeProduct } from '../../src/modules/checkout/shop-test-fixtures';
import { jpegBytes, uploadCarImage } from '../../src/modules/images/upload-test-helpers';
import { VoteEntity } from '../../src/modules/votes/vote.entity';
import { READ_CACHE_TTL_MS } from '../../src/read-cache/read-cache';
import { DEMO_CARS } from '../../src/seed/demo-data';
import { unique } from '../app';
import { NEW_CAR } from '../hardening/fixtures';
import { HttpClient } from '../http';
import { startLocalS3 } from '../local-s3';

// Scale-out (docs/operations.md): two app servers, started together as real processes (`node src/main.ts`, as
// production runs them) on one fresh MySQL/MariaDB database and one S3-compatible bucket, each with a data
// directory of its own, behind a round-robin "load balancer" (clients that send each request to the next server).
// Nothing one server needs may live only in the other's memory or disk.
// Two servers on one SQLite file is not a supported deployment: this runs in the server-mysql project only.

const onMysql = process.env.TEST_DB === 'mysql';
const BUCKET = 'curbside-scale-out';
const SESSION_SECRET = randomBytes(32).toString('hex');
const METRICS_TOKEN = randomBytes(16).toString('hex');
const ADMIN = { email: `${unique('ops')}@example.com`, password: 'admin-password-1' };
const serverDir = path.resolve(import.meta.dirname, '../..');

interface AppServer {
  url: string;
  dataDir: string;
  process: ChildProcess;
  /** Every line the server wrote to stdout, parsed (they must all be JSON). */
  logLines: Record<string, unknown>[];
  exited: Promise<number | null>;
}

let scratch: ScratchDatabase;
let s3: Awaited<ReturnType<typeof startLocalS3>>;
let s3Endpoint: string;
let servers: [AppServer, AppServer];
let ds: DataSource;

/** Starts `node src/main.ts` and resolves once it listens (its address read from its JSON log). */
function startServer(databaseUrl: string): Promise<AppServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'curbside-scale-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      CLIENT_DIST: path.join(dataDir, 'no-client'),
      DATABASE_URL: databaseUrl,
      SESSION_SECRET,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_DEMO: 'true',
      ALLOW_DEMO_DATA_IN_PRODUCTION: 'true',
      ALLOW_TEST_PAYMENTS_IN_PRODUCTION: 'true',
      PUBLIC_URL: 'http://localhost:8080',
      ALLOW_HTTP_PUBLIC_URL: 'true',
      ALLOW_OUTBOX_MAIL_IN_PRODUCTION: 'true',
      TRUST_PROXY: 'true',
      METRICS_TOKEN,
      LOG_LEVEL: 'info',
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: s3Endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const logLines: Record<string, unknown>[] = [];
  return new Promise((resolve, reject) => {
    const failed = setTimeout(() => reject(new Error('the app server did not start within 50 s')), 50_000);
    exited.then((code) => reject(new Error(`the app server exited with ${code} before listening`)));
    createInterface({ input: child.stdout }).on('line', (line) => {
      let entry: Record<string, unknown>;
      try {
        entry = JSON.parse(line);
      } catch {
        entry = { notJson: line };
      }
      logLines.push(entry);
      const listening = /^Server listening at (http:\/\/127\.0\.0\.1:\d+)$/.exec(String(entry.msg));
      if (listening) {
        clearTimeout(failed);
        resolve({ url: listening[1] ?? '', dataDir, process: child, logLines, exited });
      }
    });
  });
}

async function stopServer(server: AppServer): Promise<void> {
  server.process.kill('SIGTERM');
  await server.exited;
  rmSync(server.dataDir, { recursive: true, force: true });
}

/** A browser behind the load balancer: request n goes to server n mod 2. `ip` is the address the proxy saw. */
function browser(ip = `203.0.113.${Math.floor(Math.random() * 250) + 1}`): HttpClient {
  const [first, ...others] = servers;
  return new HttpClient(
    first.url,
    { 'x-forwarded-for': ip },
    others.map((s) => s.url),
  );
}

/** A browser that talks to one server only. */
function at(server: AppServer, ip = '198.51.100.7'): HttpClient {
  return new HttpClient(server.url, { 'x-forwarded-for': ip });
}

function sameSession(from: HttpClient, to: HttpClient): HttpClient {
  to.cookie = from.cookie;
  return to;
}

/** The token of the verification link mailed to `email`, from the outbox of whichever server sent it. */
function verificationTokenOf(email: string): string {
  for (const server of servers) {
    const outbox = path.join(server.dataDir, 'outbox');
    for (const file of existsSync(outbox) ? readdirSync(outbox) : []) {
      const mail = readFileSync(path.join(outbox, file), 'utf8');
      const token = mail.match(/\/verify-email\?token=([A-Za-z0-9_-]+)/)?.[1];
      if (token && mail.split('\n').includes(`To: ${email}`)) return token;
    }
  }
  throw new Error(`No verification mail to ${email} in either server's outbox`);
}

/** A new account, signed in and with its address verified (it may submit cars), as a visitor behind the balancer. */
async function registeredBrowser(): Promise<{ client: HttpClient; email: string }> {
  const client = browser();
  const name = unique('two');
  const email = `${name}@example.com`;
  const res = await client.post('/api/register', { email, username: name, password: 'two-servers-1' });
  expect(res.status).toBe(201);
  const verified = await browser().post('/api/verify-email', { token: verificationTokenOf(email) });
  expect(verified.status, verified.body?.message).toBe(200);
  return { client, email };
}

/** A car submitted through the given browser, with one photo uploaded to `uploadTo`. */
async function carWithPhoto(owner: HttpClient, uploadTo: AppServer) {
  const created = await owner.post('/api/cars', { ...NEW_CAR, model: unique('RX-') });
  expect(created.status).toBe(201);
  const bytes = await jpegBytes(640, 400, '#cc3344');
  const uploaded = await uploadCarImage(sameSession(owner, at(uploadTo)), created.body.id, bytes, true);
  expect(uploaded.status).toBe(201);
  return { car: created.body as { id: number; slug: string }, image: uploaded.body as { url: string } };
}

describe.skipIf(!onMysql)('two app servers on one MySQL database and one S3 bucket', () => {
  beforeAll(async () => {
    s3 = await startLocalS3(BUCKET);
    s3Endpoint = s3.endpoint;

    scratch = await createScratchMysql(process.env.TEST_MYSQL_URL as string, 'curbside_two');
    const url = scratch.database.kind === 'mysql' ? scratch.database.url : '';
    // Started together on an empty database: both try to migrate and to create the admin at the same moment.
    servers = await Promise.all([startServer(url), startServer(url)]);
    ds = await createDataSource(scratch.database);
    await ds.initialize();
  }, 120_000);

  afterAll(async () => {
    await Promise.all((servers ?? []).map(stopServer)); // none when the start failed
    if (ds?.isInitialized) await ds.destroy();
    await scratch?.drop();
    await s3?.stop();
  }, 60_000);

  it('both start on a fresh database: each migration applied once, one admin, the demo data once, both ready', async () => {
    const applied: { name: string; times: number | string }[] = await ds.query(
      'SELECT name, COUNT(*) AS times FROM migrations GROUP BY name',
    );
    expect(applied).toHaveLength(mysqlMigrations.length);
    expect(applied.every((row) => Number(row.times) === 1)).toBe(true);
    const [{ admins }] = await ds.query('SELECT COUNT(*) AS admins FROM users WHERE email = ?', [ADMIN.email]);
    expect(Number(admins)).toBe(1);
    const [{ cars }] = await ds.query('SELECT COUNT(*) AS cars FROM cars WHERE slug = ?', [DEMO_CARS[0]?.slug]);
    expect(Number(cars)).toBe(1);
    for (const server of servers) {
      const ready = await fetch(`${server.url}/readyz`);
      expect(await ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', storage: 'ok' } });
    }
  });

  it('a session made on one server is valid on the other, and signing out on one ends it on both', async () => {
    const { client, email } = await registeredBrowser(); // registered on server 0
    for (const server of servers) {
      const me = await sameSession(client, at(server)).get('/api/user');
      expect(me.status).toBe(200);
      expect(me.body.email).toBe(email);
    }
    const cookie = client.cookie;
    expect((await sameSession(client, at(servers[1])).post('/api/logout')).status).toBe(200);
    const replayed = at(servers[0]);
    replayed.cookie = cookie;
    expect((await replayed.get('/api/user')).status).toBe(401);
  });

  it('rotating the session secret ("new,old") keeps everyone signed in, and re-signs their cookies with the new one', async () => {
    const { client, email } = await registeredBrowser(); // a cookie signed with the current secret
    const newSecret = randomBytes(32).toString('hex');
    const appWith = (secret: string) =>
      buildApp({
        ...loadConfig({
          NODE_ENV: 'test',
          DATA_DIR: servers[0].dataDir,
          SESSION_SECRET: secret,
          LOG_LEVEL: 'silent',
        }),
        database: scratch.database,
      });
    const [rotating, newOnly] = await Promise.all([appWith(`${newSecret},${SESSION_SECRET}`), appWith(newSecret)]);
    try {
      const me = (app: FastifyInstance, cookie: string | null) =>
        app.inject({ method: 'GET', url: '/api/user', headers: cookie ? { cookie } : {} });
      const during = await me(rotating, client.cookie);
      expect(during.statusCode).toBe(200);
      expect(during.json().email).toBe(email);
      const resigned = during.cookies.find((c) => c.name === 'curbside_session')?.value;
      assert(resigned, 'the response re-signs the cookie');
      // After the old secret is dropped: the re-signed cookie still works, one never re-signed reads as signed out.
      expect((await me(newOnly, `curbside_session=${encodeURIComponent(resigned)}`)).statusCode).toBe(200);
      expect((await me(newOnly, client.cookie)).statusCode).toBe(401);
    } finally {
      await Promise.all([rotating.close(), newOnly.close()]);
    }
  });

  it('a vote limit holds across both: the same address voting on both at once is counted once', async () => {
    const { client } = await registeredBrowser();
    const { car } = await carWithPhoto(client, servers[0]);
    const ip = '192.0.2.44';
    const attempts = await Promise.all(
      Array.from({ length: 10 }, (_, i) => at(servers[i % 2 === 0 ? 0 : 1], ip).post('/api/votes', { carId: car.id })),
    );
    expect(attempts.map((a) => a.status).sort()).toEqual([201, ...Array(9).fill(429)]);
    expect(await ds.getRepository(VoteEntity).countBy({ carId: car.id })).toBe(1);
    // Another address still may vote, through either server.
    expect((await at(servers[1], '192.0.2.45').post('/api/votes', { carId: car.id })).status).toBe(201);
  });

  it('the demo photos are in the bucket: both servers serve them', async () => {
    const [{ url }] = await ds.query('SELECT url FROM car_images ORDER BY id LIMIT 1');
    for (const server of servers) {
      const res = await fetch(server.url + url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
    }
  });

  it('a photo uploaded through one server is served by the other, from the bucket (no server keeps it on disk)', async () => {
    const { client } = await registeredBrowser();
    const { image } = await carWithPhoto(client, servers[0]);
    const fromFirst = await fetch(servers[0].url + image.url);
    const fromSecond = await fetch(servers[1].url + image.url);
    expect(fromSecond.status).toBe(200);
    expect(fromSecond.headers.get('content-type')).toBe(fromFirst.headers.get('content-type'));
    expect(Buffer.from(await fromSecond.arrayBuffer())).toEqual(Buffer.from(await fromFirst.arrayBuffer()));
    for (const server of servers) {
      expect(readdirSync(server.dataDir).filter((name) => name === 'uploads')).toEqual([]);
    }
  });

  it(`an admin change on one server is seen on the other within the read cache's ${READ_CACHE_TTL_MS / 1000} s`, async () => {
    const admin = at(servers[0]);
    expect((await admin.post('/api/login', ADMIN)).status).toBe(200);
    const reader = at(servers[1]);
    const before = await reader.get('/api/site-settings'); // now in server 1's cache
    const message = `Back at ${unique('noon-')}`;
    const changed = await admin.put('/api/site-settings', { ...before.body, maintenanceMessage: message });
    expect(changed.status).toBe(200);
    const savedAt = Date.now();
    expect((await at(servers[0]).get('/api/site-settings')).body.maintenanceMessage).toBe(message); // at once

    // Server 1 cached the old settings before the change, so that entry expires within the TTL of it: no request
    // begun later than that may get the old value. (Measured from when each request began, so a slow response on a
    // busy machine does not count against the server.)
    let lastStaleBeganAfterMs = 0;
    let seen = false;
    while (Date.now() - savedAt < READ_CACHE_TTL_MS + 10_000) {
      const began = Date.now() - savedAt;
      seen = (await reader.get('/api/site-settings')).body.maintenanceMessage === message;
      if (seen) break;
      lastStaleBeganAfterMs = began;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(seen).toBe(true);
    expect(lastStaleBeganAfterMs).toBeLessThanOrEqual(READ_CACHE_TTL_MS);
  });

  it('a shopper spread across both servers: cart, payment started on one and paid on the other, one order', async () => {
    const product = await makeProduct(ds, { isMerch: true, stock: 5 });
    const { client, email } = await registeredBrowser();
    expect((await client.post('/api/cart', { productId: product.id, quantity: 2 })).status).toBe(201); // server 1
    expect((await client.get('/api/cart')).body).toHaveLength(1); // server 0
    const intent = await client.post('/api/create-payment-intent', { email, shippingAddress: CALIFORNIA }); // 1
    expect(intent.status).toBe(200);
    const pay = {
      paymentId: intent.body.paymentId,
      clientSecret: intent.body.clientSecret,
      cardNumber: '4242 4242 4242 4242',
    };
    // The Pay button clicked twice, the clicks landing on different servers.
    const paid = await Promise.all([
      client.trpc('mutation', 'checkout.payWithTestCard', pay),
      client.trpc('mutation', 'checkout.payWithTestCard', pay),
    ]);
    expect(paid.map((p) => p.status)).toEqual([200, 200]);
    expect(paid[0].body.result.data.id).toBe(paid[1].body.result.data.id);
    const orders = await client.get('/api/user/orders');
    expect(orders.body).toHaveLength(1);
    const [{ stock }] = await ds.query('SELECT stock FROM products WHERE id = ?', [product.id]);
    expect(Number(stock)).toBe(3);
  });

  it('each server counts its own traffic in /metrics and logs JSON lines with the request id', async () => {
    for (const server of servers) {
      const res = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      expect(res.status).toBe(200);
      expect(await res.text()).toMatch(
        /^curbside_http_requests_total\{method="GET",route="\/api\/user",status="200"\} [1-9]\d*$/m,
      );
      expect(server.logLines.filter((line) => 'notJson' in line)).toEqual([]);
      const requestLines = server.logLines.filter((line) => 'req' in line || 'res' in line);
      expect(requestLines.length).toBeGreaterThan(0);
      expect(requestLines.every((line) => typeof line.reqId === 'string')).toBe(true);
    }
  });
});
