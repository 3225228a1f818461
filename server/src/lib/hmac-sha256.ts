import { createHash } from 'node:crypto';

// HMAC-SHA256 (RFC 2104 over FIPS 180-4) of short text under one fixed key, computed in JavaScript. It gives the very
// bytes of node:crypto's `createHmac('sha256', key).update(text).digest('hex')` (the tests compare the two), so values
// stored with either match.
//
// Why not createHmac: the visitor's address is hashed on every request whose response varies by viewer. Each
// createHmac call makes native objects that the garbage collector must then visit; under the bench's stream of new
// visitors that cost about 20 µs of CPU per request, against about 2 µs for this (docs/performance.md). The key's
// inner and outer padded blocks are compressed once, when the key is given, so a call compresses only the text's
// blocks and the inner digest.

const BLOCK_BYTES = 64;

/** The first 32 bits of the fractional parts of the cube roots of the first 64 primes. */
const ROUND_CONSTANTS = Int32Array.from([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);

/** The first 32 bits of the fractional parts of the square roots of the first 8 primes. */
const INITIAL_STATE = Int32Array.from([
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
]);

/** The message schedule, reused by every compression (calls are synchronous, so one is enough). */
const schedule = new Int32Array(64);

/** Mixes one 64-byte block, read from `bytes` at `offset` as big-endian words, into `state`. */
function compress(state: Int32Array, bytes: DataView, offset: number): void {
  const w = schedule;
  for (let i = 0; i < 16; i++) w[i] = bytes.getInt32(offset + 4 * i);
  for (let i = 16; i < 64; i++) {
    const w15 = w[i - 15] as number;
    const w2 = w[i - 2] as number;
    const s0 = ((w15 >>> 7) | (w15 << 25)) ^ ((w15 >>> 18) | (w15 << 14)) ^ (w15 >>> 3);
    const s1 = ((w2 >>> 17) | (w2 << 15)) ^ ((w2 >>> 19) | (w2 << 13)) ^ (w2 >>> 10);
    w[i] = ((w[i - 16] as number) + s0 + (w[i - 7] as number) + s1) | 0;
  }
  let a = state[0] as number;
  let b = state[1] as number;
  let c = state[2] as number;
  let d = state[3] as number;
  let e = state[4] as number;
  let f = state[5] as number;
  let g = state[6] as number;
  let h = state[7] as number;
  for (let i = 0; i < 64; i++) {
    const s1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const choice = (e & f) ^ (~e & g);
    const t1 = (h + s1 + choice + (ROUND_CONSTANTS[i] as number) + (w[i] as number)) | 0;
    const s0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const majority = (a & b) ^ (a & c) ^ (b & c);
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + s0 + majority) | 0;
  }
  state[0] = ((state[0] as number) + a) | 0;
  state[1] = ((state[1] as number) + b) | 0;
  state[2] = ((state[2] as number) + c) | 0;
  state[3] = ((state[3] as number) + d) | 0;
  state[4] = ((state[4] as number) + e) | 0;
  state[5] = ((state[5] as number) + f) | 0;
  state[6] = ((state[6] as number) + g) | 0;
  state[7] = ((state[7] as number) + h) | 0;
}

/** The state after compressing the key's padded block XOR `pad` (RFC 2104's ipad 0x36 or opad 0x5c). */
function keyedState(key: Uint8Array, pad: number): Int32Array {
  const block = new Uint8Array(BLOCK_BYTES).fill(pad);
  for (let i = 0; i < key.length; i++) block[i] = (key[i] as number) ^ pad;
  const state = Int32Array.from(INITIAL_STATE);
  compress(state, new DataView(block.buffer), 0);
  return state;
}

/**
 * Ends a hash whose state has absorbed `prefixBytes` (whole blocks) and is given the `length` bytes of `bytes` that
 * follow: adds the padding (0x80, zeros, the total length in bits) after them in place and compresses every block.
 * `bytes` must have room for the padding: the length rounded up to whole blocks after 9 more bytes.
 */
function finish(state: Int32Array, prefixBytes: number, bytes: Uint8Array, view: DataView, length: number): void {
  const blocks = Math.ceil((length + 9) / BLOCK_BYTES);
  const end = blocks * BLOCK_BYTES;
  bytes[length] = 0x80;
  bytes.fill(0, length + 1, end - 4);
  // Texts here are far below 512 MB, so the length in bits fits the last 32 bits.
  const bits = (prefixBytes + length) * 8;
  bytes[end - 4] = bits >>> 24;
  bytes[end - 3] = bits >>> 16;
  bytes[end - 2] = bits >>> 8;
  bytes[end - 1] = bits;
  for (let offset = 0; offset < end; offset += BLOCK_BYTES) compress(state, view, offset);
}

const HEX_BYTES = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

/**
 * A function giving the hex HMAC-SHA256 of a text (UTF-8) under `key` (text is taken as UTF-8, as createHmac takes it).
 */
export function hmacSha256Hex(key: string | Uint8Array): (text: string) => string {
  let keyBytes: Uint8Array = typeof key === 'string' ? Buffer.from(key, 'utf8') : key;
  // RFC 2104: a key longer than a block is hashed first.
  if (keyBytes.length > BLOCK_BYTES) keyBytes = createHash('sha256').update(keyBytes).digest();
  const innerStart = keyedState(keyBytes, 0x36);
  const outerStart = keyedState(keyBytes, 0x5c);
  const state = new Int32Array(8);
  const digestBlock = new Uint8Array(BLOCK_BYTES);
  const digestView = new DataView(digestBlock.buffer);
  let scratch = new Uint8Array(2 * BLOCK_BYTES);
  let scratchView = new DataView(scratch.buffer);

  return (text: string) => {
    // The text's bytes: ASCII written as it is (an address), anything else encoded as UTF-8.
    let length = text.length;
    let ascii = true;
    for (let i = 0; i < length && ascii; i++) ascii = text.charCodeAt(i) < 0x80;
    const encoded = ascii ? undefined : Buffer.from(text, 'utf8');
    if (encoded) length = encoded.length;
    const room = Math.ceil((length + 9) / BLOCK_BYTES) * BLOCK_BYTES;
    if (scratch.length < room) {
      scratch = new Uint8Array(room);
      scratchView = new DataView(scratch.buffer);
    }
    if (encoded) scratch.set(encoded);
    else for (let i = 0; i < length; i++) scratch[i] = text.charCodeAt(i);

    state.set(innerStart);
    finish(state, BLOCK_BYTES, scratch, scratchView, length);
    for (let i = 0; i < 8; i++) digestView.setInt32(4 * i, state[i] as number);
    state.set(outerStart);
    finish(state, BLOCK_BYTES, digestBlock, digestView, 32);

    let hex = '';
    for (let i = 0; i < 8; i++) {
      const word = state[i] as number;
      hex +=
        (HEX_BYTES[word >>> 24] as string) +
        (HEX_BYTES[(word >>> 16) & 0xff] as string) +
        (HEX_BYTES[(word >>> 8) & 0xff] as string) +
        (HEX_BYTES[word & 0xff] as string);
    }
    return hex;
  };
}
