import { createHash, createHmac } from 'node:crypto';
import { drawMessage, pickSegment, type SpinTable } from '@tuzo/contracts';
import type { RandomSource } from '../../lib/random.ts';

/**
 * Provably fair draws (docs/decisions/014-spin-odds.md): a server seed of 32 random bytes (hex), shown only as its
 * SHA-256 until it is retired; a draw is HMAC-SHA256(key = the seed's 32 bytes, "client seed:nonce") mapped onto
 * the wheel by `pickSegment` from the contracts, the same function the browser verifies with.
 */
export function newServerSeed(random: RandomSource): { serverSeed: string; serverSeedHash: string } {
  const serverSeed = random.bytes(32).toString('hex');
  return { serverSeed, serverSeedHash: hashServerSeed(serverSeed) };
}

/** SHA-256 of the seed's 32 bytes, hex. */
export function hashServerSeed(serverSeed: string): string {
  return createHash('sha256').update(Buffer.from(serverSeed, 'hex')).digest('hex');
}

/** A default client seed until the member sets one. */
export function newClientSeed(random: RandomSource): string {
  return random.bytes(8).toString('hex');
}

export function drawHmac(input: { serverSeed: string; clientSeed: string; nonce: number }): Buffer {
  return createHmac('sha256', Buffer.from(input.serverSeed, 'hex')).update(drawMessage(input.clientSeed, input.nonce)).digest();
}

/** The segment a seed pair and nonce draw on a wheel. Deterministic: the same inputs always give the same segment. */
export function drawSegment(input: { serverSeed: string; clientSeed: string; nonce: number; table: SpinTable }): number {
  return pickSegment(
    drawHmac(input),
    input.table.map((segment) => segment.weight),
  );
}
