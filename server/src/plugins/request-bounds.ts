import { LIMITS, MESSAGES, SERVER_LIMITS } from '@curbside/shared';
import type { FastifyInstance } from 'fastify';
import { DomainError } from '../errors';

// What one request may cost, bounded before any procedure runs (docs/reliability.md, "Abuse limits"):
// - request bodies arrive uncompressed: a 1 KB gzip body would otherwise unpack to the whole 1 MB body limit;
// - JSON bodies nest at most SERVER_LIMITS.jsonDepthMax levels, checked by a scan before they are parsed;
// - a tRPC batch holds at most LIMITS.trpcBatchMax queries (and tRPC's own maxBatchSize, set in app.ts, agrees) and
//   mutations are not batched at all, so every change is its own request: its own throttle check, body limit and time limit.
// The time a request may take to arrive (REQUEST_TIMEOUT_MS) is Fastify's requestTimeout, set in app.ts.

export function registerRequestBounds(app: FastifyInstance): void {
  // A callback hook, not an async one: it runs on every request, cached reads included, and decides synchronously.
  app.addHook('onRequest', (req, _reply, done) =>
    done(refusalOf(req.method, req.url, req.headers['content-encoding'])),
  );

  // Fastify's own JSON parser (prototype poisoning refused), behind the depth check. An empty body is no body: many
  // HTTP helpers send `Content-Type: application/json` on every call, body-less ones too (POST /api/logout, DELETE).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (body === '') {
      done(null, undefined);
      return;
    }
    if (jsonDepthExceeds(body as string, SERVER_LIMITS.jsonDepthMax)) {
      done(new DomainError('BAD_REQUEST', MESSAGES.server.jsonTooDeep(SERVER_LIMITS.jsonDepthMax)), undefined);
      return;
    }
    parseJson(req, body as string, (error, value) => {
      // Fastify reports prototype poisoning (a "__proto__" key) as not JSON: a body plain JSON.parse reads was
      // refused for that key, and says so.
      if (error && isJson(body as string)) {
        done(new DomainError('BAD_REQUEST', MESSAGES.server.forbiddenJsonKey), undefined);
        return;
      }
      done(error, value);
    });
  });
}

/**
 * What one request's responses may still hold, in JSON characters. The cached reads of a request (trpc.ts) take their
 * turns — tRPC runs a batch's calls at once, and each would otherwise find the budget untouched — and each spends its
 * response's size; once spent, the request's further calls are refused. A batch of the largest pages so costs at most
 * the budget and one page.
 */
export class ResponseBudget {
  private lastTurn: Promise<void> = Promise.resolve();

  constructor(private charsLeft: number = SERVER_LIMITS.responseCharsMax) {}

  /** Runs `work` after this request's earlier calls, refused if they spent the budget, and spends its response. */
  async inTurn<R>(work: () => Promise<{ result: R; chars: number }>): Promise<R> {
    const previous = this.lastTurn;
    let done = () => {};
    this.lastTurn = new Promise((resolve) => {
      done = resolve;
    });
    try {
      await previous;
      if (this.charsLeft <= 0) throw new DomainError('BAD_REQUEST', MESSAGES.server.responseTooLarge);
      const { result, chars } = await work();
      this.charsLeft -= chars;
      return result;
    } finally {
      done();
    }
  }
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** Why the request is refused before it is read, or undefined. */
function refusalOf(method: string, url: string, encoding: string | undefined): DomainError | undefined {
  if (encoding !== undefined && encoding.trim().toLowerCase() !== 'identity') {
    return new DomainError('UNSUPPORTED_MEDIA_TYPE', MESSAGES.server.compressedBody);
  }
  const calls = trpcCallsIn(url);
  if (calls > 1 && method === 'POST') return new DomainError('BAD_REQUEST', MESSAGES.server.mutationBatch);
  if (calls > LIMITS.trpcBatchMax)
    return new DomainError('BAD_REQUEST', MESSAGES.server.batchTooLarge(LIMITS.trpcBatchMax));
  return undefined;
}

/**
 * How many tRPC calls the address names (/trpc/a,b: two; 0 outside /trpc). tRPC decodes the path, so an escaped
 * comma (%2C) separates calls too.
 */
function trpcCallsIn(url: string): number {
  if (!url.startsWith('/trpc/')) return 0;
  const end = url.indexOf('?');
  const path = (end < 0 ? url : url.slice(0, end)).toLowerCase();
  return path.split(/,|%2c/).length;
}

/**
 * Whether `text`, read as JSON, opens more than `maxDepth` arrays or objects inside each other. A linear scan that
 * skips strings; it does not validate (the parser does that next), it only refuses depth early.
 */
export function jsonDepthExceeds(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 /* [ */ || c === 123 /* { */) {
      if (++depth > maxDepth) return true;
    } else if (c === 93 /* ] */ || c === 125 /* } */) depth--;
  }
  return false;
}
