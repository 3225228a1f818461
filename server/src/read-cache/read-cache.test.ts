import { describe, expect, it } from 'vitest';
import { preferredEncoding } from './http';
import { levelTag, READ_CACHE_TTL_MS, REPLICA_LAG_ALLOWANCE_MS, ReadCache } from './read-cache';

/** A load the test finishes by hand, counting how often it ran. */
function deferredLoad(value: unknown, tags: string[]) {
  let finish: () => void = () => undefined;
  let calls = 0;
  const load = () => {
    calls++;
    return new Promise<{ value: unknown; tags: string[] }>((resolve) => {
      finish = () => resolve({ value, tags });
    });
  };
  return { load, finish: () => finish(), calls: () => calls };
}

describe('ReadCache', () => {
  it('builds a missing response once for concurrent readers, then serves it without building', async () => {
    const cache = new ReadCache();
    const build = deferredLoad({ n: 1 }, ['item:1']);
    const both = Promise.all([cache.get('k', build.load), cache.get('k', build.load)]);
    build.finish();
    const [a, b] = await both;
    expect(a).toBe(b);
    expect((await cache.get('k', build.load)).value).toEqual({ n: 1 });
    expect(build.calls()).toBe(1);
  });

  it('keeps a response made of other responses no longer than they live, and not at all when told not to', async () => {
    let now = 1_000;
    const cache = new ReadCache({ now: () => now });
    await cache.get('page', async () => ({ value: 'page', tags: ['item:1'], expiresAt: now + 1_000 }));
    now += 999;
    expect(cache.peek('page')?.value).toBe('page');
    now += 1;
    expect(cache.peek('page')).toBeUndefined();

    const own = await cache.get('mine', async () => ({ value: 'a viewer of its own', tags: [], keep: false }));
    expect(own.value).toBe('a viewer of its own');
    expect(cache.peek('mine')).toBeUndefined();
  });

  it('drops the responses of an invalidated tag only, and everything on clear', async () => {
    const cache = new ReadCache();
    await cache.get('one', async () => ({ value: 1, tags: ['item:1', 'list'] }));
    await cache.get('two', async () => ({ value: 2, tags: ['item:2'] }));
    cache.invalidate(['item:1']);
    expect(cache.size).toBe(1);
    expect((await cache.get('two', async () => ({ value: 'rebuilt', tags: [] }))).value).toBe(2);
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it('drops a response with a level tag only for a change of that name at its level or above', async () => {
    const cache = new ReadCache();
    await cache.get('top3', async () => ({ value: 'top 3', tags: [levelTag('ranking', 12)] }));
    await cache.get('top20', async () => ({ value: 'top 20', tags: [levelTag('ranking', 4), 'item:1'] }));
    await cache.get('other', async () => ({ value: 'other', tags: [levelTag('counters', 0)] }));
    cache.invalidate([levelTag('ranking', 3)]);
    expect(cache.size).toBe(3);
    cache.invalidate([levelTag('ranking', 4)]);
    expect(cache.peek('top20')).toBeUndefined();
    expect(cache.peek('top3')?.value).toBe('top 3');
    cache.invalidate([levelTag('ranking', 13)]);
    expect(cache.peek('top3')).toBeUndefined();
    expect(cache.peek('other')?.value).toBe('other');

    // A build that overlapped a change at or above its level is not kept; one below it is.
    const low = deferredLoad('low', [levelTag('ranking', 5)]);
    const high = deferredLoad('high', [levelTag('ranking', 9)]);
    const pending = [cache.get('low', low.load), cache.get('high', high.load)];
    cache.invalidate([levelTag('ranking', 7)]);
    low.finish();
    high.finish();
    await Promise.all(pending);
    expect(cache.peek('low')).toBeUndefined();
    expect(cache.peek('high')?.value).toBe('high');
  });

  it('does not keep a response whose build overlapped an invalidation of its tags or a clear', async () => {
    const cache = new ReadCache();
    const stale = deferredLoad('before the write', ['item:1']);
    const pending = cache.get('k', stale.load);
    cache.invalidate(['item:1']);
    stale.finish();
    expect((await pending).value).toBe('before the write');
    expect(cache.size).toBe(0);

    const other = deferredLoad('unrelated', ['item:2']);
    const kept = cache.get('k2', other.load);
    cache.invalidate(['item:1']);
    other.finish();
    await kept;
    expect(cache.size).toBe(1);

    const cleared = deferredLoad('before a write', ['item:3']);
    const dropped = cache.get('k3', cleared.load);
    cache.clear();
    cleared.finish();
    await dropped;
    expect(cache.size).toBe(0);
  });

  it('rebuilds a response once its time to live has passed', async () => {
    let now = 1_000;
    const cache = new ReadCache({ now: () => now });
    let builds = 0;
    const load = async () => ({ value: ++builds, tags: [] });
    expect((await cache.get('k', load)).value).toBe(1);
    now += READ_CACHE_TTL_MS - 1;
    expect((await cache.get('k', load)).value).toBe(1);
    now += 1;
    expect((await cache.get('k', load)).value).toBe(2);
  });

  it('stays within its memory budget, dropping the oldest responses first', async () => {
    const cache = new ReadCache({ maxBytes: 1_000 });
    const response = (n: number) => async () => ({ value: 'x'.repeat(100 + n), tags: [] });
    for (let n = 0; n < 3; n++) await cache.get(`k${n}`, response(n));
    expect(cache.size).toBe(2);
    expect(cache.peek('k0')).toBeUndefined();
    expect(cache.peek('k2')).toBeDefined();
    const huge = await cache.get('huge', async () => ({ value: 'x'.repeat(5_000), tags: [] }));
    expect(huge.value).toHaveLength(5_000);
    expect(cache.peek('huge')).toBeUndefined();
    expect(cache.size).toBe(2);
  });

  it('keeps no failed build: the next reader tries again', async () => {
    const cache = new ReadCache();
    await expect(cache.get('k', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect((await cache.get('k', async () => ({ value: 'ok', tags: [] }))).value).toBe('ok');
  });

  it('serializes each form once, with an ETag that follows the bytes', async () => {
    const cache = new ReadCache();
    const entry = await cache.get('k', async () => ({ value: { a: 1 }, tags: [] }));
    let serialized = 0;
    const serialize = (value: unknown) => {
      serialized++;
      return JSON.stringify(value);
    };
    const first = entry.body('rest', serialize);
    expect(entry.body('rest', serialize)).toBe(first);
    expect(first.bytes.toString()).toBe('{"a":1}');
    expect(entry.body('wrapped', (v) => `[${JSON.stringify(v)}]`).etag).not.toBe(first.etag);
    expect(serialized).toBe(1);
  });
});

describe('ReadCache with read replicas', () => {
  /** A load that says which server the app would read: the primary when told `afterWrite`, else a replica. */
  const whichServer = (tags: string[]) => async (afterWrite: boolean) => ({
    value: afterWrite ? 'primary' : 'replica',
    tags,
  });

  it('builds a response a write dropped on the primary within the allowance, on a replica otherwise', async () => {
    let now = 1_000;
    const cache = new ReadCache({ now: () => now });
    const load = whichServer(['car:1', levelTag('ranking', 5)]);
    expect((await cache.get('top', load)).value).toBe('replica');

    // A vote for car 1 drops the response: the first answer after it is the primary's, and it is kept.
    cache.invalidate(['car:1']);
    expect((await cache.get('top', load)).value).toBe('primary');
    expect((await cache.get('top', whichServer([]))).value).toBe('primary');

    // Expired after its time-to-live with no write since: built on a replica again.
    now += READ_CACHE_TTL_MS;
    expect((await cache.get('top', load)).value).toBe('replica');

    // Dropped by a level tag, but built only after the allowance: the replica has had the time to apply the write.
    cache.invalidate([levelTag('ranking', 7)]);
    now += REPLICA_LAG_ALLOWANCE_MS;
    expect((await cache.get('top', load)).value).toBe('replica');
    now += READ_CACHE_TTL_MS;

    // A clear (an undeclared write) drops everything: every key built within the allowance reads the primary, even
    // one that was not held.
    cache.clear();
    expect((await cache.get('top', load)).value).toBe('primary');
    expect((await cache.get('never-held', whichServer([]))).value).toBe('primary');
    now += REPLICA_LAG_ALLOWANCE_MS;
    expect((await cache.get('held-later', whichServer([]))).value).toBe('replica');
  });

  it('builds again on the primary after a build from a replica that a write overlapped', async () => {
    let now = 1_000;
    const cache = new ReadCache({ now: () => now });
    const slow = deferredLoad('read before the vote', ['car:2']);
    const first = cache.get('car', slow.load);
    cache.invalidate(['car:2']);
    slow.finish();
    expect((await first).value).toBe('read before the vote');
    expect(cache.peek('car')).toBeUndefined();
    now += 10;
    expect((await cache.get('car', whichServer(['car:2']))).value).toBe('primary');
  });
});

describe('preferredEncoding', () => {
  it('prefers Brotli, then gzip, and honours q=0', () => {
    expect(preferredEncoding('gzip, deflate, br')).toBe('br');
    expect(preferredEncoding('gzip')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(preferredEncoding('*')).toBe('gzip');
    expect(preferredEncoding('identity')).toBeUndefined();
    expect(preferredEncoding(undefined)).toBeUndefined();
  });
});
