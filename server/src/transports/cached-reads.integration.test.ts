import { carListSchema, carSchema, topCarsOutputSchema } from '@curbside/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, unique } from '../../test/app';
import { HttpClient } from '../../test/http';
import { stopReadCacheClock } from '../../test/read-cache-clock';
import { makeCar, makeImage } from '../../test/showcase-fixtures';
import { sqlDateParam } from '../db/sql-dates';
import { hashIp } from '../lib/client-ip';
import type { CarEntity } from '../modules/cars/car.entity';

// The read cache behind GET /api/cars, /api/cars/top, /api/cars/{slug} and the same queries over /trpc: responses
// equal to what the procedures compute, per-viewer hasVoted exact, and every write visible on the next read.

let t: TestApp;
let admin: HttpClient;
let ip = 0;
/** A visitor from an address of its own (TRUST_PROXY: the first X-Forwarded-For hop is the client). */
const visitor = () => new HttpClient(t.baseUrl, { 'x-forwarded-for': `192.0.2.${++ip}` });
let older: CarEntity;
let newer: CarEntity;

const listInput = { limit: 10 };
const topInput = { period: 'month', limit: 10 };
const trpcInput = (input: unknown) => encodeURIComponent(JSON.stringify(input));
/** tRPC's own handler, not the cached route: a batch of two calls has a path of its own. */
const uncached = (client: HttpClient, procedure: string, input: unknown) =>
  client.get(`/trpc/${procedure},${procedure}?batch=1&input=${trpcInput({ 0: input, 1: input })}`) as Promise<{
    status: number;
    body: { result: { data: unknown } }[];
  }>;

beforeAll(async () => {
  const account = { email: `${unique('boss')}@example.com`, password: 'admin-password-1' };
  t = await startTestApp({ TRUST_PROXY: 'true', ADMIN_EMAIL: account.email, ADMIN_PASSWORD: account.password });
  admin = new HttpClient(t.baseUrl, { 'x-forwarded-for': '192.0.2.250' });
  expect((await admin.post('/api/login', account)).status).toBe(200);
  const ds = t.app.services.ds;
  older = await makeCar(ds, { make: 'Datsun', model: '240Z', createdAt: new Date(Date.now() - 60_000) });
  newer = await makeCar(ds, { make: 'Honda', model: 'NSX' });
  await makeImage(ds, newer, { isPrimary: true });
  expect((await visitor().post('/api/votes', { carId: older.id })).status).toBe(201);
});
afterAll(async () => {
  await t?.close();
});

describe('cached reads', () => {
  it('respond over /api and /trpc (plain and as a batch of one) with what the procedures compute', async () => {
    const viewer = visitor();
    const cases = [
      { procedure: 'cars.list', input: listInput, rest: '/api/cars?limit=10' },
      { procedure: 'cars.top', input: topInput, rest: '/api/cars/top?period=month&limit=10' },
      { procedure: 'cars.bySlug', input: { slug: newer.slug }, rest: `/api/cars/${newer.slug}` },
      { procedure: 'cars.byId', input: { id: newer.id }, rest: `/api/cars/by-id/${newer.id}` },
    ];
    for (const { procedure, input, rest } of cases) {
      const expected = (await uncached(viewer, procedure, input)).body[0]?.result.data;
      expect(expected).toBeTruthy();
      for (let round = 0; round < 2; round++) {
        const fromRest = await viewer.get(rest);
        expect(fromRest.status).toBe(200);
        expect(fromRest.headers.get('content-type')).toMatch(/^application\/json/);
        expect(fromRest.body).toEqual(expected);
        const plain = await viewer.get(`/trpc/${procedure}?input=${trpcInput(input)}`);
        expect(plain.body).toEqual({ result: { data: expected } });
        const batch = await viewer.get(`/trpc/${procedure}?batch=1&input=${trpcInput({ 0: input })}`);
        expect(batch.body).toEqual([{ result: { data: expected } }]);
      }
    }
    expect(t.app.services.readCache.size).toBeGreaterThanOrEqual(4);
  });

  it('sends an ETag, responds with 304 to a client holding it, and a new body once a vote changed the car', async () => {
    const viewer = visitor();
    const first = await viewer.get(`/api/cars/${newer.slug}`);
    const etag = first.headers.get('etag') as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    const again = await viewer.get(`/api/cars/${newer.slug}`, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');

    expect((await visitor().post('/api/votes', { carId: newer.id })).status).toBe(201);
    const changed = await viewer.get(`/api/cars/${newer.slug}`, { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(changed.body.totalVotes).toBe(first.body.totalVotes + 1);
  });

  it('sends Brotli or gzip bodies that decode to the same response', async () => {
    const plain = await visitor().get('/api/cars?limit=10', { 'accept-encoding': 'identity' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    for (const encoding of ['br', 'gzip']) {
      const res = await visitor().get('/api/cars?limit=10', { 'accept-encoding': encoding });
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(res.body).toEqual(plain.body);
    }
  });

  it("compresses a recent voter's own response too, with hasVoted set", async () => {
    const voter = visitor();
    expect((await voter.post('/api/votes', { carId: newer.id })).status).toBe(201);
    const plain = carListSchema.parse((await voter.get('/api/cars?limit=10', { 'accept-encoding': 'identity' })).body);
    expect(plain.find((car) => car.id === newer.id)?.hasVoted).toBe(true);
    for (const encoding of ['br', 'gzip']) {
      const res = await voter.get('/api/cars?limit=10', { 'accept-encoding': encoding });
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(res.body).toEqual(plain);
      const batch = await voter.get(`/trpc/cars.list?batch=1&input=${trpcInput({ 0: listInput })}`, {
        'accept-encoding': encoding,
      });
      expect(batch.headers.get('content-encoding')).toBe(encoding);
      expect(batch.body[0].result.data).toEqual(plain);
    }
  });

  it('responds to a signed-in member as to anyone else from their address, and keeps them signed in', async () => {
    const member = new HttpClient(t.baseUrl, { 'x-forwarded-for': '192.0.2.251' });
    const name = unique('reader');
    const account = { email: `${name}@example.com`, username: name, password: 'reader-password-1', name: 'Reader' };
    expect((await member.post('/api/register', account)).status).toBe(201);
    const asMember = await member.get(`/api/cars/${newer.slug}`);
    const asVisitor = await visitor().get(`/api/cars/${newer.slug}`);
    expect(asMember.status).toBe(200);
    expect(asMember.body).toEqual(asVisitor.body);
    expect(asMember.headers.get('set-cookie')).toBeNull();
    expect((await member.get('/api/user')).body).toMatchObject({ email: account.email });
  });

  it('shows a vote at once: the voter sees hasVoted and the new tallies, everyone else only the tallies', async () => {
    const bystander = visitor();
    const before = carSchema.parse((await bystander.get(`/api/cars/${older.slug}`)).body);
    const beforeTop = topCarsOutputSchema.parse((await bystander.get('/api/cars/top?period=month&limit=10')).body);
    const voter = visitor();
    expect((await voter.post('/api/votes', { carId: older.id })).status).toBe(201);

    const views = async (client: HttpClient) => {
      const car = carSchema.parse((await client.get(`/api/cars/${older.slug}`)).body);
      const list = carListSchema.parse((await client.get('/api/cars?limit=10')).body);
      const top = topCarsOutputSchema.parse((await client.get('/api/cars/top?period=month&limit=10')).body);
      const overTrpc = await client.trpc('query', 'cars.bySlug', { slug: older.slug });
      return {
        car: [car.hasVoted, car.totalVotes],
        inList: list.filter((c) => c.id === older.id).map((c) => [c.hasVoted, c.totalVotes]),
        inTop: top.filter((e) => e.id === older.id).map((e) => [e.hasVoted, e.votes]),
        trpc: [overTrpc.body.result.data.hasVoted, overTrpc.body.result.data.totalVotes],
      };
    };
    const votesNow = before.totalVotes + 1;
    const monthVotes = (beforeTop.find((e) => e.id === older.id)?.votes ?? 0) + 1;
    expect(await views(voter)).toEqual({
      car: [true, votesNow],
      inList: [[true, votesNow]],
      inTop: [[true, monthVotes]],
      trpc: [true, votesNow],
    });
    expect(await views(bystander)).toEqual({
      car: [false, votesNow],
      inList: [[false, votesNow]],
      inTop: [[false, monthVotes]],
      trpc: [false, votesNow],
    });
  });

  it('gives a recent voter the shared responses with their votes marked, not responses computed for them', async () => {
    const restart = stopReadCacheClock(t);
    try {
      const voter = visitor();
      expect((await voter.post('/api/votes', { carId: newer.id })).status).toBe(201);
      const reads = {
        list: () => '/api/cars?limit=10',
        top: () => '/api/cars/top?period=month&limit=10',
        car: () => `/api/cars/${newer.slug}`,
      };
      // Everyone's responses cached, then a change behind the app's back: only a response computed again shows it.
      for (const read of Object.values(reads)) expect((await visitor().get(read())).status).toBe(200);
      expect((await visitor().trpc('query', 'cars.list', listInput)).status).toBe(200);
      await t.app.services.ds.query(`UPDATE cars SET model = 'Renamed' WHERE id = ?`, [newer.id]);
      const seen = (cars: { id: number; model: string; hasVoted: boolean }[]) =>
        cars.filter((c) => c.id === newer.id || c.id === older.id).map((c) => [c.id, c.model, c.hasVoted]);
      const votedOlder = (await voter.get(`/api/cars/${older.slug}`)).body.hasVoted;
      expect(votedOlder).toBe(false);
      for (const client of [voter, visitor()]) {
        const mine = client === voter;
        expect(seen(carListSchema.parse((await client.get(reads.list())).body))).toEqual([
          [newer.id, 'NSX', mine],
          [older.id, '240Z', false],
        ]);
        const top = topCarsOutputSchema.parse((await client.get(reads.top())).body);
        expect(seen(top)).toContainEqual([newer.id, 'NSX', mine]);
        expect(carSchema.parse((await client.get(reads.car())).body)).toMatchObject({ model: 'NSX', hasVoted: mine });
        const overTrpc = await client.trpc('query', 'cars.list', listInput);
        expect(seen(overTrpc.body.result.data)).toEqual([
          [newer.id, 'NSX', mine],
          [older.id, '240Z', false],
        ]);
      }
    } finally {
      await t.app.services.ds.query(`UPDATE cars SET model = 'NSX' WHERE id = ?`, [newer.id]);
      t.app.services.readCache.clear();
      restart();
    }
  });

  it('gives a viewer whose vote another app server counted a response of their own once the index is refreshed', async () => {
    const address = '198.51.100.77';
    const viewer = new HttpClient(t.baseUrl, { 'x-forwarded-for': address });
    expect((await viewer.get(`/api/cars/${newer.slug}`)).body.hasVoted).toBe(false);
    const ds = t.app.services.ds;
    // What another server's vote leaves behind (its cached responses are not this server's concern).
    const vote = [newer.id, hashIp(address, t.config.sessionSecret), sqlDateParam(ds, new Date())];
    await ds.query('INSERT INTO vote_limits (carId, ipHash, lastVotedAt) VALUES (?, ?, ?)', vote);
    await ds.query('INSERT INTO votes (carId, ipHash, createdAt) VALUES (?, ?, ?)', vote);
    await t.app.services.recentVoters.refresh();
    expect((await viewer.get(`/api/cars/${newer.slug}`)).body.hasVoted).toBe(true);
    expect((await viewer.trpc('query', 'cars.list', listInput)).body.result.data[0].hasVoted).toBe(true);
    expect((await visitor().get(`/api/cars/${newer.slug}`)).body.hasVoted).toBe(false);
  });

  it('shows any other write on the next read: a car featured, edited, then deleted by an admin', async () => {
    const viewer = visitor();
    const featured = () => viewer.get('/api/cars?featured=true&limit=10');
    expect((await featured()).body).toEqual([]);
    expect((await viewer.get(`/api/cars/${older.slug}`)).body.model).toBe('240Z');

    expect((await admin.put(`/api/cars/${older.id}`, { featured: true, model: '260Z' })).status).toBe(200);
    expect((await featured()).body.map((c: { id: number }) => c.id)).toEqual([older.id]);
    expect((await viewer.get(`/api/cars/${older.slug}`)).body.model).toBe('260Z');

    expect((await admin.delete(`/api/cars/${older.id}`)).status).toBe(204);
    expect((await viewer.get(`/api/cars/${older.slug}`)).status).toBe(404);
    const top = topCarsOutputSchema.parse((await viewer.get('/api/cars/top?period=month&limit=10')).body);
    expect(top.map((e) => e.id)).not.toContain(older.id);
  });

  it('leave a batch of several calls to tRPC, which computes each call for its viewer', async () => {
    const ds = t.app.services.ds;
    const car = await makeCar(ds, { model: 'Batched' });
    const batchUrl = `/trpc/cars.bySlug,settings.get?batch=1&input=${trpcInput({ 0: { slug: car.slug } })}`;
    expect((await visitor().get(batchUrl)).body[0].result.data.model).toBe('Batched');
    expect((await visitor().get(`/api/cars/${car.slug}`)).body.model).toBe('Batched');
    // Changed behind the app's back: the cached route still sends what it holds, the batch reads the database.
    await ds.query('UPDATE cars SET model = ? WHERE id = ?', ['Changed', car.id]);
    expect((await visitor().get(`/api/cars/${car.slug}`)).body.model).toBe('Batched');
    expect((await visitor().get(batchUrl)).body[0].result.data.model).toBe('Changed');

    const voter = visitor();
    expect((await voter.post('/api/votes', { carId: car.id })).status).toBe(201);
    expect((await voter.get(batchUrl)).body[0].result.data.hasVoted).toBe(true);
    expect((await visitor().get(batchUrl)).body[0].result.data.hasVoted).toBe(false);
  });

  it("keeps its responses through a shopper's cart and sign-in (they change nothing it holds), not through a product change", async () => {
    const ds = t.app.services.ds;
    const car = await makeCar(ds, { model: 'Kept' });
    const product = await admin.post('/api/products', {
      name: 'Cache Hoodie',
      description: 'Warm.',
      category: 'apparel',
      price: 4500,
      stock: 5,
      sku: unique('HOOD-'),
      isMerch: true,
    });
    expect(product.status).toBe(201);
    const shopper = visitor();
    const name = unique('shopper');
    const account = { email: `${name}@example.com`, username: name, password: 'shopper-password-1' };
    expect((await shopper.post('/api/register', account)).status).toBe(201);

    const read = async () => (await visitor().get(`/api/cars/${car.slug}`)).body.model;
    expect(await read()).toBe('Kept');
    // Changed behind the app's back: the cached response shows it only once the cache is dropped.
    await ds.query('UPDATE cars SET model = ? WHERE id = ?', ['Dropped', car.id]);

    const line = await shopper.post('/api/cart', { productId: product.body.id, quantity: 1 });
    expect(line.status).toBe(201);
    expect((await shopper.put(`/api/cart/${line.body.id}`, { quantity: 2 })).status).toBe(200);
    expect((await shopper.trpc('mutation', 'cart.update', { id: line.body.id, quantity: 3 })).status).toBe(200);
    expect((await shopper.delete(`/api/cart/${line.body.id}`)).status).toBe(200);
    expect((await shopper.post('/api/logout', {})).status).toBe(200);
    expect((await shopper.post('/api/login', { email: account.email, password: account.password })).status).toBe(200);
    expect(await read()).toBe('Kept');

    expect((await admin.put(`/api/products/${product.body.id}`, { stock: 4 })).status).toBe(200);
    expect(await read()).toBe('Dropped');
  });

  it('reports a bad input or a missing car as the uncached path does, and caches neither', async () => {
    const viewer = visitor();
    const size = t.app.services.readCache.size;
    const missing = await viewer.get('/api/cars/no-such-car');
    expect([missing.status, missing.body.message]).toEqual([404, 'Car not found']);
    const trpcMissing = await viewer.trpc('query', 'cars.bySlug', { slug: 'no-such-car' });
    expect([trpcMissing.status, trpcMissing.body.error.message]).toEqual([404, 'Car not found']);
    const bad = await viewer.get('/api/cars?limit=abc');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^limit/);
    const badTrpc = await viewer.get('/trpc/cars.list?input=%7Bnot-json');
    expect(badTrpc.status).toBe(400);
    expect(t.app.services.readCache.size).toBe(size);
  });
});
