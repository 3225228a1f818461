import { describe, expect, it } from 'vitest';
import { hashIp, ipLimitKey } from './client-ip';

describe('client IP keys for vote limits and throttles', () => {
  it('keeps IPv4 addresses as they are, including IPv4-mapped IPv6', () => {
    expect(ipLimitKey('203.0.113.7')).toBe('203.0.113.7');
    expect(ipLimitKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('groups IPv6 addresses by their /64 prefix', () => {
    expect(ipLimitKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(ipLimitKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(ipLimitKey('2001:db8:1:3::1')).not.toBe(ipLimitKey('2001:db8:1:2::1'));
  });

  it('hashes with the secret so equal addresses match and the address is not recoverable', () => {
    const a = hashIp('2001:db8:1:2::1', 'secret-one');
    expect(a).toBe(hashIp('2001:db8:1:2::ffff', 'secret-one'));
    expect(a).not.toBe(hashIp('2001:db8:1:2::1', 'secret-two'));
    expect(a).not.toContain('2001');
    expect(a).toMatch(/^[0-9a-f]{64}$/);
  });
});
