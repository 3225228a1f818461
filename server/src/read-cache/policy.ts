import type { FastifyInstance } from 'fastify';
import type { ReadCache } from './read-cache';

// What a procedure declares about the read cache, and how a write keeps it honest. A query says what its response
// is made of (tags) and whether it varies by viewer; a mutation says which cached responses its success drops. The
// cache knows no procedure: the tags and the viewers are named by the app (cache-policies.ts).

/** How a query's response is cached; set as `meta.cache` on the procedure. */
export interface CachedReadPolicy {
  /**
   * The tags of what the response is made of: a write that invalidates one of them drops it. `input` is the input as
   * sent (it parsed).
   */
  reads(output: never, input: unknown): string[];
  /**
   * 'viewer': part of the response depends on who asks. Cached responses are computed for the shared viewer; a viewer
   * who sees responses of their own (ViewerVariance) gets the shared one when none of its tags is one of their own
   * tags, else the shared one made theirs by `personalize`, or without it one computed for them, never kept.
   */
  variesBy?: 'viewer';
  /**
   * The viewer's response from the shared one, given the tags of it that are the viewer's own (ViewerVariance.ownTags,
   * at least one): it must not change `shared`.
   */
  personalize?(shared: never, ownTags: readonly string[]): unknown;
}

/**
 * Which cached responses a mutation's success drops (`meta.invalidates`): none, all of them, or those carrying the
 * tags it names from its output and input (already checked by the procedure's schemas).
 */
export type Invalidates = 'nothing' | 'everything' | ((output: never, input: never) => string[]);

/** Which viewers see responses of their own from the queries that vary by viewer, by viewer key. */
export interface ViewerVariance {
  seesOwnResponses(viewer: string): boolean;
  /** The tags of what differs for this viewer in a shared response carrying them (a car they voted for). */
  ownTags(viewer: string): readonly string[];
}

/** A cached response's key: the procedure and its input as sent (only inputs that parse are ever stored). */
export const readCacheKey = (procedurePath: string, rawInput: unknown) =>
  `${procedurePath}:${JSON.stringify(rawInput) ?? ''}`;

/** Write requests whose procedures all said what they invalidate (true), or one did not (false). */
const declaredWrites = new WeakMap<object, boolean>();
/** Tags a write learned only as it ran (the car of a deleted photo), by request. */
const notedTags = new WeakMap<object, string[]>();

/**
 * For a mutation whose `invalidates` is a function: tags its resolver learned only as it ran (the car a deleted
 * photo belonged to), dropped with the declared ones when it succeeds; or 'everything', when it learned that its
 * change reaches further than tags tell (the write's response then clears the cache).
 */
export function noteInvalidated(request: object, tags: string[] | 'everything'): void {
  if (tags === 'everything') declaredWrites.set(request, false);
  else notedTags.set(request, [...(notedTags.get(request) ?? []), ...tags]);
}

/** After a mutation of `request` succeeded: drops what `invalidates` names, and notes what it declared. */
export function invalidateAfterWrite(
  cache: ReadCache,
  request: object,
  invalidates: Invalidates = 'everything',
  output: unknown,
  input: unknown,
): void {
  if (invalidates === 'everything') {
    declaredWrites.set(request, false);
    return;
  }
  if (typeof invalidates === 'function') {
    cache.invalidate([...invalidates(output as never, input as never), ...(notedTags.get(request) ?? [])]);
    notedTags.delete(request);
  }
  if (declaredWrites.get(request) !== false) declaredWrites.set(request, true);
}

/**
 * Writes keep the cache honest: a write request that succeeded drops every cached response before its own response
 * is sent, unless each procedure it ran declared what it invalidates (and has dropped that already). Writes that are
 * not procedures (uploads, webhooks) therefore clear it.
 */
export function registerWriteInvalidation(app: FastifyInstance, cache: ReadCache): void {
  app.addHook('onSend', (req, reply, payload, done) => {
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS' || reply.statusCode >= 400) {
      return done(null, payload);
    }
    if (declaredWrites.get(req) !== true) cache.clear();
    done(null, payload);
  });
}
