import type { BonusKind } from '@tuzo/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { callLedgerFunction, type LedgerFunction, type MovementResultJson } from '../../ledger/movement.ts';
import { type StaleReference, staleReference } from '../reference/index.ts';

/** What the caller worked out before the call: the reference copy's version, the day and the movement's payload. */
export interface ClaimRequest {
  memberId: bigint;
  countryId: number;
  referenceVersion: string;
  kind: BonusKind;
  /** The app clock's instant, the operator's time zone and day (the daily points count from the day's start). */
  at: Date;
  timeZone: string;
  day: string;
  /** Points needed (settings' daily target, or the welcome target) and the reward in system units. */
  target: number;
  rewardMinor: bigint;
  /**
   * `movementPayload(...)` of the claim (null for a reward of 0, refused first); the function writes the points into
   * its claim row and audit row.
   */
  movement: Record<string, unknown> | null;
}

/** The answer of `bonuses_claim` (migration 0528), in the order it checks. */
export type ClaimOutcome =
  | { status: 'no_member' }
  | { status: 'claimed' }
  | { status: 'off' }
  | StaleReference
  | { status: 'not_reached'; progress: number }
  | { status: 'moved'; movement: MovementResultJson };

interface ClaimJson {
  status: string;
  version?: string;
  country_id?: number;
  progress?: number;
}

const CLAIM: LedgerFunction = 'bonuses_claim';

/**
 * A claim in one call to PostgreSQL (decision 065): the member's country and the reference version checked, the
 * claim already made, the points (level-1 activations today, or active level-1 members), the reward and the
 * movement with its claim row, one statement (bonuses_claim, migration 0528).
 */
export async function claimInOneCall(db: DbOrTx, request: ClaimRequest): Promise<ClaimOutcome> {
  const json = await callLedgerFunction<ClaimJson>(
    db,
    CLAIM,
    {
      member_id: request.memberId,
      country_id: request.countryId,
      reference_version: request.referenceVersion,
      kind: request.kind,
      at: request.at,
      time_zone: request.timeZone,
      day: request.day,
      target: request.target,
      reward_minor: request.rewardMinor,
      movement: request.movement,
    },
    {},
  );
  switch (json.status) {
    case 'stale':
      return staleReference(json, request.countryId);
    case 'not_reached':
      return { status: 'not_reached', progress: json.progress ?? 0 };
    case 'no_member':
      return { status: 'no_member' };
    case 'claimed':
      return { status: 'claimed' };
    case 'off':
      return { status: 'off' };
    default:
      return { status: 'moved', movement: json as unknown as MovementResultJson };
  }
}
