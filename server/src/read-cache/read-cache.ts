import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// Responses many visitors read alike, kept in memory as the procedure's checked output and, on first use, as the
// bytes each transport sends. Entries are dropped by tag when a write declares it changed what they were made of,
// all at once on any other write (policy.ts), and after a short time-to-live in any case, so a change made through
// another app server shows here within READ_CACHE_TTL_MS.

export const READ_CACHE_TTL_MS = 5_000;
/**
 * How far behind the primary a read replica may be expected to run (docs/operations.md, "Read replicas"). A response
 * a write dropped (invalidated or cleared) is built again within this time with `afterWrite` (the app then reads the
 * primary: db/replicas.ts), so the first answer after a write is never a replica's that has not applied it yet; later
 * rebuilds (after the time-to-live, or a cold start) may read a replica.
 */
export const REPLICA_LAG_ALLOWANCE_MS = 1_000;
/** What the cache may hold, estimated from each response's JSON size; the oldest responses go first. */
export const READ_CACHE_MAX_BYTES = 32 * 1024 * 1024;
/** A response in memory (objects, serialized and compressed forms) takes a few times its JSON. */
const BYTES_PER_JSON_CHAR = 4;

export type Encoding = 'br' | 'gzip';

/**
 * A tag with a level, `name@level` (a whole number): on a response, "dropped by a change of `name` at this level or
 * above"; in an invalidation, "a change of `name` at this level". A ranking whose last place has 12 votes carries
 * `ranking@12`, and a vote that brings a car to 9 votes invalidates `ranking@9`, which leaves it: that car cannot
 * enter it. Every other tag matches only itself.
 */
export const levelTag = (name: string, level: number) => `${name}@${Math.max(0, Math.floor(level))}`;

function parseLevelTag(tag: string): { name: string; level: number } | undefined {
  const at = tag.lastIndexOf('@');
  if (at < 0 || !/^\d+$/.test(tag.slice(at + 1))) return undefined;
  return { name: tag.slice(0, at), level: Number(tag.slice(at + 1)) };
}

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
  /** The highest level invalidated of each level tag's name while this build ran. */
  levels: Map<string, number>;
  all: boolean;
}

/** Whether a response carrying `tags` is dropped by what `build` saw invalidated. */
function overlapped(build: Build, tags: readonly string[]): boolean {
  if (build.all) return true;
  return tags.some((tag) => {
    if (build.invalidated.has(tag)) return true;
    const level = parseLevelTag(tag);
    return level !== undefined && level.level <= (build.levels.get(level.name) ?? -1);
  });
}

export class ReadCache {
  private readonly entries = new Map<string, CacheEntry>();
  private readonly keysByTag = new Map<string, Set<string>>();
  /** The keys carrying a level tag, by its name, each with its lowest level of that name. */
  private readonly levelsByName = new Map<string, Map<string, number>>();
  private readonly pending = new Map<string, Promise<CacheEntry>>();
  private readonly builds = new Set<Build>();
  /** When a write last dropped each key (oldest first), kept REPLICA_LAG_ALLOWANCE_MS; a clear drops them all. */
  private readonly dropped = new Map<string, number>();
  private clearedAt = Number.NEGATIVE_INFINITY;
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

  /** The keys of the responses held, fresh or not: what a write dropped is not among them. */
  keys(): string[] {
    return [...this.entries.keys()];
  }

  /** The entry for `key` when it is cached and fresh. */
  peek(key: string): CacheEntry | undefined {
    const hit = this.entries.get(key);
    return hit && hit.expiresAt > this.now() ? hit : undefined;
  }

  /**
   * The entry for `key`, building it with `load` on a miss. Concurrent misses share one build. A build that overlaps
   * an invalidation of one of its tags still reaches its callers but is not kept, so nothing stale is stored. `load`
   * is told `afterWrite` within REPLICA_LAG_ALLOWANCE_MS of a write that dropped `key` (or of that overlap).
   */
  async get(key: string, load: (afterWrite: boolean) => Promise<LoadedResponse>): Promise<CacheEntry> {
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > this.now()) return hit;
    if (hit) this.remove(key);
    const running = this.pending.get(key);
    if (running) return running;

    const build: Build = { invalidated: new Set(), levels: new Map(), all: false };
    this.builds.add(build);
    const promise = load(this.droppedRecently(key))
      .then(({ value, tags, expiresAt = Infinity, keep = true, headers }) => {
        // A page's HTML is measured as it is: serializing it only to count it would copy 150 KB.
        const chars = typeof value === 'string' ? value.length : (JSON.stringify(value)?.length ?? 0);
        const size = chars * BYTES_PER_JSON_CHAR;
        const entry = new CacheEntry(value, tags, Math.min(this.now() + READ_CACHE_TTL_MS, expiresAt), size, headers);
        if (!overlapped(build, tags)) {
          if (keep) this.store(key, entry);
        } else if (!build.all) {
          // Made (perhaps on a replica) before a write it missed: the next build reads after that write.
          this.noteDropped(key);
        }
        return entry;
      })
      .finally(() => {
        this.builds.delete(build);
        this.pending.delete(key);
      });
    this.pending.set(key, promise);
    return promise;
  }

  /** Drops every entry carrying one of `tags`, or a level tag of the same name at or below an invalidated level. */
  invalidate(tags: string[]): void {
    for (const tag of tags) {
      const level = parseLevelTag(tag);
      if (level) {
        for (const build of this.builds) {
          build.levels.set(level.name, Math.max(level.level, build.levels.get(level.name) ?? -1));
        }
        for (const [key, lowest] of this.levelsByName.get(level.name) ?? []) {
          if (lowest <= level.level) this.drop(key);
        }
        continue;
      }
      for (const build of this.builds) build.invalidated.add(tag);
      const keys = this.keysByTag.get(tag);
      if (!keys) continue;
      for (const key of keys) this.drop(key);
    }
  }

  /** Drops everything (a write that did not declare what it changes). */
  clear(): void {
    this.clearedAt = this.now();
    this.dropped.clear();
    for (const build of this.builds) build.all = true;
    this.entries.clear();
    this.keysByTag.clear();
    this.levelsByName.clear();
    this.bytes = 0;
  }

  /** Whether a write dropped `key` (or everything) within REPLICA_LAG_ALLOWANCE_MS. */
  private droppedRecently(key: string): boolean {
    const since = this.now() - REPLICA_LAG_ALLOWANCE_MS;
    return this.clearedAt > since || (this.dropped.get(key) ?? Number.NEGATIVE_INFINITY) > since;
  }

  /** A write dropped `key` now; what was noted longer ago than the allowance is forgotten. */
  private noteDropped(key: string): void {
    const now = this.now();
    this.dropped.delete(key);
    this.dropped.set(key, now);
    for (const [oldKey, at] of this.dropped) {
      if (at > now - REPLICA_LAG_ALLOWANCE_MS) break;
      this.dropped.delete(oldKey);
    }
  }

  private drop(key: string): void {
    if (!this.entries.has(key)) return;
    this.remove(key);
    this.noteDropped(key);
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
      const level = parseLevelTag(tag);
      if (level) {
        const keys = this.levelsByName.get(level.name) ?? new Map<string, number>();
        keys.set(key, Math.min(level.level, keys.get(key) ?? Infinity));
        this.levelsByName.set(level.name, keys);
        continue;
      }
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
      const level = parseLevelTag(tag);
      const name = level?.name ?? tag;
      const keys = level ? this.levelsByName.get(name) : this.keysByTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) (level ? this.levelsByName : this.keysByTag).delete(name);
    }
  }
}
