import {
  formatMinor,
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
import { parseSettings } from '../settings/index.ts';
import { judgeAutoPay } from './auto-pay-rules.ts';
import { selectFlagPage, selectWithdrawalBrief, type WithdrawalBrief } from './payout-risk.read-model.ts';
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

/** Raises one flag on a withdrawal already recorded (a phone change after the request, decision 045). */
export async function raiseFlagOnWithdrawal(
  tx: DbOrTx,
  input: { withdrawalId: bigint; memberId: bigint; at: Date; flag: NewFlag },
): Promise<void> {
  await insertFlags(tx, { withdrawalId: input.withdrawalId, memberId: input.memberId, at: input.at, flags: [input.flag] });
}

/**
 * The reasons of the flags a new withdrawal may get, as PostgreSQL `format()` strings filled by
 * `payout_risk_raise_flags` (migration 0525): shared_phone (username, phone), shared_name (name, username),
 * daily_count (withdrawals today, the day's maximum), after_adjustment (window hours, amount grouped, transaction),
 * after_upline_change (window hours, when, ISO), cluster (cluster id).
 */
const RISK_REASONS: Readonly<Record<string, string>> = {
  shared_phone: 'The payout phone is also the registered phone of member %1$s (%2$s).',
  shared_name: 'M-Pesa names this member\'s payouts "%1$s", a name already paid for member %2$s.',
  daily_count: "This is the member's withdrawal number %1$s today; more than %2$s a day are checked by hand.",
  after_adjustment: 'Requested within %1$s hours of an adjustment crediting %2$s (system currency, ledger transaction %3$s).',
  after_upline_change:
    "Requested within %1$s hours of a change of this member's upline, or of an upline change that paid them commissions (%2$s).",
  cluster:
    "The member's accounts are in open cluster #%1$s, a possible self-referral ring: decide the cluster on the Clusters page.",
};

/**
 * What `payout_risk_raise_flags` (migration 0525) needs besides the withdrawal: the `payouts.risk` setting as the
 * caller's reference copy holds it (stored JSON, parsed through the registry), the operator day of `at` and the
 * reasons' texts. The withdrawal's one call passes it on after the hold's movement, so the flags commit with the hold
 * and no approval sees it unflagged (decision 035).
 */
export function riskFlagsPayload(
  deps: Pick<AppDeps, 'config'>,
  input: { stored: Record<string, unknown>; at: Date },
): Record<string, unknown> {
  const { 'payouts.risk': risk } = parseSettings(['payouts.risk'], input.stored);
  const largeAdjustmentMinor = parseAmountToMinor(risk.large_adjustment);
  if (largeAdjustmentMinor === null) throw new Error(`payouts.risk.large_adjustment is not an amount: ${risk.large_adjustment}`);
  return {
    settings: {
      max_withdrawals_per_day: risk.max_withdrawals_per_day,
      adjustment_window_hours: risk.adjustment_window_hours,
      upline_change_window_hours: risk.upline_change_window_hours,
      large_adjustment_minor: largeAdjustmentMinor.toString(),
    },
    time_zone: deps.config.TUZO_TIMEZONE,
    day: operatorDay(input.at, deps.config.TUZO_TIMEZONE),
    reasons: RISK_REASONS,
  };
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
