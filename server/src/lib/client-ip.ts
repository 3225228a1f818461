import { createHmac } from 'node:crypto';
import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';
import { sessionSecrets } from '../config';

/**
 * Fastify's request.ip: the socket address, or behind TRUST_PROXY the address our proxy put last in X-Forwarded-For.
 * An entry that is not an IP address (`garbage`) is no client's address: the socket's peer is taken instead, so a
 * made-up header cannot become a voter of its own.
 */
export function clientIpOf(req: FastifyRequest): string {
  const forwarded = req.ip;
  if (forwarded && isIP(forwarded) !== 0) return forwarded;
  return req.socket.remoteAddress ?? 'unknown';
}

/**
 * The address as limits count it. Every spelling of one address gives one key (ipaddr.js parses them): an IPv4
 * address in dotted decimal; IPv4-mapped IPv6 in any spelling (::ffff:198.51.100.7, ::ffff:c633:6407,
 * 0:0:0:0:0:ffff:198.51.100.7) as that IPv4 address; any other IPv6 address as its /64 prefix, since one person on
 * IPv6 usually holds a whole /64. Anything else (no address at all) stays as it is.
 */
export function ipLimitKey(ip: string): string {
  // node:net tells the family first: ipaddr.js's own IPv4 check costs 13 µs on an IPv6 address, its parse about 1 µs.
  const family = isIP(ip);
  if (family === 4) return ipaddr.IPv4.parse(ip).toString();
  if (family !== 6) return ip;
  const v6 = ipaddr.IPv6.parse(ip);
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
  return `${v6.parts
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/**
 * The address block a fair-vote review groups voters by: an IPv4 address (also when IPv4-mapped) by its /24, any
 * other IPv6 address by its /64 (what ipLimitKey already keys it by). Anything else stays as it is.
 */
export function ipBlockKey(ip: string): string {
  const key = ipLimitKey(ip);
  if (isIP(key) !== 4) return key;
  return `${key.split('.').slice(0, 3).join('.')}.0/24`;
}

/** The label of the address key: a key derived for this use alone, never the session secret itself. */
const IP_HASH_PURPOSE = 'curbside:ip-hash:v1';
/** Recent addresses whose hashes are kept (about 150 bytes each): real visitors come back within minutes. */
const MEMO_SIZE = 10_000;

/**
 * Keyed hashes of addresses (HMAC-SHA256 of the address's limit key, by node:crypto), so the stored value reveals no
 * address even to someone holding the database. The key is derived from the first secret of SESSION_SECRET with a
 * purpose label, as new cookies are signed with the first secret; the hashes under the list's other secrets are
 * what the same address had before a rotation (`SESSION_SECRET=new,old`), so a vote cooldown made before it still
 * holds (docs/operations.md, "Rotating keys"). The hashes of the last 10,000 addresses are remembered.
 */
export class AddressHasher {
  private readonly keys: Buffer[];
  private readonly memo = new Map<string, string>();

  constructor(sessionSecret: string) {
    this.keys = sessionSecrets(sessionSecret).map((secret) =>
      createHmac('sha256', secret).update(IP_HASH_PURPOSE).digest(),
    );
  }

  /** The address's hash under the first secret: what is stored and compared. */
  hash(ip: string): string {
    const known = this.memo.get(ip);
    if (known !== undefined) {
      // Most recently used last, so the oldest is the first to go.
      this.memo.delete(ip);
      this.memo.set(ip, known);
      return known;
    }
    const hash = hmacHex(this.keys[0] as Buffer, ip);
    this.memo.set(ip, hash);
    if (this.memo.size > MEMO_SIZE) this.memo.delete(this.memo.keys().next().value as string);
    return hash;
  }

  /** The keyed hash of the address's block (ipBlockKey) under the first secret, as votes store it. */
  hashBlock(ip: string): string {
    return createHmac('sha256', this.keys[0] as Buffer)
      .update(`block:${ipBlockKey(ip)}`)
      .digest('hex');
  }

  /** The address's hashes under the other secrets of the list: none outside a rotation. */
  earlier(ip: string): string[] {
    return this.keys.slice(1).map((key) => hmacHex(key, ip));
  }
}

function hmacHex(key: Buffer, ip: string): string {
  return createHmac('sha256', key)
    .update(`ip:${ipLimitKey(ip)}`)
    .digest('hex');
}

/** The hasher of the secret in use (made once per secret). */
let current: { secret: string; hasher: AddressHasher } | null = null;

function hasherOf(secret: string): AddressHasher {
  if (current?.secret !== secret) current = { secret, hasher: new AddressHasher(secret) };
  return current.hasher;
}

/** The keyed hash of the address (IPv6 by its /64), as vote limits and throttles store it. */
export function hashIp(ip: string, sessionSecret: string): string {
  return hasherOf(sessionSecret).hash(ip);
}

/** The keyed hash of the address's block (/24 for IPv4, /64 for IPv6), as votes store it. */
export function hashIpBlock(ip: string, sessionSecret: string): string {
  return hasherOf(sessionSecret).hashBlock(ip);
}

/** What hashIp gave the address under SESSION_SECRET's other (older) secrets; empty outside a rotation. */
export function earlierIpHashes(ip: string, sessionSecret: string): string[] {
  return hasherOf(sessionSecret).earlier(ip);
}
