import {
  formatMinor,
  formatMinorGrouped,
  parseAmountToMinor,
  parseDbMinor,
  type AdminPayoutFlagsData,
  type AdminPayoutFlagsPayload,
} from '@tuzo/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { operatorDay } from '../../lib/clock.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { writeAudit } from '../audit/index.ts';
import { clusterOf } from '../fraud-signals/index.ts';
import { readSettings } from '../settings/index.ts';
import { judgeAutoPay } from './auto-pay-rules.ts';
import {
  selectFlagPage,
  selectRiskFacts,
  selectWithdrawalBrief,
  type RiskFactsRow,
  type WithdrawalBrief,
} from './payout-risk.read-model.ts';
import { insertFlags, selectOpenFlags, type NewFlag } from './payout-risk.repository.ts';

/**
 * Payout risk flags (docs/money.md "Payouts: risk flags and auto-pay", decision 035). The checks run in the
 * transaction that records a withdrawal's hold (so no approval can see a withdrawal before its flags), and a flag
 * holds the withdrawal: `holdForRisk`, called where every approval starts its payout, refuses while one is open.
 * This module sits below withdrawals (which raises flags) and payouts (which holds, clears and auto-pays): it reads
 * their tables but imports neither.
 */

/** A withdrawal's member, amount and status, for the auto-pay rules. */
export async function findWithdrawalBrief(deps: Pick<AppDeps, 'db'>, id: bigint): Promise<WithdrawalBrief | null> {
  return selectWithdrawalBrief(deps.db, id);
}

const HOUR_MS = 60 * 60 * 1000;

function since(at: Date, hours: number): Date | null {
  return hours > 0 ? new Date(at.getTime() - hours * HOUR_MS) : null;
}

/** Raises one flag on a withdrawal already recorded (a phone change after the request, decision 045). */
export async function raiseFlagOnWithdrawal(
  tx: DbOrTx,
  input: { withdrawalId: bigint; memberId: bigint; at: Date; flag: NewFlag },
): Promise<void> {
  await insertFlags(tx, { withdrawalId: input.withdrawalId, memberId: input.memberId, at: input.at, flags: [input.flag] });
}

/** Raises the flags a new withdrawal deserves. Runs inside the hold's transaction; answers the kinds raised. */
export async function raiseRiskFlags(
  tx: DbOrTx,
  deps: Pick<AppDeps, 'config'>,
  input: { withdrawalId: bigint; memberId: bigint; at: Date },
): Promise<NewFlag[]> {
  const { 'payouts.risk': risk } = await readSettings(tx, ['payouts.risk']);
  const largeAdjustmentMinor = parseAmountToMinor(risk.large_adjustment);
  if (largeAdjustmentMinor === null) throw new Error(`payouts.risk.large_adjustment is not an amount: ${risk.large_adjustment}`);
  const facts = await selectRiskFacts(tx, {
    memberId: input.memberId,
    day: operatorDay(input.at, deps.config.TUZO_TIMEZONE),
    timeZone: deps.config.TUZO_TIMEZONE,
    adjustmentSince: since(input.at, risk.adjustment_window_hours),
    largeAdjustmentMinor,
    uplineChangeSince: since(input.at, risk.upline_change_window_hours),
  });
  const flags = flagsFromFacts(facts, risk);
  // In an open cluster (a possible self-referral ring, decision 062): held until the cluster is decided.
  const cluster = await clusterOf(tx, input.memberId);
  if (cluster?.state === 'open') {
    flags.push({
      kind: 'cluster',
      reason: `The member's accounts are in open cluster #${cluster.id}, a possible self-referral ring: decide the cluster on the Clusters page.`,
      detail: { clusterId: cluster.id.toString() },
    });
  }
  if (flags.length > 0) await insertFlags(tx, { ...input, flags });
  return flags;
}

function flagsFromFacts(
  facts: RiskFactsRow,
  risk: { max_withdrawals_per_day: number; adjustment_window_hours: number; upline_change_window_hours: number },
): NewFlag[] {
  const flags: NewFlag[] = [];
  if (facts.shared_phone) {
    flags.push({
      kind: 'shared_phone',
      reason: `The payout phone is also the registered phone of member ${facts.shared_phone.username} (${facts.shared_phone.phone}).`,
      detail: facts.shared_phone,
    });
  }
  if (facts.shared_name) {
    flags.push({
      kind: 'shared_name',
      reason: `M-Pesa names this member's payouts "${facts.shared_name.name}", a name already paid for member ${facts.shared_name.username}.`,
      detail: facts.shared_name,
    });
  }
  if (facts.withdrawals_today > risk.max_withdrawals_per_day) {
    flags.push({
      kind: 'daily_count',
      reason: `This is the member's withdrawal number ${facts.withdrawals_today} today; more than ${risk.max_withdrawals_per_day} a day are checked by hand.`,
      detail: { withdrawalsToday: facts.withdrawals_today, maxPerDay: risk.max_withdrawals_per_day },
    });
  }
  if (facts.adjustment) {
    flags.push({
      kind: 'after_adjustment',
      reason: `Requested within ${risk.adjustment_window_hours} hours of an adjustment crediting ${formatMinorGrouped(parseDbMinor(facts.adjustment.amount_minor))} (system currency, ledger transaction ${facts.adjustment.transaction_id}).`,
      detail: facts.adjustment,
      raisedBy: (facts.adjustment.staff_ids ?? []).map((id) => BigInt(id)),
    });
  }
  if (facts.upline_change) {
    flags.push({
      kind: 'after_upline_change',
      reason: `Requested within ${risk.upline_change_window_hours} hours of a change of this member's upline, or of an upline change that paid them commissions (${new Date(facts.upline_change.at).toISOString()}).`,
      detail: facts.upline_change,
      raisedBy: (facts.upline_change.staff_ids ?? []).map((id) => BigInt(id)),
    });
  }
  return flags;
}

/**
 * The hold, where every approval starts its payout (startPayout, with the withdrawal row locked): an open flag
 * refuses the approval, whoever approves, and so does the member's cluster while it is open or confirmed (decision
 * 062), whenever it opened. An approval with no operator is the auto-pay rule's: its rules are judged
 * again here, on the locked row, and the audit row of the approval says "auto-pay" with the rule values applied.
 */
export async function holdForRisk(
  tx: DbOrTx,
  deps: Pick<AppDeps, 'clock' | 'config'>,
  input: { withdrawal: { id: bigint; memberId: bigint; amountSystemMinor: bigint }; approvedBy: bigint | null },
): Promise<void> {
  // A cluster opened (or confirmed) after the request holds it too: the flag was raised only at the request.
  const cluster = await clusterOf(tx, input.withdrawal.memberId);
  if (cluster?.state === 'open' || cluster?.state === 'confirmed') {
    throw new AppError(
      'CONFLICT',
      `This withdrawal is held: the member's accounts are in ${cluster.state} cluster #${cluster.id}, a possible self-referral ring. Decide the cluster on the Clusters page first.`,
    );
  }
  const open = await selectOpenFlags(tx, input.withdrawal.id);
  if (open.length > 0) {
    throw new AppError(
      'CONFLICT',
      `This withdrawal is held by ${open.length === 1 ? 'a risk flag' : `${open.length} risk flags`} (${open
        .map((flag) => flag.reason)
        .join(' ')}) Clear ${open.length === 1 ? 'it' : 'them'} with a note on the Payout flags page first.`,
    );
  }
  if (input.approvedBy !== null) return;
  const verdict = await judgeAutoPay(tx, deps, input.withdrawal, { isApproving: true });
  if (!verdict.isAllowed) throw new AppError('CONFLICT', `Auto-pay does not apply: ${verdict.why}`);
  await writeAudit(tx, {
    actorId: null,
    action: 'payout.auto_pay',
    targetType: 'withdrawal',
    targetId: input.withdrawal.id,
    after: { by: 'auto-pay', amountSystemMinor: input.withdrawal.amountSystemMinor, rules: verdict.rules },
    ip: null,
  });
}

/** `adminpayoutflags`: one page of flags. */
export async function listRiskFlags(deps: AppDeps, payload: AdminPayoutFlagsPayload): Promise<AdminPayoutFlagsData> {
  const rows = await selectFlagPage(deps.db, {
    view: payload.view,
    withdrawalId: payload.withdrawal_id ?? null,
    limit: payload.limit,
    offset: (payload.page - 1) * payload.limit,
  });
  return {
    rows: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      reason: row.reason,
      withdrawal_id: row.withdrawal_id,
      username: row.username,
      amount: formatMinor(parseDbMinor(row.amount_local_minor)),
      currency: row.currency,
      withdrawal_status: statusText(Number(row.withdrawal_status)),
      raised_at: new Date(row.raised_at).toISOString(),
      cleared_at: row.cleared_at === null ? null : new Date(row.cleared_at).toISOString(),
      cleared_by: row.cleared_by,
      note: row.note,
    })),
    page: payload.page,
    limit: payload.limit,
    total: rows[0]?.total ?? 0,
  };
}

function statusText(status: number): '0' | '1' | '2' {
  return status === 2 ? '2' : status === 1 ? '1' : '0';
}
