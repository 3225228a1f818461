import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AddressHasher, earlierIpHashes, hashIp, hashIpBlock, ipBlockKey, ipLimitKey } from './client-ip';

describe('client IP keys for vote limits and throttles', () => {
  it('keeps IPv4 addresses as they are, including IPv4-mapped IPv6', () => {
    expect(ipLimitKey('203.0.113.7')).toBe('203.0.113.7');
    expect(ipLimitKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts every spelling of an IPv4-mapped address as the IPv4 address', () => {
    for (const spelling of [
      '::ffff:c633:6407',
      '::FFFF:C633:6407',
      '0:0:0:0:0:ffff:198.51.100.7',
      '0000:0000:0000:0000:0000:ffff:c633:6407',
      '::ffff:198.51.100.7',
    ]) {
      expect(ipLimitKey(spelling), spelling).toBe('198.51.100.7');
    }
  });

  it('groups IPv6 addresses by their /64 prefix', () => {
    expect(ipLimitKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(ipLimitKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(ipLimitKey('2001:db8:1:3::1')).not.toBe(ipLimitKey('2001:db8:1:2::1'));
    expect(ipLimitKey('2001:DB8::1')).toBe('2001:db8:0:0::/64');
    expect(ipLimitKey('1::2:3:4:5:6:7')).toBe('1:0:2:3::/64');
    expect(ipLimitKey('1::2:3:4:5.6.7.8')).toBe('1:0:0:2::/64'); // the dotted ending is two groups
    expect(ipLimitKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('gives every spelling of an IPv6 address the same /64 key: zeros dropped, any case, any :: compression', () => {
    // 2,000 addresses made from known groups, each written in a random one of the spellings IPv6 allows.
    let seed = 7;
    const random = (below: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % below;
    };
    for (let n = 0; n < 2_000; n++) {
      // Some zero groups, so `::` has runs to stand for.
      const groups = Array.from({ length: 8 }, () => (random(3) === 0 ? 0 : random(0x10000)));
      const prefix = groups.slice(0, 4).map((group) => group.toString(16));
      const expected = `${prefix.join(':')}::/64`;
      let written = groups.map((group) => {
        const hex = group.toString(16);
        const padded = random(2) ? hex.padStart(4, '0') : hex;
        return random(2) ? padded.toUpperCase() : padded;
      });
      const zeroRun = written.findIndex((_, i) => groups[i] === 0);
      if (zeroRun >= 0 && random(2)) {
        let end = zeroRun;
        while (end < 8 && groups[end] === 0) end++;
        const text = `${written.slice(0, zeroRun).join(':')}::${written.slice(end).join(':')}`;
        written = [text];
      }
      const address = written.join(':');
      expect(ipLimitKey(address), address).toBe(expected);
    }
  });

  it('keeps anything that is not an address as it is', () => {
    expect(ipLimitKey('unknown')).toBe('unknown');
    expect(ipLimitKey('::ffff:not-an-address')).toBe('::ffff:not-an-address');
  });

  it('hashes with the secret so equal addresses match and the address is not recoverable', () => {
    const a = hashIp('2001:db8:1:2::1', 'secret-one');
    expect(a).toBe(hashIp('2001:db8:1:2::ffff', 'secret-one'));
    expect(a).not.toBe(hashIp('2001:db8:1:2::1', 'secret-two'));
    expect(a).not.toContain('2001');
    expect(a).toMatch(/^[0-9a-f]{64}$/);
  });

  it('is the HMAC-SHA256 of the limit key under a key derived from the first secret for this use alone', () => {
    const key = createHmac('sha256', 'secret-one').update('curbside:ip-hash:v1').digest();
    expect(hashIp('2001:db8:1:2::1', 'secret-one')).toBe(
      createHmac('sha256', key).update('ip:2001:db8:1:2::/64').digest('hex'),
    );
    expect(hashIp('::ffff:203.0.113.7', 'secret-one')).toBe(
      createHmac('sha256', key).update('ip:203.0.113.7').digest('hex'),
    );
    // Never the raw secret as the key.
    expect(hashIp('203.0.113.7', 'secret-one')).not.toBe(
      createHmac('sha256', 'secret-one').update('ip:203.0.113.7').digest('hex'),
    );
  });

  it('keeps the hash of the secret that signs through a rotation, and gives the old hashes beside it', () => {
    const before = hashIp('203.0.113.7', 'old-secret');
    const after = hashIp('203.0.113.7', 'new-secret');
    // Step 1 (new,old) hashes as step 2 (new) will: one change of hash, and the old one is still known.
    expect(hashIp('203.0.113.7', 'new-secret, old-secret')).toBe(after);
    expect(earlierIpHashes('203.0.113.7', 'new-secret,old-secret')).toEqual([before]);
    expect(earlierIpHashes('203.0.113.7', 'new-secret')).toEqual([]);
  });

  it('remembers a bounded number of recent addresses and hashes alike from memory or not', () => {
    const hasher = new AddressHasher('secret-one');
    const first = hasher.hash('203.0.113.7');
    for (let i = 0; i < 20_000; i++) hasher.hash(`10.0.${i >> 8}.${i & 255}`);
    expect((hasher as unknown as { memo: Map<string, string> }).memo.size).toBe(10_000);
    expect(hasher.hash('203.0.113.7')).toBe(first);
    expect(hasher.hash('10.0.78.31')).toBe(new AddressHasher('secret-one').hash('10.0.78.31'));
  });
});

describe('address blocks for the fair-vote review', () => {
  it('groups IPv4 (also IPv4-mapped) by /24 and IPv6 by /64', () => {
    expect(ipBlockKey('198.51.100.7')).toBe('198.51.100.0/24');
    expect(ipBlockKey('::ffff:c633:64fe')).toBe('198.51.100.0/24');
    expect(ipBlockKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
  });

  it('gives neighbours one keyed block hash, and another block or key another', () => {
    const secret = 'a'.repeat(64);
    expect(hashIpBlock('198.51.100.1', secret)).toBe(hashIpBlock('198.51.100.254', secret));
    expect(hashIpBlock('198.51.100.1', secret)).not.toBe(hashIpBlock('198.51.101.1', secret));
    expect(hashIpBlock('198.51.100.1', secret)).not.toBe(hashIpBlock('198.51.100.1', 'b'.repeat(64)));
    expect(hashIpBlock('198.51.100.1', secret)).toMatch(/^[0-9a-f]{64}$/);
    // A block's hash is not an address's: one /24 cannot pass for one of its addresses.
    expect(hashIpBlock('198.51.100.1', secret)).not.toBe(hashIp('198.51.100.1', secret));
  });
});
