import { MESSAGES } from '@curbside/shared';
import { describe, expect, it } from 'vitest';
import { deferred } from '../../test/deferred';
import { SingleFlight } from './single-flight';

// The single flight in front of expensive answers. Makings are promises the test settles itself: no waits on time.

const limits = { running: 1, waiting: 1, keptBytes: 100 };

describe('SingleFlight', () => {
  it('makes an answer once for requests that arrive while it is made, then sends it as kept', async () => {
    const made: string[] = [];
    const flight = new SingleFlight(limits, (kind) => made.push(kind));
    const making = deferred<Buffer>();
    let calls = 0;
    const make = () => {
      calls++;
      return making.promise;
    };
    const answers = Array.from({ length: 5 }, () => flight.get('pdf', 'car-1', make));
    making.resolve(Buffer.from('pdf of car 1'));
    const bytes = await Promise.all(answers);
    expect(new Set(bytes).size).toBe(1);
    expect(await flight.get('pdf', 'car-1', make)).toBe(bytes[0]);
    expect([calls, made]).toEqual([1, ['pdf']]);
  });

  it('a failed making fails its waiters, keeps nothing, and the next request makes it anew', async () => {
    const flight = new SingleFlight(limits);
    const failing = deferred<Buffer>();
    const waiting = [flight.get('pdf', 'k', () => failing.promise), flight.get('pdf', 'k', () => failing.promise)];
    // Rejected before the flight's turn comes to call make: marked handled here, as a make() started later would be.
    failing.promise.catch(() => undefined);
    failing.reject(new Error('font missing'));
    // Both handlers at once: each waiter's promise rejects together, none may be left without one meanwhile.
    await Promise.all(waiting.map((answer) => expect(answer).rejects.toThrow('font missing')));
    expect((await flight.get('pdf', 'k', async () => Buffer.from('ok'))).toString()).toBe('ok');
  });

  it('keeps at most its bytes, dropping the least recently sent first; an answer over half of them is not kept', async () => {
    const flight = new SingleFlight(limits);
    const bytes = (n: number) => async () => Buffer.alloc(n);
    await flight.get('a', '1', bytes(40));
    await flight.get('a', '2', bytes(40));
    await flight.get('a', '1', bytes(40)); // sent again: now the most recent
    await flight.get('a', '3', bytes(40)); // 120 > 100: the least recently sent (2) goes
    expect(flight.bytes).toBe(80);
    let made = 0;
    const counted = async () => {
      made++;
      return Buffer.alloc(40);
    };
    await flight.get('a', '1', counted);
    await flight.get('a', '3', counted);
    expect(made).toBe(0);
    await flight.get('a', '2', counted);
    expect(made).toBe(1);
    await flight.get('a', 'big', bytes(60));
    expect(flight.bytes).toBeLessThanOrEqual(100);
  });

  it('past the running places and the line a new making is refused with 503; joining one under way is not', async () => {
    const flight = new SingleFlight(limits);
    const first = deferred<Buffer>();
    const second = deferred<Buffer>();
    const running = flight.get('pdf', '1', () => first.promise);
    const inLine = flight.get('pdf', '2', () => second.promise);
    await expect(flight.get('pdf', '3', async () => Buffer.from('3'))).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: MESSAGES.server.rendersBusy,
      details: { retryAfterSeconds: expect.any(Number) },
    });
    const joined = flight.get('pdf', '1', () => first.promise);
    // A part of an answer under way takes no place.
    expect((await flight.get('qr', 'x', async () => Buffer.from('x'), { queued: false })).toString()).toBe('x');
    first.resolve(Buffer.from('1'));
    second.resolve(Buffer.from('2'));
    expect((await Promise.all([running, inLine, joined])).map(String)).toEqual(['1', '2', '1']);
  });
});
