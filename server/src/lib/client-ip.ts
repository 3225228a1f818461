import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';
import { hmacSha256Hex } from './hmac-sha256';

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
  if (ipaddr.IPv4.isValidFourPartDecimal(ip)) return ipaddr.IPv4.parse(ip).toString();
  if (!ipaddr.IPv6.isValid(ip)) return ip;
  const v6 = ipaddr.IPv6.parse(ip);
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
  return `${v6.parts
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The hash function of the secret in use (made once: it compresses the key's blocks). */
let keyed = { secret: '', hmac: hmacSha256Hex('') };

/**
 * A keyed hash (HMAC-SHA256 of the address's limit key), so the stored value reveals no address even to someone
 * holding the database.
 */
export function hashIp(ip: string, secret: string): string {
  if (secret !== keyed.secret) keyed = { secret, hmac: hmacSha256Hex(secret) };
  return keyed.hmac(`ip:${ipLimitKey(ip)}`);
}
