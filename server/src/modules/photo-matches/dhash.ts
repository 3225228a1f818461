import { loadSharp } from '../../lib/sharp';

// A perceptual hash of a photo: the 64-bit difference hash (dHash, after Neal Krawetz's "Kind of Like That", 2013).
// The picture is made grey and shrunk, ignoring its proportions, to 9×8 pixels; each of the 64 bits says whether a
// pixel is brighter than its right-hand neighbour, row by row. Resizing, re-compressing, small colour changes and a
// crop of a few percent leave most bits as they were, so two copies of one photo lie a few bits apart (the Hamming
// distance) while two different photos lie about 32 apart. PHOTO_MATCH_DISTANCE is the "same photo" bound: measured in
// docs/decisions.md. Written as 16 hex digits: a 64-bit integer does not survive SQLite's and JavaScript's numbers.

/** Hashes at most this many bits apart are taken for copies of one photo (docs/decisions.md, "Copied photos"). */
export const PHOTO_MATCH_DISTANCE = 6;

/**
 * The hash is indexed as four 16-bit bands. Two hashes at most PHOTO_MATCH_DISTANCE (≤ 7) bits apart differ in at
 * most one bit in at least one band (pigeonhole: four bands of two or more differing bits make eight), so looking up
 * each band's value and its 16 one-bit neighbours (68 exact index lookups) finds every match.
 */
export const HASH_BANDS = 4;
const BAND_BITS = 16;

/** The dHash of an encoded picture (any format sharp reads) as 16 hex digits. */
export async function perceptualHash(picture: Buffer): Promise<string> {
  const sharp = await loadSharp();
  const pixels = await sharp(picture)
    .flatten({ background: '#ffffff' })
    .greyscale()
    .resize(9, 8, { fit: 'fill' })
    .raw()
    .toBuffer();
  let hex = '';
  for (let row = 0; row < 8; row++) {
    let byte = 0;
    for (let x = 0; x < 8; x++) {
      const at = row * 9 + x;
      byte = (byte << 1) | ((pixels[at] ?? 0) > (pixels[at + 1] ?? 0) ? 1 : 0);
    }
    hex += byte.toString(16).padStart(2, '0');
  }
  return hex;
}

/** How many of the 64 bits two hashes differ in. */
export function hashDistance(a: string, b: string): number {
  let bits = 0;
  for (let i = 0; i < 16; i += 4) {
    let x = Number.parseInt(a.slice(i, i + 4), 16) ^ Number.parseInt(b.slice(i, i + 4), 16);
    while (x) {
      x &= x - 1;
      bits++;
    }
  }
  return bits;
}

/**
 * A picture with next to no detail: flat, or nearly (its hash within PHOTO_MATCH_DISTANCE of all zeros, since equal
 * neighbours give 0 bits). Every blank or single-colour picture looks alike, so such a photo is never compared.
 */
export function isFeatureless(hash: string): boolean {
  return hashDistance(hash, '0000000000000000') <= PHOTO_MATCH_DISTANCE;
}

/** The hash's four 16-bit bands, most significant first (the indexed columns hashBand0…hashBand3). */
export function hashBands(hash: string): number[] {
  return Array.from({ length: HASH_BANDS }, (_, i) => Number.parseInt(hash.slice(i * 4, i * 4 + 4), 16));
}

/** A band's value and every value one bit from it: what a band of a matching hash can hold. */
export function bandProbes(band: number): number[] {
  return [band, ...Array.from({ length: BAND_BITS }, (_, bit) => band ^ (1 << bit))];
}
