import type { RandomSource } from '../../apps/server/src/lib/random.ts';

/**
 * The app's random source (lib/random.ts) with a fixed seed: sfc32, so one seed gives one population on every
 * machine. `float` is a uniform draw in [0, 1); the helpers below draw from it.
 */
export interface SeededRandom extends RandomSource {
  seed: number;
  float(): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** An integer in [lo, hi]. */
  between(lo: number, hi: number): number;
}

export function seededRandom(seed: number): SeededRandom {
  let a = 0x9e3779b9;
  let b = 0x243f6a88;
  let c = 0xb7e15162;
  let d = seed >>> 0;
  const next = (): number => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 15; i += 1) next();
  const int = (maxExclusive: number) => Math.floor(next() * maxExclusive);
  const bytes = (length: number) => Buffer.from(Array.from({ length }, () => int(256)));
  return {
    seed,
    float: next,
    int,
    bytes,
    uuid: () => {
      const hex = bytes(16).toString('hex');
      return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
    },
    chance: (probability) => next() < probability,
    pick: <T>(items: readonly T[]) => items[int(items.length)] as T,
    between: (lo, hi) => lo + int(hi - lo + 1),
  };
}

/** A device id as the web keeps it in localStorage: 22 characters of base64url. */
export const deviceId = (random: SeededRandom): string => random.bytes(16).toString('base64url');
