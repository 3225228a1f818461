import { MESSAGES, SERVER_LIMITS } from '@curbside/shared';
import { describe, expect, it } from 'vitest';
import { deferred } from '../../test/deferred';
import { DomainError } from '../errors';
import { ImageQueue } from './image-queue';

// The queue in front of every picture decode. Jobs here are promises the test settles itself, and every wait is on
// an event (a job starting, a run settling), never on time.

/** Jobs named by number: each records its start, counts how many run at once, and ends when the test says. */
function jobs(count: number) {
  const started: number[] = [];
  const startSignals = Array.from({ length: count }, () => deferred());
  const ends = Array.from({ length: count }, () => deferred<string>());
  const of = <T>(list: T[], n: number): T => {
    const item = list[n];
    if (item === undefined) throw new Error(`There is no job ${n} of ${count}`);
    return item;
  };
  let now = 0;
  let most = 0;
  const job = (n: number) => async () => {
    started.push(n);
    now++;
    most = Math.max(most, now);
    of(startSignals, n).resolve();
    try {
      return await of(ends, n).promise;
    } finally {
      now--;
    }
  };
  return {
    job,
    started,
    mostAtOnce: () => most,
    hasStarted: (n: number) => of(startSignals, n).promise,
    finish: (n: number) => of(ends, n).resolve(`job ${n}`),
    fail: (n: number, error: Error) => of(ends, n).reject(error),
  };
}

describe('the image queue', () => {
  it('runs at most `running` jobs at once and starts the others in the order they came', async () => {
    const queue = new ImageQueue({ running: 2, waiting: 8 });
    const j = jobs(6);
    const runs = [0, 1, 2, 3, 4, 5].map((n) => queue.run(j.job(n)));
    expect(j.started).toEqual([0, 1]);
    expect([queue.running, queue.waiting]).toEqual([2, 4]);

    j.finish(1);
    await runs[1];
    await j.hasStarted(2);
    expect(j.started).toEqual([0, 1, 2]);
    j.finish(0);
    await runs[0];
    await j.hasStarted(3);
    expect(j.started).toEqual([0, 1, 2, 3]);
    for (const n of [3, 2, 4, 5]) {
      j.finish(n);
      await runs[n];
    }
    expect(j.started).toEqual([0, 1, 2, 3, 4, 5]);
    expect(await Promise.all(runs)).toEqual(['job 0', 'job 1', 'job 2', 'job 3', 'job 4', 'job 5']);
    expect(j.mostAtOnce()).toBe(2);
    expect([queue.running, queue.waiting]).toEqual([0, 0]);
  });

  it('refuses a job beyond the line at once with the 503 message and Retry-After, never running it', async () => {
    const queue = new ImageQueue({ running: 1, waiting: 2 });
    const j = jobs(4);
    const accepted = [0, 1, 2].map((n) => queue.run(j.job(n)));
    let ran = false;
    const refused = await queue
      .run(async () => {
        ran = true;
      })
      .catch((error: unknown) => error);
    expect(ran).toBe(false);
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: MESSAGES.server.imagesBusy,
      details: { retryAfterSeconds: SERVER_LIMITS.imageBusyRetrySeconds },
    });
    expect([queue.running, queue.waiting]).toEqual([1, 2]);

    // Once the first is done, the line has room again.
    j.finish(0);
    await accepted[0];
    const later = queue.run(j.job(3));
    expect(queue.waiting).toBe(2);
    for (const n of [1, 2, 3]) j.finish(n);
    expect(await Promise.all([...accepted, later])).toEqual(['job 0', 'job 1', 'job 2', 'job 3']);
    expect(j.started).toEqual([0, 1, 2, 3]);
  });

  it('puts a job that arrives as a slot frees behind the one already waiting', async () => {
    const queue = new ImageQueue({ running: 1, waiting: 1 });
    const j = jobs(3);
    const first = queue.run(j.job(0));
    const second = queue.run(j.job(1));
    j.finish(0);
    await first;
    const third = queue.run(j.job(2));
    await j.hasStarted(1);
    expect(j.started).toEqual([0, 1]);
    expect([queue.running, queue.waiting]).toEqual([1, 1]);
    j.finish(1);
    j.finish(2);
    await Promise.all([second, third]);
    expect(j.started).toEqual([0, 1, 2]);
    expect(j.mostAtOnce()).toBe(1);
  });

  it('frees the slot of a job that fails, and passes its error on', async () => {
    const queue = new ImageQueue({ running: 1, waiting: 1 });
    const j = jobs(2);
    const failing = queue.run(j.job(0));
    const next = queue.run(j.job(1));
    j.fail(0, new Error('corrupt picture'));
    await expect(failing).rejects.toThrow('corrupt picture');
    await j.hasStarted(1);
    j.finish(1);
    expect(await next).toBe('job 1');
    expect([queue.running, queue.waiting]).toEqual([0, 0]);
  });

  it('defaults to the limits in LIMITS, and refuses limits that could run nothing', () => {
    expect(new ImageQueue().limits).toEqual({
      running: SERVER_LIMITS.imageJobsRunning,
      waiting: SERVER_LIMITS.imageJobsWaiting,
    });
    expect(() => new ImageQueue({ running: 0, waiting: 8 })).toThrow();
    expect(() => new ImageQueue({ running: 1, waiting: -1 })).toThrow();
  });
});
