import { formatMinor } from '@tuzo/contracts';
import type { DbOrTx } from '../../db/client.ts';
import type { TransactionKind } from '../../ledger/accounts.ts';
import { reverseTransaction } from '../../ledger/ledger.ts';
import { recordMovement } from '../../ledger/movement.ts';
import { sharedCluster } from '../fraud-signals/index.ts';
import { insertHold, markHoldDecided, type HoldRow } from './holds.repository.ts';

/**
 * Commission holds (decision 062). A commission an activation pays to an upline who is in the same cluster as the
 * activating member goes to `hold:commissions`, not to the upline's Jumbo wallet, until an operator decides: release
 * (hold -> the upline's Jumbo, kind `commission_release`, an earning) or confirm (the commission reversed, hold ->
 * house:commissions). A cleared cluster (an operator said these are different people) pays normally; a confirmed
 * one's accounts are suspended, and suspended uplines are paid nothing.
 */

/** The cluster that holds a commission from `memberId` to `uplineId`, or null when it is paid normally. */
export async function holdingCluster(tx: DbOrTx, input: { uplineId: bigint; memberId: bigint }): Promise<bigint | null> {
  const cluster = await sharedCluster(tx, input.uplineId, input.memberId);
  return cluster && (cluster.state === 'open' || cluster.state === 'watch') ? cluster.id : null;
}

export interface HeldCommission {
  clusterId: bigint;
  kind: TransactionKind;
  idempotencyKey: string;
  uplineId: bigint;
  member: { id: bigint; username: string };
  level: number;
  amountMinor: bigint;
  conversion: { rateMicro: bigint; localAmountMinor: bigint; currency: string };
  /** What the upline would have earned, in their own currency, for the notice. */
  shown: { currency: string; amount: string };
  at: Date;
}

/** Pays one commission into hold:commissions, records its hold and tells the upline why, in plain words. */
export async function holdCommission(tx: DbOrTx, input: HeldCommission): Promise<void> {
  const posted = await recordMovement(tx, {
    kind: input.kind,
    idempotencyKey: input.idempotencyKey,
    memberId: input.uplineId,
    memo: `Level ${input.level} commission held: ${input.member.username} activated inside cluster #${input.clusterId}`,
    conversion: input.conversion,
    at: input.at,
    legs: [
      { account: { system: 'house:commissions' }, amountMinor: -input.amountMinor },
      { account: { system: 'hold:commissions' }, amountMinor: input.amountMinor },
    ],
    notify: {
      memberId: input.uplineId,
      msg: heldCommissionMessage(String(input.level), input.shown.currency, input.shown.amount, input.member.username),
      severity: 'warning',
    },
  });
  await insertHold(tx, {
    clusterId: input.clusterId,
    memberId: input.uplineId,
    fromMemberId: input.member.id,
    level: input.level,
    amountMinor: input.amountMinor,
    transactionId: posted.transactionId,
    at: input.at,
  });
}

const holdKey = (hold: HoldRow, step: 'release' | 'reverse') => `cluster-hold:${hold.id}:${step}`;

/** Releases held commissions to their uplines' Jumbo wallets, each once (key `cluster-hold:<id>:release`). */
export async function releaseHolds(
  tx: DbOrTx,
  input: { holds: readonly HoldRow[]; at: Date; currency: string },
): Promise<number> {
  let released = 0;
  for (const hold of input.holds) {
    if (hold.state !== 'held') continue;
    const posted = await recordMovement(tx, {
      kind: 'commission_release',
      idempotencyKey: holdKey(hold, 'release'),
      memberId: hold.memberId,
      memo: `Held level ${hold.level} commission released by an operator (hold #${hold.id})`,
      at: input.at,
      legs: [
        { account: { system: 'hold:commissions' }, amountMinor: -hold.amountMinor },
        { account: { memberId: hold.memberId, wallet: 'balance' }, amountMinor: hold.amountMinor },
      ],
      notify: {
        memberId: hold.memberId,
        msg: `Your held commission of ${input.currency} ${formatMinor(hold.amountMinor)} was released to your Jumbo wallet.`,
        severity: 'success',
      },
    });
    await markHoldDecided(tx, { id: hold.id, state: 'released', settleTransactionId: posted.transactionId, at: input.at });
    released += 1;
  }
  return released;
}

/** Reverses held commissions to house:commissions, each once (key `cluster-hold:<id>:reverse`). */
export async function reverseHolds(tx: DbOrTx, input: { holds: readonly HoldRow[]; at: Date }): Promise<number> {
  let reversed = 0;
  for (const hold of input.holds) {
    if (hold.state !== 'held') continue;
    const posted = await reverseTransaction(tx, {
      transactionId: hold.transactionId,
      idempotencyKey: holdKey(hold, 'reverse'),
      memo: `Held level ${hold.level} commission reversed: the cluster was confirmed as one person's accounts`,
      at: input.at,
    });
    await markHoldDecided(tx, { id: hold.id, state: 'reversed', settleTransactionId: posted.transactionId, at: input.at });
    reversed += 1;
  }
  return reversed;
}

/**
 * The upline's notice of a commission held (decision 062). `activation_activate` (migration 0522) writes it too, with
 * PostgreSQL's `format()`: activation.repository.ts passes it with `%1$s`..`%4$s` in place of the four values.
 */
export function heldCommissionMessage(level: string, currency: string, amount: string, username: string): string {
  return `Your level ${level} commission of ${currency} ${amount} from ${username} is held while we check that the accounts in your team belong to different people. You can ask for a review.`;
}
