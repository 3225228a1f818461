import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CacheEntry, Encoding } from './read-cache';

/**
 * Sends a cached response in one serialized form, with its ETag: 304 when the client already holds it, and the
 * pre-compressed bytes when the client accepts Brotli or gzip. `private` by default: a response may vary by viewer.
 */
export function sendCached(
  req: FastifyRequest,
  reply: FastifyReply,
  entry: CacheEntry,
  form: string,
  serialize: (value: unknown) => string,
  contentType = 'application/json; charset=utf-8',
  cacheControl = 'private, no-cache',
): FastifyReply {
  const body = entry.body(form, serialize);
  reply.header('etag', body.etag).header('cache-control', cacheControl).header('vary', 'accept-encoding');
  if (matchesEtag(req.headers['if-none-match'], body.etag)) return reply.code(304).send();
  reply.type(contentType);
  const encoding = body.bytes.length >= 1024 ? preferredEncoding(req.headers['accept-encoding']) : undefined;
  if (!encoding) return reply.send(body.bytes);
  return reply.header('content-encoding', encoding).send(entry.encoded(form, serialize, encoding));
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag || tag.trim() === '*');
}

/** Brotli when the client takes it, else gzip, else none (q=0 refuses an encoding). */
export function preferredEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  const accepted = new Set<string>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const refused = params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param));
    if (!refused) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return undefined;
}
