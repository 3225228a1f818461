import { createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hmacSha256Hex } from './hmac-sha256';

// Vote limits and hasVoted compare hashes made by this function with hashes stored earlier (by createHmac before it):
// a single differing byte would let every visitor vote again. So every case is checked against node:crypto.
const reference = (key: string | Uint8Array, text: string) => createHmac('sha256', key).update(text).digest('hex');

describe('HMAC-SHA256 in JavaScript', () => {
  it('matches RFC 4231 test case 2', () => {
    expect(hmacSha256Hex('Jefe')('what do ya want for nothing?')).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
  });

  it('gives the bytes of createHmac for texts of every length across three blocks', () => {
    const key = randomBytes(32).toString('hex');
    const hmac = hmacSha256Hex(key);
    const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789:./';
    for (let length = 0; length <= 200; length++) {
      let text = '';
      for (let i = 0; i < length; i++) text += alphabet[(length * 7 + i * 13) % alphabet.length];
      expect(hmac(text), `length ${length}`).toBe(reference(key, text));
    }
  });

  it('encodes text beyond ASCII as UTF-8, as createHmac does', () => {
    const hmac = hmacSha256Hex('secret');
    for (const text of ['ip:café', 'ümlaut', '🚗 street car', '日本語'.repeat(30)]) {
      expect(hmac(text)).toBe(reference('secret', text));
    }
  });

  it('takes keys of any length: empty, short, a whole block, longer than a block (hashed first), and bytes', () => {
    for (const key of ['', 'k', 'x'.repeat(64), 'y'.repeat(65), 'z'.repeat(300), randomBytes(48)]) {
      const hmac = hmacSha256Hex(key);
      for (const text of ['ip:203.0.113.7', 'ip:2001:db8:1:2::/64', '']) {
        expect(hmac(text)).toBe(reference(key, text));
      }
    }
  });

  it('gives the same hash however many texts were hashed before (no state carried between calls)', () => {
    const hmac = hmacSha256Hex('secret');
    const first = hmac('ip:203.0.113.1');
    hmac('a long text that needs more than one block of sixty-four bytes to be hashed, and then some');
    for (let n = 0; n < 1_000; n++) hmac(`ip:2001:db8:${n.toString(16)}::/64`);
    expect(hmac('ip:203.0.113.1')).toBe(first);
  });
});
