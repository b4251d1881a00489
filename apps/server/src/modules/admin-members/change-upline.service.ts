import { formatMinor, localToSystemMinor, type AdminChangeUplineData, type AdminChangeUplinePayload } from '@tuzo/contracts';
import type { DbOrTx } from '../../db/client.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import type { TransactionKind } from '../../ledger/accounts.ts';
import { reverseTransaction } from '../../ledger/ledger.ts';
import { recordMovement } from '../../ledger/movement.ts';
import {
  activationKeys,
  insertActivation,
  lockLiveActivation,
  lockMemberForActivation,
  markActivationDeactivated,
  selectNextGeneration,
  selectTransactionsByKeys,
  selectUplines,
} from '../activation/activation.service.ts';
import { writeAudit } from '../audit/audit.service.ts';
import { shiftChain } from '../members/members.service.ts';
import { readSetting } from '../settings/settings.service.ts';
import type { StaffCredit } from '../approvals/four-eyes-window.ts';
import { selectMemberDetail, selectMemberDetailById } from './admin-members.repository.ts';
import { findTargetMember, findTargetMemberById } from './admin-members.service.ts';
import { countShiftedMembers, isInDownline, selectShiftedActiveMembers } from './change-upline.repository.ts';

/** Above this many members whose chain shifts, the change is refused: it would hold one transaction too long. */
export const MAX_SHIFTED_MEMBERS = 5_000;
const LEVELS = [1, 2, 3] as const;
const COMMISSION_KIND: Record<(typeof LEVELS)[number], TransactionKind> = {
  1: 'commission_l1',
  2: 'commission_l2',
  3: 'commission_l3',
};

interface Counts {
  activations: number;
  reversed: number;
  paid: number;
  /** Commissions paid to the new chain, per upline (system currency): what the four-eyes window counts. */
  credits: StaffCredit[];
}

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
    const at = deps.clock.now();
    const chain = {
      l1: sponsorId,
      l2: sponsor.l1_id === null ? null : BigInt(sponsor.l1_id),
      l3: sponsor.l2_id === null ? null : BigInt(sponsor.l2_id),
    };
    await shiftChain(tx, { memberId, ...chain, at });
    const counts: Counts = { activations: 0, reversed: 0, paid: 0, credits: [] };
    for (const id of await selectShiftedActiveMembers(tx, memberId)) {
      await moveActivation(tx, { memberId: id, operatorId: input.operatorId, at, counts });
    }
    const names = (
      await selectUplines(
        tx,
        [chain.l1, chain.l2, chain.l3].filter((id): id is bigint => id !== null),
      )
    ).map((row) => row.username);
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

/** One active member whose chain changed: pay the new chain under a new activation generation, reverse the old one. */
async function moveActivation(
  tx: DbOrTx,
  input: { memberId: bigint; operatorId: bigint; at: Date; counts: Counts },
): Promise<void> {
  const member = await lockMemberForActivation(tx, input.memberId);
  const live = await lockLiveActivation(tx, input.memberId);
  if (!member || !live) return;
  const oldKeys = activationKeys(member.id, live.generation);
  const old = await selectTransactionsByKeys(
    tx,
    LEVELS.map((level) => oldKeys.commission(level)),
  );
  const generation = await selectNextGeneration(tx, member.id);
  const newKeys = activationKeys(member.id, generation);
  const chain = [member.l1Id, member.l2Id, member.l3Id];
  const uplines = new Map(
    (
      await selectUplines(
        tx,
        chain.filter((id): id is bigint => id !== null),
      )
    ).map((row) => [row.id, row]),
  );
  const rates = [member.fl1Minor, member.fl2Minor, member.fl3Minor];
  // The new chain is paid as an activation made now would pay it: nothing where the operator switched referral
  // commissions off for the member's country (the old chain's commissions are still moved away from it below).
  const isReferralOff = (await readSetting(tx, 'referral_disabled_countries')).includes(member.abbreviation);
  for (const level of isReferralOff ? [] : LEVELS) {
    const upline = uplines.get(chain[level - 1] ?? -1n);
    const amountMinor = localToSystemMinor(rates[level - 1] ?? 0n, member.rateMicro);
    if (!upline || upline.isHouse || upline.status === 'suspended' || amountMinor <= 0n) continue;
    const wasPaidBefore = old.some((row) => row.memberId === upline.id && row.key === oldKeys.commission(level));
    const paid = await recordMovement(tx, {
      kind: COMMISSION_KIND[level],
      idempotencyKey: newKeys.commission(level),
      memberId: upline.id,
      memo: `Level ${level} commission: ${member.username} moved under a new upline`,
      conversion: { rateMicro: member.rateMicro, localAmountMinor: rates[level - 1] ?? 0n, currency: member.currency },
      at: input.at,
      legs: [
        { account: { system: 'house:commissions' }, amountMinor: -amountMinor },
        { account: { memberId: upline.id, wallet: 'balance' }, amountMinor },
      ],
      ...(wasPaidBefore
        ? {}
        : {
            notify: {
              memberId: upline.id,
              msg: `You earned ${member.currency} ${formatMinor(rates[level - 1] ?? 0n)}: ${member.username} is now your level ${level} member.`,
              severity: 'success' as const,
            },
          }),
    });
    input.counts.paid += 1;
    if (!paid.duplicate) input.counts.credits.push({ memberId: upline.id, amountSystemMinor: amountMinor });
  }
  const oldUplines = new Map(
    (
      await selectUplines(
        tx,
        old.flatMap((row) => (row.memberId ? [row.memberId] : [])),
      )
    ).map((row) => [row.id, row.username]),
  );
  for (const commission of old) {
    await reverseTransaction(tx, {
      transactionId: commission.id,
      idempotencyKey: `upline-change:${member.id}:${live.generation}:${commission.key.split(':').at(-1)}`,
      memo: `Commission moved: ${member.username} moved under a new upline by an operator`,
      at: input.at,
      insufficientMessage: `Cannot move ${member.username}: ${commission.memberId ? (oldUplines.get(commission.memberId) ?? 'an upline') : 'an upline'} no longer holds the commission in their Jumbo wallet`,
    });
    input.counts.reversed += 1;
  }
  await markActivationDeactivated(tx, { id: live.id, operatorId: input.operatorId, at: input.at });
  await insertActivation(tx, {
    memberId: member.id,
    generation,
    isFree: false,
    feeSystemMinor: 0n,
    activationTransactionId: null,
    activatedBy: input.operatorId,
    createdAt: input.at,
  });
  input.counts.activations += 1;
}
