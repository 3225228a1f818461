import { isIP, isIPv4, isIPv6 } from 'node:net';
import type { FastifyRequest } from 'fastify';
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
 * One person on IPv6 usually holds a whole /64, so limits apply to the /64 prefix.
 * IPv4-mapped IPv6 (::ffff:1.2.3.4) counts as the IPv4 address.
 */
export function ipLimitKey(ip: string): string {
  if (!ip.includes(':')) return ip; // IPv4 (or no address at all)
  if (ip.length > 7 && ip.slice(0, 7).toLowerCase() === '::ffff:' && isIPv4(ip.slice(7))) return ip.slice(7);
  if (!isIPv6(ip)) return ip;
  return `${prefix64(ip)}::/64`;
}

/** The first four 16-bit groups of a valid IPv6 address, in lower-case hex without leading zeros. */
function prefix64(ip: string): string {
  // Nearly every address writes its first four groups out (2001:db8:1:2::1): read them as they stand.
  let prefix = '';
  let start = 0;
  for (let group = 0; group < 4; group++) {
    const end = ip.indexOf(':', start);
    // A `::` (or the address's end) within the first four groups: expand it below.
    if (end <= start) return compressedPrefix64(ip);
    let digits = start;
    while (digits < end - 1 && ip.charCodeAt(digits) === 0x30) digits++; // leading zeros
    prefix += (group ? ':' : '') + ip.slice(digits, end).toLowerCase();
    start = end + 1;
  }
  return prefix;
}

/** prefix64 of an address whose `::` stands for some of its first four groups. */
function compressedPrefix64(ip: string): string {
  const zone = ip.indexOf('%');
  const address = zone < 0 ? ip : ip.slice(0, zone);
  const gap = address.indexOf('::');
  const head = (gap < 0 ? address : address.slice(0, gap)).split(':');
  const groups = head[0] === '' ? [] : head;
  if (groups.length < 4) {
    // `::` stands for as many zero groups as the address lacks; a dotted IPv4 ending (64:ff9b::1.2.3.4) is two.
    const tail = address.slice(gap + 2).split(':');
    const tailGroups = tail[0] === '' ? [] : tail;
    const last = tailGroups[tailGroups.length - 1];
    const tailCount = tailGroups.length + (last?.includes('.') ? 1 : 0);
    for (let zero = 8 - groups.length - tailCount; zero > 0 && groups.length < 4; zero--) groups.push('0');
    for (const group of tailGroups) if (groups.length < 4) groups.push(group);
  }
  let prefix = '';
  for (let i = 0; i < 4; i++) prefix += (i ? ':' : '') + Number.parseInt(groups[i] as string, 16).toString(16);
  return prefix;
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
