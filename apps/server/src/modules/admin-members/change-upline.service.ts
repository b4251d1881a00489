import type { AdminChangeUplineData, AdminChangeUplinePayload } from '@tuzo/contracts';
import type { DbOrTx } from '../../db/client.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { chainUsernames, moveActivations } from '../activation/index.ts';
import { writeAudit } from '../audit/index.ts';
import { shiftChain } from '../members/index.ts';
import type { StaffCredit } from '../approvals/index.ts';
import { selectMemberDetail, selectMemberDetailById } from './admin-members.repository.ts';
import { findTargetMember, findTargetMemberById } from './admin-members.service.ts';
import { countShiftedMembers, isInDownline, selectShiftedActiveMembers } from './change-upline.repository.ts';

/** Above this many members whose chain shifts, the change is refused: it would hold one transaction too long. */
export const MAX_SHIFTED_MEMBERS = 5_000;

/**
 * `adminchangeupline`, in one transaction: refuses a cycle (the new sponsor may not be the member or anyone below
 * them), moves the member under the new sponsor (l2, l3 follow the sponsor's chain) and shifts the downline's levels.
 * Every active member whose chain changed has their paid commissions moved by ledger entries: their live activation
 * is superseded by a new generation whose commissions are paid to the new chain (the activating member's country
 * rates, suspended uplines and the house get nothing, as on activation), then the old generation's commissions are
 * reversed. A later deactivation reverses the new generation's commissions, as for any activation. An old upline who
 * no longer holds a commission makes the whole change fail with a message naming them.
 */
export async function changeUpline(
  deps: AppDeps,
  input: AdminChangeUplinePayload & {
    operatorId: bigint;
    ip: string;
    /** A four-eyes request replays on the ids it was made for, never on names that may have changed hands. */
    ids?: { memberId: bigint; uplineId: bigint };
    /** The operator who asked, when a second one approves: named in the audit row (who raised the risk flags). */
    requestedBy?: bigint;
  },
): Promise<{ data: AdminChangeUplineData; credits: StaffCredit[] }> {
  return deps.db.transaction(async (tx) => {
    const { member, sponsor, memberId, shifted } = await lockMoveParties(tx, input);
    const at = deps.clock.now();
    const chain = {
      l1: BigInt(sponsor.id),
      l2: sponsor.l1_id === null ? null : BigInt(sponsor.l1_id),
      l3: sponsor.l2_id === null ? null : BigInt(sponsor.l2_id),
    };
    await shiftChain(tx, { memberId, ...chain, at });
    const memberIds = await selectShiftedActiveMembers(tx, memberId);
    const counts = await moveActivations(tx, { memberIds, operatorId: input.operatorId, at });
    const names = await chainUsernames(tx, [chain.l1, chain.l2, chain.l3]);
    await writeAudit(tx, {
      actorId: input.operatorId,
      action: 'member.change_upline',
      targetType: 'member',
      targetId: member.id,
      before: { l1: member.l1_id, l2: member.l2_id, l3: member.l3_id },
      after: {
        ...chain,
        membersShifted: shifted,
        activationsMoved: counts.activations,
        commissionsReversed: counts.reversed,
        commissionsPaid: counts.paid,
        // Every member whose wallet the change credited gets the after_upline_change risk flag (payout-risk).
        credited: [...new Set(counts.credits.map((credit) => credit.memberId.toString()))],
        requestedBy: input.requestedBy ?? null,
        reason: input.reason ?? null,
      },
      ip: input.ip,
    });
    const data = {
      username: member.username,
      uplines: names,
      members_moved: shifted + 1,
      activations_moved: counts.activations,
      commissions_reversed: counts.reversed,
      commissions_paid: counts.paid,
    };
    return { data, credits: counts.credits };
  });
}

/**
 * Locks the member and the new sponsor (by the ids of a four-eyes request, else by name) and refuses what cannot
 * move: a staff sponsor, the member themself, the sponsor they already have, a cycle, and a downline too large.
 */
async function lockMoveParties(tx: DbOrTx, input: AdminChangeUplinePayload & { ids?: { memberId: bigint; uplineId: bigint } }) {
  const member = input.ids
    ? await findTargetMemberById(tx, input.ids.memberId, true)
    : await findTargetMember(tx, input.username, true);
  const sponsor = input.ids
    ? await selectMemberDetailById(tx, input.ids.uplineId, true)
    : await selectMemberDetail(tx, input.upline, true);
  // Staff are not members: a staff account is never anyone's upline (decision 019).
  if (!sponsor || sponsor.role !== 'member') throw new AppError('NOT_FOUND', 'The new upline was not found');
  const memberId = BigInt(member.id);
  const sponsorId = BigInt(sponsor.id);
  if (sponsorId === memberId) throw new AppError('CONFLICT', 'A member cannot be their own upline');
  if (member.l1_id !== null && BigInt(member.l1_id) === sponsorId)
    throw new AppError('ALREADY_DONE', `${member.username} is already under ${sponsor.username}`);
  if (await isInDownline(tx, { memberId, candidateId: sponsorId })) {
    throw new AppError('CONFLICT', `${sponsor.username} is in ${member.username}'s downline: the tree cannot have a cycle`);
  }
  const shifted = await countShiftedMembers(tx, memberId);
  if (shifted > MAX_SHIFTED_MEMBERS)
    throw new AppError(
      'LIMIT_NOT_MET',
      `${member.username} has ${shifted} members on levels 1 and 2; at most ${MAX_SHIFTED_MEMBERS} can move at once`,
    );
  return { member, sponsor, memberId, shifted };
}
