import type { SpinSeedData } from '@tuzo/contracts';
import type { DbOrTx } from '../../db/client.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { newClientSeed, newServerSeed } from './spins.fairness.ts';
import { insertSeed, lockSeedInUse, revealSeed, type SeedRow } from './spins.repository.ts';

/**
 * The member's seed pair in use, locked FOR UPDATE inside the caller's transaction; started on first use (its hash
 * is shown by `spinstate` before any draw). Everything a member draws or rotates is serialised by this lock.
 */
export async function lockOrStartSeed(tx: DbOrTx, deps: AppDeps, memberId: bigint): Promise<SeedRow> {
  const found = await lockSeedInUse(tx, memberId);
  if (found) return found;
  await insertSeed(tx, { memberId, ...newServerSeed(deps.random), clientSeed: newClientSeed(deps.random), at: deps.clock.now() });
  const started = await lockSeedInUse(tx, memberId);
  if (!started) throw new Error(`No seed in use for member ${memberId}`);
  return started;
}

/**
 * `spinseed`: reveals the seed in use, starts a new one (nonce 0) and keeps the client seed unless a new one is
 * given. Draws already made with the revealed seed can now be recomputed by anyone.
 */
export async function rotateSeed(deps: AppDeps, input: { memberId: bigint; clientSeed?: string }): Promise<SpinSeedData> {
  return deps.db.transaction(async (tx) => {
    const current = await lockOrStartSeed(tx, deps, input.memberId);
    const at = deps.clock.now();
    await revealSeed(tx, current.id, at);
    const clientSeed = input.clientSeed ?? current.clientSeed;
    await insertSeed(tx, { memberId: input.memberId, ...newServerSeed(deps.random), clientSeed, at });
    const next = await lockSeedInUse(tx, input.memberId);
    if (!next) throw new Error(`No seed in use for member ${input.memberId} after rotating`);
    return {
      revealed: {
        server_seed: current.serverSeed,
        server_seed_hash: current.serverSeedHash,
        client_seed: current.clientSeed,
        nonces_used: current.nextNonce,
      },
      server_seed_hash: next.serverSeedHash,
      client_seed: next.clientSeed,
      nonce: next.nextNonce,
    };
  });
}
