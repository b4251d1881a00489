import { randomBytes } from 'node:crypto';
import type { PayoutMethod, PayoutProvider, PayoutState, PayoutSummary } from '@tuzo/contracts';
import type { DbOrTx } from '../../db/client.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { writeAudit } from '../audit/index.ts';
import { assertPayable, loadPayee, type WithdrawalRow } from '../withdrawals/index.ts';
import { payoutClient } from './payout-adapters.ts';
import { requirePayout, sendAndRecord } from './payout-results.ts';
import { holdForRisk } from '../payout-risk/index.ts';
import {
  claimSend,
  existsPayoutReceipt,
  insertPayout,
  selectLivePayout,
  selectLivePayoutStates,
  type PayoutRow,
} from './payouts.repository.ts';

/**
 * Payouts (docs/money.md "Payouts", decision 032): an approved withdrawal is paid through the provider set for the
 * member's country. The payout row and its reference are committed before the request goes out; the request's
 * answer, the provider's result, a queue timeout, the status query and the sweep all go through the one state
 * machine (payout-state.ts) and settle through the one function that moves the hold (payout-settlement.ts).
 */

export function toPayoutSummary(payout: PayoutRow): PayoutSummary {
  return {
    id: payout.id.toString(),
    state: payout.state,
    provider: payout.provider,
    reference: payout.reference,
    receipt: payout.receipt,
    reason: payout.failureReason,
  };
}

/** Ours, unguessable, unique: the OriginatorConversationID / transfer reference of one payout attempt. */
function newReference(): string {
  return `TZP${randomBytes(12).toString('hex').toUpperCase()}`;
}

export type StartedPayout = { method: 'manual' } | { method: PayoutProvider; payout: PayoutRow };

/**
 * Starts the payout of a withdrawal being approved, inside the approval's transaction with the withdrawal row locked
 * (so 20 concurrent approvals start one payout; the partial unique index `payouts_one_live` backs it). Countries paid
 * by hand answer `manual`: the caller completes the withdrawal as before. Nothing is sent here: the caller sends
 * with `dispatchPayout` once this transaction has committed.
 */
export async function startPayout(
  tx: DbOrTx,
  deps: AppDeps,
  input: { withdrawal: WithdrawalRow; approvedBy: bigint | null; approvalId: bigint | null; ip: string | null },
): Promise<StartedPayout> {
  const { withdrawal } = input;
  const live = await selectLivePayout(tx, withdrawal.id);
  if (live) {
    throw new AppError('ALREADY_DONE', `This withdrawal is already being paid out (payout #${live.id}, ${live.state})`);
  }
  // Risk flags hold every approval; an approval with no operator is auto-pay's, judged and audited there (decision 035).
  await holdForRisk(tx, deps, { withdrawal, approvedBy: input.approvedBy });
  const payee = await loadPayee(deps, withdrawal.memberId, tx);
  if (payee.method === 'manual') return { method: 'manual' };
  const method: PayoutProvider = payee.method;
  if (!payoutClient(deps, method)) {
    throw new AppError(
      'PROVIDER_ERROR',
      `${method === 'mpesa_b2c' ? 'M-Pesa B2C' : 'Flutterwave'} is not configured on this server; set the country's payout method to manual to pay by hand`,
    );
  }
  if (withdrawal.currency !== payee.currency) {
    throw new AppError('CONFLICT', `The member now uses ${payee.currency}, not ${withdrawal.currency}; decline this withdrawal`);
  }
  await assertPayable(
    deps,
    {
      provider: method,
      memberId: withdrawal.memberId,
      amountMinor: withdrawal.amountLocalMinor,
      currency: withdrawal.currency,
      checkDay: true,
    },
    tx,
  );
  const payout = await insertPayout(tx, {
    withdrawalId: withdrawal.id,
    memberId: withdrawal.memberId,
    provider: method,
    reference: newReference(),
    // The phone recorded when the member asked (decision 045), as international digits: never their phone now.
    phone: withdrawal.payoutPhone.replace(/^\+/, ''),
    amountMinor: withdrawal.amountLocalMinor,
    currency: withdrawal.currency,
    approvedBy: input.approvedBy,
    approvalId: input.approvalId,
    at: deps.clock.now(),
  });
  await writeAudit(tx, {
    actorId: input.approvedBy,
    action: 'payout.approve',
    targetType: 'payout',
    targetId: payout.id,
    before: { withdrawalId: withdrawal.id, status: withdrawal.status },
    after: {
      state: payout.state,
      provider: method,
      reference: payout.reference,
      amountMinor: payout.amountMinor,
      currency: payout.currency,
      approvalId: input.approvalId,
    },
    ip: input.ip,
  });
  return { method, payout };
}

/** How a country is paid (for answers that say so). */
export async function payoutMethodOf(deps: AppDeps, memberId: bigint): Promise<PayoutMethod> {
  return (await loadPayee(deps, memberId)).method;
}

/**
 * Sends a committed payout, once: the send is claimed first (`send_started_at`, set by one UPDATE only one process
 * wins), so a second dispatcher, or the sweep after a crash, never sends it again. The provider's answer is applied:
 * accepted -> sent, refused -> failed (nothing left our account), anything else -> unknown (the status query decides).
 * Never throws for a provider outcome; answers the payout as it stands.
 */
export async function dispatchPayout(deps: AppDeps, payoutId: bigint): Promise<PayoutRow> {
  // After a database restore the claim refuses until the restore clears (decision 054); the sweep sends it then.
  const claimed = await claimSend(deps.db, payoutId, deps.clock.now());
  if (claimed) await sendAndRecord(deps, claimed, { isResend: false });
  return requirePayout(deps, payoutId);
}

/**
 * The state of the payout on its way for each of these withdrawals (absent: none). The money desk shows it in place of
 * Approve / Decline, which a withdrawal being paid refuses (409).
 */
export async function livePayoutStates(db: DbOrTx, withdrawalIds: bigint[]): Promise<Map<string, PayoutState>> {
  const rows = await selectLivePayoutStates(db, withdrawalIds);
  return new Map(rows.map((row) => [row.withdrawalId.toString(), row.state]));
}

/**
 * Whether `code` is the receipt of a payout Tuzo made (decision 046): the deposits module refuses such a code as a
 * deposit, whoever offers it.
 */
export async function isTuzoPayoutReceipt(db: DbOrTx, code: string): Promise<boolean> {
  return existsPayoutReceipt(db, code.trim().toUpperCase());
}
