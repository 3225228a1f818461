import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app';
import { HttpClient } from '../../test/http';
import { makeCar } from '../../test/showcase-fixtures';
import type { CarEntity } from '../modules/cars/car.entity';

// POST /trpc/<mutation> is a native route; it must answer exactly as tRPC's own handler does. tRPC's handler still
// serves batches of several calls (a URL of its own), so each answer here is compared with one from it.

let t: TestApp;
let car: CarEntity;
let ip = 0;
const visitor = () => new HttpClient(t.baseUrl, { 'x-forwarded-for': `198.51.100.${++ip}` });

/** tRPC's handler: the same mutation twice in one batch (two voters' worth of calls in one request). */
const viaTrpcHandler = (client: HttpClient, first: unknown, second: unknown) =>
  client.post('/trpc/votes.cast,votes.cast?batch=1', { 0: first, 1: second });

beforeAll(async () => {
  t = await startTestApp({ TRUST_PROXY: 'true' });
  car = await makeCar(t.app.services.ds);
});
afterAll(async () => {
  await t?.close();
});

describe('native tRPC mutation routes', () => {
  it('answer a call sent plain or as a batch of one in tRPC format', async () => {
    expect(t.app.hasRoute({ method: 'POST', url: '/trpc/votes.cast' })).toBe(true);
    const reference = await viaTrpcHandler(visitor(), { carId: 999_999 }, { carId: 999_999 });
    const plain = await visitor().post('/trpc/votes.cast', { carId: car.id });
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-type')).toBe(reference.headers.get('content-type'));
    expect(plain.body).toEqual({ result: { data: { totalVotes: 1, lastMonthVotes: 1 } } });
    const batched = await visitor().post('/trpc/votes.cast?batch=1', { 0: { carId: car.id } });
    expect(batched.body).toEqual([{ result: { data: { totalVotes: 2, lastMonthVotes: 2 } } }]);
  });

  it('refuse as tRPC does: the same status, error shape and Retry-After', async () => {
    const voter = visitor();
    const other = await makeCar(t.app.services.ds);
    // tRPC's handler: the first call counts, the second is refused inside the cooldown.
    const reference = await viaTrpcHandler(voter, { carId: other.id }, { carId: other.id });
    expect(reference.status).toBe(207);
    const expected = reference.body[1];
    expect(expected.error.data.httpStatus).toBe(429);

    const refused = await voter.post('/trpc/votes.cast?batch=1', { 0: { carId: other.id } });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(86_000);
    expect(withoutStack(refused.body[0])).toEqual(withoutStack(expected));

    const badInput = await visitor().post('/trpc/votes.cast', { carId: 'abc' });
    const badReference = await viaTrpcHandler(visitor(), { carId: 'abc' }, { carId: 'abc' });
    expect(badInput.status).toBe(400);
    expect(withoutStack(badInput.body)).toEqual(withoutStack(badReference.body[0]));
    expect(badInput.body.error.message).toMatch(/^carId/);
  });

  it('answer a body that is not JSON with a parse error and change nothing', async () => {
    const before = car.totalVotes;
    const res = await visitor().post('/trpc/votes.cast', '{"carId":', { 'content-type': 'application/json' });
    expect(res.status).toBe(400);
    expect(res.body.error.data.code).toBe('PARSE_ERROR');
    const stored = await t.app.services.ds.query('SELECT totalVotes FROM cars WHERE id = ?', [car.id]);
    expect(Number(stored[0].totalVotes)).toBe(before + 2);
  });
});

function withoutStack(answer: { error: { data: Record<string, unknown> } }) {
  const { stack: _stack, ...data } = answer.error.data;
  return { ...answer, error: { ...answer.error, data } };
}
