import {
  formatMinor,
  parseAmountToMinor,
  parseDbMinor,
  type AdminCheckPayoutData,
  type AdminPayoutBalanceData,
  type AdminPayoutData,
  type AdminPayoutRow,
  type AdminPayoutsData,
  type AdminPayoutsPayload,
  type PayoutState,
  type PayoutsRestored,
} from '@tuzo/contracts';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { writeAudit } from '../audit/index.ts';
import { listMoneyAlerts } from '../money-alerts/index.ts';
import { readSetting } from '../settings/index.ts';
import { b2cUrls } from './payout-adapters.ts';
import { lowBalanceAlertIn } from './payout-balance-alert.ts';
import { queryPayout, recordExchanges, requirePayout } from './payout-results.ts';
import { selectBalances, selectPayoutQueue, selectQueueRow, type PayoutQueueRow } from './payout-queue.repository.ts';
import { selectExchanges } from './payouts.repository.ts';
import { toPayoutSummary } from './payouts.service.ts';
import { redact } from './redact.ts';
import { readRestoredState, type RestoredState } from './restored-state.ts';

/** The console's payout actions (decision 032): the queue, one payout's exchanges, "check with the provider", balances. */

const EXCHANGES_LIMIT = 200;
const STATES: readonly PayoutState[] = ['approved', 'sent', 'unknown', 'paid', 'failed'];
const iso = (value: string | null) => (value === null ? null : new Date(value).toISOString());

function toRow(row: PayoutQueueRow): AdminPayoutRow {
  return {
    id: row.id,
    withdrawal_id: row.withdrawal_id,
    attempt: row.attempt,
    username: row.username,
    phone: row.phone,
    provider: row.provider,
    state: row.state,
    reference: row.reference,
    amount: formatMinor(parseDbMinor(row.amount_minor)),
    currency: row.currency,
    receipt: row.receipt,
    receiver_name: row.receiver_name,
    failure_reason: row.failure_reason,
    provider_detail: row.provider_detail,
    created_at: new Date(row.created_at).toISOString(),
    sent_at: iso(row.sent_at),
    settled_at: iso(row.settled_at),
    provider_answer: row.provider_answer,
    provider_answer_detail: row.provider_answer_detail,
    provider_answer_at: iso(row.provider_answer_at),
  };
}

/** `adminpayouts`: the queue by state, provider and member, newest first, paged; with the count of every state. */
export async function listPayouts(deps: AppDeps, input: AdminPayoutsPayload): Promise<AdminPayoutsData> {
  const { rows, total, counts } = await selectPayoutQueue(deps.db, {
    ...(input.state ? { state: input.state } : {}),
    ...(input.provider ? { provider: input.provider } : {}),
    ...(input.username ? { username: input.username } : {}),
    offset: (input.page - 1) * input.limit,
    limit: input.limit,
  });
  return {
    rows: rows.map(toRow),
    page: input.page,
    limit: input.limit,
    total,
    counts: Object.fromEntries(STATES.map((state) => [state, counts[state] ?? 0])) as Record<PayoutState, number>,
    restored: toRestored(await readRestoredState(deps.db)),
  };
}

function toRestored(state: RestoredState | null): PayoutsRestored | null {
  if (!state) return null;
  const { recoveryPoint, markedAt, inFlight, awaiting } = state;
  return {
    recovery_point: recoveryPoint?.toISOString() ?? null,
    marked_at: markedAt.toISOString(),
    in_flight: inFlight,
    awaiting,
  };
}

/** `adminpayout`: one payout and every exchange with its provider, oldest first (bodies stored redacted). */
export async function getPayout(deps: AppDeps, id: bigint): Promise<AdminPayoutData> {
  const row = await selectQueueRow(deps.db, id);
  if (!row) throw new AppError('NOT_FOUND', 'Payout not found');
  const exchanges = await selectExchanges(deps.db, id, EXCHANGES_LIMIT);
  return {
    payout: toRow(row),
    exchanges: exchanges.map((exchange) => ({
      id: exchange.id,
      kind: exchange.kind,
      http_status: exchange.http_status,
      body: exchange.body,
      at: new Date(exchange.at).toISOString(),
    })),
    alerts: await listMoneyAlerts(deps.db, { payoutId: id, limit: 50 }),
  };
}

/**
 * `admincheckpayout`: "check with the provider". Asks M-Pesa (transaction status, answered later at our status URL)
 * or Flutterwave (a fetch, applied at once) about a live payout; never re-sends and never refunds on its own. Audited.
 */
export async function checkPayout(
  deps: AppDeps,
  input: { id: bigint; operatorId: bigint; ip: string },
): Promise<AdminCheckPayoutData> {
  const before = await requirePayout(deps, input.id);
  if (before.state === 'paid' || before.state === 'failed')
    throw new AppError('ALREADY_DONE', `This payout is already ${before.state}; there is nothing to ask`);
  await writeAudit(deps.db, {
    actorId: input.operatorId,
    action: 'payout.check',
    targetType: 'payout',
    targetId: before.id,
    before: { state: before.state },
    after: null,
    ip: input.ip,
  });
  const { asked } = await queryPayout(deps, before.id);
  return { payout: toPayoutSummary(await requirePayout(deps, before.id)), asked };
}

/**
 * `adminpayoutbalance`: the balances as last reported, one per provider and currency, each marked low below
 * `payouts.low_balance_alert` converted to its currency (decision 047).
 */
export async function payoutBalances(deps: AppDeps): Promise<AdminPayoutBalanceData> {
  const alertText = await readSetting(deps.db, 'payouts.low_balance_alert');
  const alertMinor = parseAmountToMinor(alertText) ?? 0n;
  const balances = await selectBalances(deps.db);
  const alerts = new Map<string, bigint>();
  for (const row of balances) alerts.set(row.currency, await lowBalanceAlertIn(deps, deps.db, row.currency));
  return {
    balances: balances.map((row) => {
      const balanceMinor = parseDbMinor(row.balance_minor);
      return {
        provider: row.provider,
        currency: row.currency,
        balance: formatMinor(balanceMinor),
        source: row.source,
        reported_at: new Date(row.reported_at).toISOString(),
        is_low: balanceMinor < (alerts.get(row.currency) ?? alertMinor),
        low_since: iso(row.low_since),
      };
    }),
    low_balance_alert: formatMinor(alertMinor),
  };
}

/** `adminrequestpayoutbalance`: asks M-Pesa for the B2C account balance; the result updates the stored balance. */
export async function requestPayoutBalance(
  deps: AppDeps,
  input: { operatorId: bigint; ip: string },
): Promise<{ asked: boolean }> {
  const mpesa = deps.payments.mpesa;
  if (!mpesa) throw new AppError('PROVIDER_ERROR', 'M-Pesa is not configured on this server');
  await writeAudit(deps.db, {
    actorId: input.operatorId,
    action: 'payout.balance_query',
    targetType: 'payout_balance',
    ip: input.ip,
  });
  const urls = b2cUrls(deps);
  const outcome = await mpesa.accountBalance({ resultUrl: urls.balanceUrl, queueTimeoutUrl: urls.balanceTimeoutUrl });
  await recordExchanges(deps, null, [
    { kind: 'balance', httpStatus: outcome.kind === 'accepted' ? 200 : outcome.httpStatus || null, body: redact(outcome) },
  ]);
  return { asked: outcome.kind === 'accepted' };
}
