import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// Responses many visitors read alike, kept in memory as the procedure's checked output and, on first use, as the
// bytes each transport sends. Entries are dropped by tag when a write declares it changed what they were made of,
// all at once on any other write (policy.ts), and after a short time-to-live in any case, so a change made through
// another app server shows here within READ_CACHE_TTL_MS.

export const READ_CACHE_TTL_MS = 5_000;
/** What the cache may hold, estimated from each response's JSON size; the oldest responses go first. */
export const READ_CACHE_MAX_BYTES = 32 * 1024 * 1024;
/** A response in memory (objects, serialized and compressed forms) takes a few times its JSON. */
const BYTES_PER_JSON_CHAR = 4;

export type Encoding = 'br' | 'gzip';

/** One cached response. `bodies` holds the serialized forms (REST JSON, tRPC envelopes), each made once. */
export class CacheEntry {
  private readonly bodies = new Map<string, { bytes: Buffer; etag: string; encoded: Map<Encoding, Buffer> }>();

  constructor(
    readonly value: unknown,
    readonly tags: readonly string[],
    readonly expiresAt: number,
    /** Estimated bytes this entry holds. */
    readonly size: number,
    /** Headers the procedure set for its response (a list's next-page cursor), sent with every copy. */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {}

  /** The length of the response's JSON (what the size was estimated from). */
  get jsonLength(): number {
    return this.size / BYTES_PER_JSON_CHAR;
  }

  /** The response as `form` serializes it, with a strong ETag of those bytes; made on first use. */
  body(form: string, serialize: (value: unknown) => string) {
    let body = this.bodies.get(form);
    if (!body) {
      const bytes = Buffer.from(serialize(this.value));
      const etag = `"${createHash('sha1').update(bytes).digest('base64url')}"`;
      body = { bytes, etag, encoded: new Map() };
      this.bodies.set(form, body);
    }
    return body;
  }

  /** The body compressed once per encoding, at the levels the compression plugin uses for live responses. */
  encoded(form: string, serialize: (value: unknown) => string, encoding: Encoding): Buffer {
    const body = this.body(form, serialize);
    let bytes = body.encoded.get(encoding);
    if (!bytes) {
      bytes =
        encoding === 'br'
          ? brotliCompressSync(body.bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
          : gzipSync(body.bytes, { level: 6 });
      body.encoded.set(encoding, bytes);
    }
    return bytes;
  }
}

/** What a cache miss computes. */
export interface LoadedResponse {
  value: unknown;
  /** What it was made from: a write that changes one of them drops it (tags.ts). */
  tags: readonly string[];
  /** Expire no later than this (a response made of other cached responses lives no longer than they do). */
  expiresAt?: number;
  /** false: return it to the callers waiting for it, but do not keep it. */
  keep?: boolean;
  /** Response headers the procedure set (CacheEntry.headers). */
  headers?: Record<string, string>;
}

interface Build {
  /** Tags invalidated while this build ran; `all` after a clear. Its result is then not stored. */
  invalidated: Set<string>;
  all: boolean;
}

export class ReadCache {
  private readonly entries = new Map<string, CacheEntry>();
  private readonly keysByTag = new Map<string, Set<string>>();
  private readonly pending = new Map<string, Promise<CacheEntry>>();
  private readonly builds = new Set<Build>();
  private bytes = 0;
  private readonly now: () => number;
  private readonly maxBytes: number;

  constructor(options: { now?: () => number; maxBytes?: number } = {}) {
    this.now = options.now ?? Date.now;
    this.maxBytes = options.maxBytes ?? READ_CACHE_MAX_BYTES;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The entry for `key` when it is cached and fresh. */
  peek(key: string): CacheEntry | undefined {
    const hit = this.entries.get(key);
    return hit && hit.expiresAt > this.now() ? hit : undefined;
  }

  /**
   * The entry for `key`, building it with `load` on a miss. Concurrent misses share one build. A build that overlaps
   * an invalidation of one of its tags still reaches its callers but is not kept, so nothing stale is stored.
   */
  async get(key: string, load: () => Promise<LoadedResponse>): Promise<CacheEntry> {
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > this.now()) return hit;
    if (hit) this.remove(key);
    const running = this.pending.get(key);
    if (running) return running;

    const build: Build = { invalidated: new Set(), all: false };
    this.builds.add(build);
    const promise = load()
      .then(({ value, tags, expiresAt = Infinity, keep = true, headers }) => {
        // A page's HTML is measured as it is: serializing it only to count it would copy 150 KB.
        const chars = typeof value === 'string' ? value.length : (JSON.stringify(value)?.length ?? 0);
        const size = chars * BYTES_PER_JSON_CHAR;
        const entry = new CacheEntry(value, tags, Math.min(this.now() + READ_CACHE_TTL_MS, expiresAt), size, headers);
        if (keep && !build.all && !tags.some((tag) => build.invalidated.has(tag))) this.store(key, entry);
        return entry;
      })
      .finally(() => {
        this.builds.delete(build);
        this.pending.delete(key);
      });
    this.pending.set(key, promise);
    return promise;
  }

  /** Drops every entry carrying one of `tags`. */
  invalidate(tags: string[]): void {
    for (const build of this.builds) for (const tag of tags) build.invalidated.add(tag);
    for (const tag of tags) {
      const keys = this.keysByTag.get(tag);
      if (!keys) continue;
      for (const key of keys) this.remove(key);
    }
  }

  /** Drops everything (a write that did not declare what it changes). */
  clear(): void {
    for (const build of this.builds) build.all = true;
    this.entries.clear();
    this.keysByTag.clear();
    this.bytes = 0;
  }

  private store(key: string, entry: CacheEntry): void {
    this.remove(key);
    if (entry.size > this.maxBytes) return;
    while (this.bytes + entry.size > this.maxBytes) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.remove(oldest);
    }
    this.entries.set(key, entry);
    this.bytes += entry.size;
    for (const tag of entry.tags) {
      const keys = this.keysByTag.get(tag) ?? new Set<string>();
      keys.add(key);
      this.keysByTag.set(tag, keys);
    }
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.size;
    for (const tag of entry.tags) {
      const keys = this.keysByTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.keysByTag.delete(tag);
    }
  }
}
