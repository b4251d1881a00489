import {
  formatMinor,
  parseDbMinor,
  STUCK_DEPOSIT_MINUTES,
  type AdminCheckDepositData,
  type AdminDepositRow,
  type AdminDepositsData,
  type AdminDepositsPayload,
  type AdminWithdrawalQueueData,
  type AdminWithdrawalQueuePayload,
  type AdminWithdrawalsData,
  type AdminWithdrawalsPayload,
} from '@tuzo/contracts';
import type { AppDeps } from '../../lib/deps.ts';
import { writeAudit } from '../audit/index.ts';
import { checkStkDepositWithProvider } from '../deposits/index.ts';
import { livePayoutStates } from '../payouts/index.ts';
import {
  selectDepositsPage,
  selectDepositState,
  selectWithdrawalQueue,
  type DepositListRow,
  type WithdrawalQueueRow,
} from './admin-money.repository.ts';

/** The withdrawal queue's and deposit list's query pieces, shared with the CSV exports (exports module). */

type Status = '0' | '1' | '2';
const statusText = (status: number): Status => String(status) as Status;

export function toWithdrawalRow(row: WithdrawalQueueRow): AdminWithdrawalQueueData['rows'][number] {
  return {
    id: row.id,
    username: row.username,
    phone: row.phone,
    member_phone: row.member_phone,
    wallet: row.wallet,
    amount: formatMinor(parseDbMinor(row.amount_local_minor)),
    fee: formatMinor(parseDbMinor(row.fee_local_minor)),
    currency: row.currency,
    amount_system: formatMinor(parseDbMinor(row.amount_system_minor)),
    fee_system: formatMinor(parseDbMinor(row.fee_system_minor)),
    status: statusText(row.status),
    created_at: new Date(row.created_at).toISOString(),
    decided_at: row.decided_at ? new Date(row.decided_at).toISOString() : null,
    decided_by: row.decided_by,
  };
}

export function toDepositRow(row: DepositListRow): AdminDepositRow {
  return {
    id: row.id,
    username: row.username,
    method: row.method,
    status: statusText(row.status),
    amount: formatMinor(parseDbMinor(row.amount_local_minor)),
    currency: row.currency,
    amount_system: formatMinor(parseDbMinor(row.amount_system_minor)),
    provider_ref: row.provider_ref,
    failure_reason: row.failure_reason,
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** The rows with `payout_state`: the state of the payout paying a pending withdrawal, else null. */
async function withPayoutStates(deps: AppDeps, rows: WithdrawalQueueRow[]): Promise<AdminWithdrawalQueueData['rows']> {
  const live = await livePayoutStates(
    deps.db,
    rows.filter((row) => row.status === 0).map((row) => BigInt(row.id)),
  );
  return rows.map((row) => ({ ...toWithdrawalRow(row), payout_state: live.get(row.id) ?? null }));
}

/** `adminwithdrawalqueue`: withdrawals by status, member, wallet and request date, newest first. */
export async function listWithdrawalQueue(deps: AppDeps, input: AdminWithdrawalQueuePayload): Promise<AdminWithdrawalQueueData> {
  const { page, limit, ...filter } = input;
  const { rows, total } = await selectWithdrawalQueue(deps.db, { filter, offset: (page - 1) * limit, limit });
  return { rows: await withPayoutStates(deps, rows), page, limit, total, is_total_capped: false };
}

/**
 * `adminwithdrawals`, the first operator list (kept for its callers; the console uses `adminwithdrawalqueue`): the
 * queue's one query with only the status filter. Its answer keeps its own shape: `decided_by` is the deciding
 * operator's id (the queue shows their username) and there is no `is_total_capped`.
 */
export async function listWithdrawals(deps: AppDeps, input: AdminWithdrawalsPayload): Promise<AdminWithdrawalsData> {
  const { page, limit, status } = input;
  const filter = status === undefined ? {} : { status };
  const { rows, total } = await selectWithdrawalQueue(deps.db, { filter, offset: (page - 1) * limit, limit });
  const shown = await withPayoutStates(deps, rows);
  return { rows: shown.map((row, index) => ({ ...row, decided_by: rows[index]?.decided_by_id ?? null })), page, limit, total };
}

/** `admindeposits`: deposits by status, provider and member; `stuck` = pending for STUCK_DEPOSIT_MINUTES or more. */
export async function listDeposits(deps: AppDeps, input: AdminDepositsPayload): Promise<AdminDepositsData> {
  const { page, limit, ...filter } = input;
  const stuckBefore = new Date(deps.clock.now().getTime() - STUCK_DEPOSIT_MINUTES * 60_000);
  const { rows, total } = await selectDepositsPage(deps.db, { filter, stuckBefore, offset: (page - 1) * limit, limit });
  return { rows: rows.map(toDepositRow), page, limit, total, is_total_capped: false };
}

/**
 * `admincheckdeposit`: "check with the provider" for one STK push, the same settlement the background reconciler
 * runs (M-Pesa's status query decides: success credits once, a failure marks it failed, still pending past the
 * time-out marks it timed out). The settlement commits in its own transaction; the audit row records the check and
 * the status it left.
 */
export async function checkDeposit(
  deps: AppDeps,
  input: { id: bigint; operatorId: bigint; ip: string },
): Promise<AdminCheckDepositData> {
  const deposit = await checkStkDepositWithProvider(deps, input.id);
  const after = await selectDepositState(deps.db, input.id);
  const status = statusText(after?.status ?? deposit.status);
  await writeAudit(deps.db, {
    actorId: input.operatorId,
    action: 'deposit.check',
    targetType: 'deposit',
    targetId: deposit.id,
    before: { status: deposit.status },
    after: { status: Number(status) },
    ip: input.ip,
  });
  return { id: deposit.id.toString(), status_before: statusText(deposit.status), status };
}
