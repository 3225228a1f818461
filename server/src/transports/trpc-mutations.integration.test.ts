import { type FastifyTRPCPluginOptions, fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app';
import { HttpClient } from '../../test/http';
import { makeCar } from '../../test/showcase-fixtures';
import { createPublicContext } from '../context';
import type { CarEntity } from '../modules/cars/car.entity';
import { type AppRouter, appRouter } from '../router';

// POST /trpc/<mutation> is a native route; it must respond exactly as tRPC's own handler does. The app sends no
// mutation to tRPC's handler (batches of mutations are refused), so the reference is tRPC's Fastify plugin mounted
// on a bare Fastify instance over the same router and services, and each response here is compared with one from it.

let t: TestApp;
let reference: FastifyInstance;
let car: CarEntity;
let ip = 0;
const nextAddress = () => `198.51.100.${++ip}`;
const visitor = (address = nextAddress()) => new HttpClient(t.baseUrl, { 'x-forwarded-for': address });

/** tRPC's own handler responding to the same call from `address`. */
async function viaTrpcHandler(address: string, input: unknown) {
  const res = await reference.inject({
    method: 'POST',
    url: '/trpc/votes.cast',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    payload: JSON.stringify(input),
  });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

beforeAll(async () => {
  t = await startTestApp({ TRUST_PROXY: 'true' });
  car = await makeCar(t.app.services.ds);
  reference = Fastify({ trustProxy: t.config.trustProxy });
  const trpcOptions: FastifyTRPCPluginOptions<AppRouter>['trpcOptions'] = {
    router: appRouter,
    createContext: ({ req, res }) => createPublicContext(req, res, t.config, t.app.services),
  };
  await reference.register(fastifyTRPCPlugin, { prefix: '/trpc', trpcOptions });
});
afterAll(async () => {
  await reference?.close();
  await t?.close();
});

describe('native tRPC mutation routes', () => {
  it('respond to a call sent plain or as a batch of one in tRPC format', async () => {
    expect(t.app.hasRoute({ method: 'POST', url: '/trpc/votes.cast' })).toBe(true);
    const response = await viaTrpcHandler(nextAddress(), { carId: 999_999 });
    const plain = await visitor().post('/trpc/votes.cast', { carId: car.id });
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-type')).toBe(response.headers['content-type']);
    expect(plain.body).toEqual({ result: { data: { totalVotes: 1, lastMonthVotes: 1 } } });
    const batched = await visitor().post('/trpc/votes.cast?batch=1', { 0: { carId: car.id } });
    expect(batched.body).toEqual([{ result: { data: { totalVotes: 2, lastMonthVotes: 2 } } }]);
  });

  it('refuse as tRPC does: the same status, error shape and Retry-After', async () => {
    const address = nextAddress();
    const other = await makeCar(t.app.services.ds);
    // tRPC's handler: the first call counts, the second is refused inside the cooldown.
    expect((await viaTrpcHandler(address, { carId: other.id })).status).toBe(200);
    const expectedResponse = await viaTrpcHandler(address, { carId: other.id });
    expect(expectedResponse.status).toBe(429);
    const expected = expectedResponse.body;

    const refused = await visitor(address).post('/trpc/votes.cast?batch=1', { 0: { carId: other.id } });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(86_000);
    expect(withoutStack(refused.body[0])).toEqual(withoutStack(expected));

    const badInput = await visitor().post('/trpc/votes.cast', { carId: 'abc' });
    const badReference = await viaTrpcHandler(nextAddress(), { carId: 'abc' });
    expect(badInput.status).toBe(400);
    expect(withoutStack(badInput.body)).toEqual(withoutStack(badReference.body));
    expect(badInput.body.error.message).toMatch(/^carId/);
  });

  it('respond to a body that is not JSON with a parse error and change nothing', async () => {
    const before = car.totalVotes;
    const res = await visitor().post('/trpc/votes.cast', '{"carId":', { 'content-type': 'application/json' });
    expect(res.status).toBe(400);
    expect(res.body.error.data.code).toBe('PARSE_ERROR');
    const stored = await t.app.services.ds.query('SELECT totalVotes FROM cars WHERE id = ?', [car.id]);
    expect(Number(stored[0].totalVotes)).toBe(before + 2);
  });
});

function withoutStack(response: { error: { data: Record<string, unknown> } }) {
  const { stack: _stack, ...data } = response.error.data;
  return { ...response, error: { ...response.error, data } };
}
