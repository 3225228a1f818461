// A small deterministic generator for generated test data (mulberry32), so a failure names a set that can be made
// again.

export interface Generator {
  /** The next number in [0, 1). */
  next(): number;
  /** One of `items`. */
  pick<T>(items: readonly T[]): T;
}

export function generator(seed: number): Generator {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T };
}
