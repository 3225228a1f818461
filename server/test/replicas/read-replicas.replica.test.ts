import { createServer } from 'node:net';
import { type Car, carListSchema, topCarsOutputSchema } from '@curbside/shared';
import { type Connection, createConnection } from 'mysql2/promise';
import type { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createScratchMysql, type ScratchDatabase } from '../../src/db/scratch-database';
import type { CarEntity } from '../../src/modules/cars/car.entity';
import {
  makeCarWithImages,
  makeProduct,
  payCartWithTestCard,
  shopper,
} from '../../src/modules/checkout/shop-test-fixtures';
import { startTestApp, type TestApp } from '../app';
import { HttpClient } from '../http';
import { makeCar } from '../showcase-fixtures';

// Read replicas (DATABASE_REPLICA_URLS, docs/operations.md "Read replicas") on a real MariaDB primary and a replica
// replicating from it (scripts/mariadb-replica-pair.mjs, started by global-setup.ts). With the replica's SQL thread
// stopped it holds the data as it was, so what an answer shows tells which server it came from: the lists, search
// and leaderboard come from the replica; the viewer's own votes, the responses a write has just dropped, writes and
// every other read come from the primary.

const pair = inject('replicaPair');
const unavailable = 'unavailable' in pair ? pair.unavailable : null;
/** The pair's URLs (only called where the tests run). */
const servers = () => {
  if ('unavailable' in pair) throw new Error(pair.unavailable);
  return pair;
};
const ADMIN = { email: 'replica-admin@example.com', password: 'admin-password-1' };

/** The app on the pair's primary, with `replicaUrls` as DATABASE_REPLICA_URLS, listening on an ephemeral port. */
function startApp(primaryUrl: string, replicaUrls: string): Promise<TestApp> {
  return startTestApp({
    TRUST_PROXY: 'true',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    DATABASE_URL: primaryUrl,
    DATABASE_REPLICA_URLS: replicaUrls,
  });
}

/** A port on 127.0.0.1 nothing listens on. */
function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const withDatabase = (serverUrl: string, name: string) => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

describe.skipIf(unavailable !== null)(`read replicas${unavailable ? ` (skipped: ${unavailable})` : ''}`, () => {
  let scratch: ScratchDatabase;
  let replicaUrl: string;
  let running: TestApp;
  let primary: Connection;
  let replica: Connection;
  let ds: DataSource;
  let ip = 0;
  const visitor = () => new HttpClient(running.baseUrl, { 'x-forwarded-for': `198.51.100.${++ip}` });
  let known: CarEntity;
  let hidden: CarEntity;

  /** Waits (in the database) until the replica has applied everything the primary has written so far. */
  async function replicaCaughtUp() {
    const [[position]] = (await primary.query('SELECT @@gtid_binlog_pos AS pos')) as unknown as [[{ pos: string }]];
    const [[waited]] = (await replica.query('SELECT MASTER_GTID_WAIT(?, 60) AS result', [position.pos])) as unknown as [
      [{ result: number }],
    ];
    expect(Number(waited.result), 'the replica applied the primary’s writes within 60 s').toBe(0);
  }

  /** The search as a viewer whose response is computed for them (tRPC's batch: never from the read cache). */
  async function searchComputedFor(client: HttpClient, q: string): Promise<Car[]> {
    const input = encodeURIComponent(JSON.stringify({ 0: { q }, 1: { q } }));
    const res = await client.get(`/trpc/cars.search,cars.search?batch=1&input=${input}`);
    expect(res.status, res.text).toBe(200);
    return carListSchema.parse(res.body[0].result.data);
  }

  async function search(client: HttpClient, q: string): Promise<Car[]> {
    const res = await client.get(`/api/cars/search?q=${encodeURIComponent(q)}`);
    expect(res.status, res.text).toBe(200);
    return carListSchema.parse(res.body);
  }

  async function top(client: HttpClient) {
    const res = await client.get('/api/cars/top?period=all&limit=10');
    expect(res.status, res.text).toBe(200);
    return topCarsOutputSchema.parse(res.body);
  }

  beforeAll(async () => {
    if (unavailable !== null) return;
    const { primaryUrl, replicaRootUrl } = servers();
    scratch = await createScratchMysql(primaryUrl, 'curbside_replica');
    const name = new URL(scratch.database.kind === 'mysql' ? scratch.database.url : '').pathname.slice(1);
    replicaUrl = withDatabase(servers().replicaUrl, name);
    primary = await createConnection({ uri: primaryUrl });
    replica = await createConnection({ uri: replicaRootUrl });
    running = await startApp(withDatabase(primaryUrl, name), replicaUrl);
    ds = running.app.services.ds;
    known = await makeCar(ds, { make: 'Kestrel', model: 'Coupe', totalVotes: 3 });
    await replicaCaughtUp();
  });

  afterAll(async () => {
    await replica?.query('START SLAVE SQL_THREAD').catch(() => undefined);
    await running?.close();
    await scratch?.drop();
    await primary?.end();
    await replica?.end();
  });

  it('answers lists, search and the leaderboard from the replica: a car it has not applied yet is not in them', async () => {
    await replica.query('STOP SLAVE SQL_THREAD');
    hidden = await makeCar(ds, { make: 'Zeppelin', model: 'Airship', totalVotes: 50 });
    // On the primary, and its own page (read there) shows it.
    const page = await visitor().get(`/api/cars/${hidden.slug}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ make: 'Zeppelin', totalVotes: 50 });

    const someone = visitor();
    expect(await search(someone, 'zeppelin')).toEqual([]);
    expect((await searchComputedFor(someone, 'zeppelin')).map((car) => car.make)).toEqual([]);
    const gallery = await someone.get('/api/cars?limit=20');
    expect(gallery.status).toBe(200);
    expect(carListSchema.parse(gallery.body).map((car) => car.make)).toEqual(['Kestrel']);
    expect((await top(someone)).map((entry) => [entry.make, entry.votes])).toEqual([['Kestrel', 3]]);
  });

  it('shows a voter their vote at once: hasVoted from the primary, and the dropped leaderboard rebuilt there', async () => {
    const voter = visitor();
    const vote = await voter.post('/api/votes', { carId: known.id });
    expect(vote.status, vote.text).toBe(201);

    // The vote dropped the cached leaderboard; its first rebuild reads the primary (the replica still says 3).
    const ranking = await top(voter);
    expect(ranking.find((entry) => entry.id === known.id)).toMatchObject({ votes: 4, totalVotes: 4, hasVoted: true });
    expect((await top(visitor())).find((entry) => entry.id === known.id)).toMatchObject({ votes: 4, hasVoted: false });

    // A search computed for the voter on the replica: the tallies as the replica has them, their vote from the primary.
    const [found] = await searchComputedFor(voter, 'kestrel');
    expect(found).toMatchObject({ id: known.id, totalVotes: 3, hasVoted: true });
    const [seenByOthers] = await searchComputedFor(visitor(), 'kestrel');
    expect(seenByOthers).toMatchObject({ id: known.id, totalVotes: 3, hasVoted: false });
  });

  it('writes, and every other read, use the primary while the replica lags: cart, checkout, orders, admin', async () => {
    const buyer = await shopper(running.baseUrl);
    const product = await makeProduct(ds);
    const { car, images } = await makeCarWithImages(ds);
    const added = await buyer.client.post('/api/cart', {
      productId: product.id,
      carId: car.id,
      imageId: images[0]?.id,
    });
    expect(added.status, added.text).toBe(201);
    const cart = await buyer.client.get('/api/cart');
    expect(cart.status).toBe(200);
    expect(JSON.stringify(cart.body)).toContain(String(product.id));

    const { order } = await payCartWithTestCard(buyer);
    const mine = await buyer.client.get('/api/user/orders');
    expect(mine.status).toBe(200);
    expect(JSON.stringify(mine.body)).toContain(`"id":${order.id}`);

    const admin = new HttpClient(running.baseUrl);
    expect((await admin.post('/api/login', ADMIN)).status).toBe(200);
    const seen = await admin.get(`/api/orders/${order.id}`);
    expect(seen.status, seen.text).toBe(200);
    expect(seen.body).toMatchObject({ id: order.id });
    const edited = await admin.put(`/api/cars/${hidden.id}`, { model: 'Airship LZ' });
    expect(edited.status, edited.text).toBe(200);
    expect((await visitor().get(`/api/cars/${hidden.slug}`)).body).toMatchObject({ model: 'Airship LZ' });
  });

  it('agrees with the primary once the replica applies the writes again', async () => {
    await replica.query('START SLAVE SQL_THREAD');
    await replicaCaughtUp();
    const someone = visitor();
    expect((await searchComputedFor(someone, 'zeppelin')).map((car) => [car.model, car.totalVotes])).toEqual([
      ['Airship LZ', 50],
    ]);
    expect((await searchComputedFor(someone, 'kestrel')).map((car) => car.totalVotes)).toEqual([4]);
  });

  it('reads the primary when no replica answers, and goes on doing so', async () => {
    const down = await startApp(
      withDatabase(servers().primaryUrl, new URL(replicaUrl).pathname.slice(1)),
      `mysql://reader:reader-password@127.0.0.1:${await closedPort()}/nothing`,
    );
    try {
      const someone = new HttpClient(down.baseUrl, { 'x-forwarded-for': '198.51.100.250' });
      for (const q of ['zeppelin', 'airship']) {
        const res = await someone.get(`/api/cars/search?q=${q}`);
        expect(res.status, res.text).toBe(200);
        expect(carListSchema.parse(res.body).map((car) => car.id)).toEqual([hidden.id]);
      }
      const ranking = await someone.get('/api/cars/top?period=all&limit=10');
      expect(ranking.status).toBe(200);
      expect(topCarsOutputSchema.parse(ranking.body).map((entry) => entry.make)).toEqual(['Zeppelin', 'Kestrel']);
    } finally {
      await down.close();
    }
  });
});
