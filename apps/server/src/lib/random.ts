import { randomBytes, randomInt } from 'node:crypto';

/**
 * Chance as the app sees it. Every draw (spin outcomes, the videos on show today, trivia sets) comes from the app's
 * random source: cryptographic by default, a fixed sequence in tests, so a test fixes a draw instead of retrying.
 */
export interface RandomSource {
  /** A uniformly random integer in [0, maxExclusive). */
  int(maxExclusive: number): number;
  /** `length` random bytes. */
  bytes(length: number): Buffer;
}

export const cryptoRandom: RandomSource = {
  int: (maxExclusive) => randomInt(maxExclusive),
  bytes: (length) => randomBytes(length),
};

/**
 * A random source that answers the given integers in turn (each taken modulo the requested range), then repeats
 * them. For tests that need a known draw; its bytes are not random at all.
 */
export function sequenceRandom(values: readonly number[]): RandomSource {
  if (values.length === 0) throw new Error('sequenceRandom needs at least one value');
  let index = 0;
  const next = () => {
    const value = values[index % values.length] ?? 0;
    index += 1;
    return value;
  };
  return {
    int: (maxExclusive) => ((next() % maxExclusive) + maxExclusive) % maxExclusive,
    bytes: (length) => Buffer.alloc(length, next() & 0xff),
  };
}

/** Picks `count` distinct items, drawn with the given random source (a partial Fisher-Yates shuffle). */
export function drawDistinct<T>(random: RandomSource, items: readonly T[], count: number): T[] {
  const pool = [...items];
  const taken = Math.min(count, pool.length);
  for (let i = 0; i < taken; i += 1) {
    const j = i + random.int(pool.length - i);
    const swap = pool[i] as T;
    pool[i] = pool[j] as T;
    pool[j] = swap;
  }
  return pool.slice(0, taken);
}
