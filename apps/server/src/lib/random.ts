import { randomBytes, randomInt, randomUUID } from 'node:crypto';

/**
 * Chance as the app sees it. Every draw (spin outcomes, the videos on show today, trivia sets) comes from the app's
 * random source: cryptographic by default, a fixed sequence in tests, so a test fixes a draw instead of retrying.
 */
export interface RandomSource {
  /** A uniformly random integer in [0, maxExclusive). */
  int(maxExclusive: number): number;
  /** `length` random bytes. */
  bytes(length: number): Buffer;
  /** A random (version 4) UUID: references and keys that must never repeat. */
  uuid(): string;
}

export const cryptoRandom: RandomSource = {
  int: (maxExclusive) => randomInt(maxExclusive),
  bytes: (length) => randomBytes(length),
  uuid: () => randomUUID(),
};

/**
 * The idempotency key of a money request: `<scope>:<client key>` when the client sent an `Idempotency-Key`, else
 * `<scope>:auto:<uuid>` drawn from the app's random source, so a request without a key is always a new one.
 * `scope` names the operation and its owner (e.g. `withdrawal:<member id>`): one client key never spans two.
 */
export function automaticKey(random: RandomSource, scope: string, clientKey: string | null): string {
  return `${scope}:${clientKey ?? `auto:${random.uuid()}`}`;
}

/**
 * A random source that answers the given integers in turn (each taken modulo the requested range), then repeats
 * them. For tests that need a known draw; its bytes are not random at all. Its UUIDs stay unique (crypto): a fixed
 * draw must not turn two requests without a key into one.
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
    uuid: () => randomUUID(),
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
