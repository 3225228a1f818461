import { createHmac } from 'node:crypto';
import { isIPv6 } from 'node:net';
import type { FastifyRequest } from 'fastify';

/** Fastify's request.ip: the socket address, or behind TRUST_PROXY the address our proxy put last in X-Forwarded-For. */
export function clientIpOf(req: FastifyRequest): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}

/**
 * One person on IPv6 usually holds a whole /64, so limits apply to the /64 prefix.
 * IPv4-mapped IPv6 (::ffff:1.2.3.4) counts as the IPv4 address.
 */
export function ipLimitKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  return `${expandIPv6(ip).slice(0, 4).join(':')}::/64`;
}

function expandIPv6(ip: string): string[] {
  const [head = '', tail = ''] = ip.split('%')[0]!.split('::');
  const headParts = head ? head.split(':') : [];
  const tailParts = tail ? tail.split(':') : [];
  const missing = ip.includes('::') ? 8 - headParts.length - tailParts.length : 0;
  return [...headParts, ...Array(missing).fill('0'), ...tailParts].map((p) => p.toLowerCase().replace(/^0+(?=.)/, ''));
}

/** Hashes of addresses seen lately: a visitor's page makes several calls, each needing its hash. */
const recentHashes = new Map<string, string>();
const RECENT_HASHES = 10_000;
let recentHashesSecret = '';

/** A keyed hash, so the stored value reveals no address even to someone holding the database. */
export function hashIp(ip: string, secret: string): string {
  if (secret !== recentHashesSecret) {
    recentHashes.clear();
    recentHashesSecret = secret;
  }
  const known = recentHashes.get(ip);
  if (known !== undefined) return known;
  const hash = createHmac('sha256', secret)
    .update(`ip:${ipLimitKey(ip)}`)
    .digest('hex');
  if (recentHashes.size >= RECENT_HASHES) recentHashes.delete(recentHashes.keys().next().value as string);
  recentHashes.set(ip, hash);
  return hash;
}
