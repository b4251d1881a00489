import { type StaleReference, staleReference } from '../reference/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import { rowFromJson } from '../../db/row-json.ts';
import { spins } from '../../db/schema.ts';
import { callLedgerFunction, type LedgerFunction, type MovementResultJson } from '../../ledger/movement.ts';
import type { SpinRow } from './spins.repository.ts';

/** The spin row as `spins_play` / `ledger_record_movement` answer it (numbers as text). */
export function readSpin(json: unknown): SpinRow {
  return rowFromJson(spins, json);
}

/** What the caller worked out from its reference copy (settings and the member's country at `referenceVersion`). */
export interface PlayRequest {
  memberId: bigint;
  countryId: number;
  referenceVersion: string;
  kind: 'casino' | 'free';
  idempotencyKey: string;
  at: Date;
  currency: string;
  rateMicro: bigint;
  /** The wheel in force, and the win of each of its segments (system and the member's local units). */
  wheel: readonly { figure: string; weight: number }[];
  winsSystemMinor: readonly bigint[];
  winsLocalMinor: readonly bigint[];
  /** Where a win is paid (Jumbo). */
  winCode: string;
  /** A seed pair from the app's random source, started only when the member has none in use. */
  newSeed: { serverSeed: string; serverSeedHash: string; clientSeed: string };
  casino?: {
    wallet: 'balance' | 'deposit';
    stakeCode: string;
    stakeLocalMinor: bigint;
    /** Null below the minimum stake. */
    stakeSystemMinor: bigint | null;
    stakeLabel: string;
    disabled: boolean;
    request: { wallet: string; stakeLocalMinor: bigint };
  };
}

/** The answer of `spins_play` (migration 0523), parsed. */
export type PlayOutcome =
  | { status: 'no_member' | 'disabled' | 'age' | 'minimum' | 'insufficient' | 'free_used' }
  | StaleReference
  | { status: 'excluded'; excludedUntil: Date | null; excludedForever: boolean }
  | { status: 'earlier' | 'recorded'; spin: SpinRow }
  | { status: 'moved'; movement: MovementResultJson };

interface PlayJson extends Partial<Omit<MovementResultJson, 'status'>> {
  status: string;
  version?: string;
  country_id?: number;
  spin?: unknown;
  excluded_until?: string | null;
  excluded_forever?: boolean;
}

const PLAY: LedgerFunction = 'spins_play';

/**
 * A spin in one call to PostgreSQL (decision 065): the member's country and the reference version checked, the seed
 * locked (or started), an earlier spin under the key, the guardrails, the wallet, the provably fair draw, the nonce
 * used up and the movement with its spin row, one statement in one round trip.
 */
export async function playInOneCall(db: DbOrTx, request: PlayRequest, insufficientMessage: string): Promise<PlayOutcome> {
  const casino = request.casino;
  const json = await callLedgerFunction<PlayJson>(
    db,
    PLAY,
    {
      member_id: request.memberId,
      country_id: request.countryId,
      reference_version: request.referenceVersion,
      kind: request.kind,
      key: request.idempotencyKey,
      at: request.at,
      currency: request.currency,
      rate_micro: request.rateMicro,
      wheel: request.wheel,
      wins_system: request.winsSystemMinor,
      wins_local: request.winsLocalMinor,
      win_code: request.winCode,
      new_seed: {
        server_seed: request.newSeed.serverSeed,
        server_seed_hash: request.newSeed.serverSeedHash,
        client_seed: request.newSeed.clientSeed,
      },
      ...(casino
        ? {
            wallet: casino.wallet,
            stake_code: casino.stakeCode,
            stake_local_minor: casino.stakeLocalMinor,
            stake_system_minor: casino.stakeSystemMinor,
            stake_label: casino.stakeLabel,
            casino_disabled: casino.disabled,
            request: casino.request,
          }
        : {}),
    },
    { insufficientMessage },
  );
  switch (json.status) {
    case 'stale':
      return staleReference(json, request.countryId);
    case 'excluded':
      return {
        status: 'excluded',
        excludedUntil: json.excluded_until ? new Date(json.excluded_until) : null,
        excludedForever: json.excluded_forever ?? false,
      };
    case 'earlier':
    case 'recorded':
      return { status: json.status, spin: readSpin(json.spin) };
    case 'no_member':
    case 'disabled':
    case 'age':
    case 'minimum':
    case 'insufficient':
    case 'free_used':
      return { status: json.status };
    default:
      return { status: 'moved', movement: json as unknown as MovementResultJson };
  }
}
