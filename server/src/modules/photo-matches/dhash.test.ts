import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  bandProbes,
  HASH_BANDS,
  hashBands,
  hashDistance,
  isFeatureless,
  PHOTO_MATCH_DISTANCE,
  perceptualHash,
} from './dhash';
import { carPhoto, copiedPhoto, RX7 } from './test-pictures';

// The difference hash and the band lookup that finds near hashes.

describe('perceptual hash', () => {
  it('gives a copy (cropped 2%, resized, re-compressed) a hash a few bits from the original', async () => {
    const original = await carPhoto();
    const [a, b] = await Promise.all([perceptualHash(original), perceptualHash(await copiedPhoto(original))]);
    expect(a).toMatch(/^[0-9a-f]{16}$/);
    expect(hashDistance(a, b)).toBeLessThanOrEqual(PHOTO_MATCH_DISTANCE);
  });

  it('tells another photo of the same car apart (another scene)', async () => {
    const [a, b] = await Promise.all([carPhoto().then(perceptualHash), carPhoto(RX7, 'track').then(perceptualHash)]);
    expect(hashDistance(a, b)).toBeGreaterThan(2 * PHOTO_MATCH_DISTANCE);
  });

  it('marks a flat picture featureless (every blank picture looks alike)', async () => {
    const grey = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#808080' } })
      .jpeg()
      .toBuffer();
    expect(isFeatureless(await perceptualHash(grey))).toBe(true);
    expect(isFeatureless(await perceptualHash(await carPhoto()))).toBe(false);
  });
});

describe('band lookup', () => {
  it('counts differing bits', () => {
    expect(hashDistance('0000000000000000', 'ffffffffffffffff')).toBe(64);
    expect(hashDistance('8000000000000001', '0000000000000000')).toBe(2);
    expect(hashDistance('0123456789abcdef', '0123456789abcdef')).toBe(0);
  });

  it('splits a hash into four 16-bit bands', () => {
    expect(hashBands('0123456789abcdef')).toEqual([0x0123, 0x4567, 0x89ab, 0xcdef]);
  });

  it('finds every hash within the distance: some band is equal or one bit off (pigeonhole)', () => {
    expect(PHOTO_MATCH_DISTANCE).toBeLessThan(2 * HASH_BANDS);
    // Random hashes and random flips of up to PHOTO_MATCH_DISTANCE bits: the probes always reach the flipped hash.
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) >>> 0;
      return seed;
    };
    const hex16 = () => Array.from({ length: 4 }, () => (random() & 0xffff).toString(16).padStart(4, '0')).join('');
    for (let round = 0; round < 2000; round++) {
      const hash = hex16();
      const bits = [...BigInt(`0x${hash}`).toString(2).padStart(64, '0')];
      for (let flips = random() % (PHOTO_MATCH_DISTANCE + 1); flips > 0; flips--) {
        const at = random() % 64;
        bits[at] = bits[at] === '1' ? '0' : '1';
      }
      const near = BigInt(`0b${bits.join('')}`)
        .toString(16)
        .padStart(16, '0');
      expect(hashDistance(hash, near)).toBeLessThanOrEqual(PHOTO_MATCH_DISTANCE);
      const nearBands = hashBands(near);
      const reached = hashBands(hash).some((band, i) => bandProbes(band).includes(nearBands[i] ?? -1));
      expect(reached).toBe(true);
    }
  });
});
