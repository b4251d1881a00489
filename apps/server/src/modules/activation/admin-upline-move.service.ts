import { formatMinor, localToSystemMinor } from '@tuzo/contracts';
import type { DbOrTx } from '../../db/client.ts';
import type { TransactionKind } from '../../ledger/accounts.ts';
import { reverseTransaction } from '../../ledger/ledger.ts';
import { recordMovement } from '../../ledger/movement.ts';
import type { StaffCredit } from '../approvals/index.ts';
import { holdCommission, holdingCluster, unwindHeldCommission } from '../clusters/index.ts';
import { readSetting } from '../settings/index.ts';
import {
  insertActivation,
  lockLiveActivation,
  lockMemberForActivation,
  markActivationDeactivated,
  selectNextGeneration,
  selectTransactionsByKeys,
  selectUplines,
} from './activation.repository.ts';
import { activationKeys } from './activation.service.ts';

const LEVELS = [1, 2, 3] as const;
const COMMISSION_KIND: Record<(typeof LEVELS)[number], TransactionKind> = {
  1: 'commission_l1',
  2: 'commission_l2',
  3: 'commission_l3',
};

/** What an upline change did to the activations below the moved member (admin-members' changeUpline audits it). */
export interface MovedActivations {
  activations: number;
  reversed: number;
  paid: number;
  /** Commissions paid to the new chain, per upline (system currency): what the four-eyes window counts. */
  credits: StaffCredit[];
}

type MovedMember = NonNullable<Awaited<ReturnType<typeof lockMemberForActivation>>>;
type OldCommission = Awaited<ReturnType<typeof selectTransactionsByKeys>>[number];

/**
 * An upline change's money (admin-members' changeUpline, in its transaction): each active member whose chain changed
 * has their live activation superseded by a new generation whose commissions are paid to the new chain, and the old
 * generation's commissions reversed, one member after another.
 */
export async function moveActivations(
  tx: DbOrTx,
  input: { memberIds: readonly bigint[]; operatorId: bigint; at: Date },
): Promise<MovedActivations> {
  const counts: MovedActivations = { activations: 0, reversed: 0, paid: 0, credits: [] };
  for (const memberId of input.memberIds) {
    await moveActivation(tx, { memberId, operatorId: input.operatorId, at: input.at, counts });
  }
  return counts;
}

/** The usernames of a chain's uplines (staff and empty levels left out), as the database lists them. */
export async function chainUsernames(tx: DbOrTx, chain: readonly (bigint | null)[]): Promise<string[]> {
  const rows = await selectUplines(
    tx,
    chain.filter((id): id is bigint => id !== null),
  );
  return rows.map((row) => row.username);
}

/** One active member whose chain changed: pay the new chain under a new activation generation, reverse the old one. */
async function moveActivation(
  tx: DbOrTx,
  input: { memberId: bigint; operatorId: bigint; at: Date; counts: MovedActivations },
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
  const wasPaid = (uplineId: bigint, level: (typeof LEVELS)[number]) =>
    old.some((row) => row.memberId === uplineId && row.key === oldKeys.commission(level));
  await payNewChain(tx, { member, generation, wasPaid, at: input.at, counts: input.counts });
  await reverseOldCommissions(tx, { member, generation: live.generation, old, at: input.at, counts: input.counts });
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

/** Pays the member's new chain its commissions under the new generation's keys (no notice to an upline paid before). */
async function payNewChain(
  tx: DbOrTx,
  input: {
    member: MovedMember;
    generation: number;
    wasPaid: (uplineId: bigint, level: (typeof LEVELS)[number]) => boolean;
    at: Date;
    counts: MovedActivations;
  },
): Promise<void> {
  const { member } = input;
  const newKeys = activationKeys(member.id, input.generation);
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
    const wasPaidBefore = input.wasPaid(upline.id, level);
    // A new upline in the member's cluster: held, as an activation would hold it (decision 062).
    const held = { member, uplineId: upline.id, level, amountMinor, localMinor: rates[level - 1] ?? 0n };
    if (await holdIfClustered(tx, { ...held, idempotencyKey: newKeys.commission(level), at: input.at })) {
      input.counts.paid += 1;
      continue;
    }
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
}

/** Pays a moved member's commission into hold:commissions when the new upline shares the member's cluster. */
async function holdIfClustered(
  tx: DbOrTx,
  input: {
    member: MovedMember;
    uplineId: bigint;
    level: (typeof LEVELS)[number];
    amountMinor: bigint;
    localMinor: bigint;
    idempotencyKey: string;
    at: Date;
  },
): Promise<boolean> {
  const { member, localMinor } = input;
  const clusterId = await holdingCluster(tx, { uplineId: input.uplineId, memberId: member.id });
  if (clusterId === null) return false;
  await holdCommission(tx, {
    ...input,
    clusterId,
    kind: COMMISSION_KIND[input.level],
    conversion: { rateMicro: member.rateMicro, localAmountMinor: localMinor, currency: member.currency },
    shown: { currency: member.currency, amount: formatMinor(localMinor) },
  });
  return true;
}

/** Reverses the old generation's commissions; an old upline who no longer holds one fails the whole change. */
async function reverseOldCommissions(
  tx: DbOrTx,
  input: { member: MovedMember; generation: number; old: OldCommission[]; at: Date; counts: MovedActivations },
): Promise<void> {
  const { member } = input;
  const oldUplines = new Map(
    (
      await selectUplines(
        tx,
        input.old.flatMap((row) => (row.memberId ? [row.memberId] : [])),
      )
    ).map((row) => [row.id, row.username]),
  );
  for (const commission of input.old) {
    const reversal = {
      transactionId: commission.id,
      idempotencyKey: `upline-change:${member.id}:${input.generation}:${commission.key.split(':').at(-1)}`,
      memo: `Commission moved: ${member.username} moved under a new upline by an operator`,
      at: input.at,
      insufficientMessage: `Cannot move ${member.username}: ${commission.memberId ? (oldUplines.get(commission.memberId) ?? 'an upline') : 'an upline'} no longer holds the commission in their Jumbo wallet`,
    };
    // A held commission goes back from the hold; one a confirmed cluster already reversed is skipped (decision 062).
    if (!(await unwindHeldCommission(tx, reversal))) continue;
    await reverseTransaction(tx, reversal);
    input.counts.reversed += 1;
  }
}
