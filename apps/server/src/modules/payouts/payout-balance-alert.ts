import {
  formatMinor,
  formatMinorGrouped,
  parseAmountToMinor,
  PAYOUT_PROVIDER_LABELS,
  systemToLocalMinor,
  type PayoutProvider,
} from '@tuzo/contracts';
import type { DbOrTx } from '../../db/client.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { writeAudit } from '../audit/index.ts';
import { notifyMember } from '../notifications/index.ts';
import { readSetting } from '../settings/index.ts';
import {
  lockBalance,
  selectActiveOperatorIds,
  selectCurrencyRate,
  setBalanceLowSince,
  upsertBalance,
} from './payout-balances.repository.ts';

/**
 * `payouts.low_balance_alert` (system currency) in `currency`, at the rate of the countries paid in it (the default
 * country's first); as written when `currency` is the system currency or no country uses it.
 */
export async function lowBalanceAlertIn(deps: AppDeps, db: DbOrTx, currency: string): Promise<bigint> {
  const alertMinor = parseAmountToMinor(await readSetting(db, 'payouts.low_balance_alert')) ?? 0n;
  if (currency === deps.config.SYSTEM_CURRENCY) return alertMinor;
  const rateMicro = await selectCurrencyRate(db, currency);
  return rateMicro === null ? alertMinor : systemToLocalMinor(alertMinor, rateMicro);
}

/** The operators' message about a balance that fell below the alert (one per crossing, per provider currency). */
export function lowBalanceText(input: { provider: PayoutProvider; currency: string; balanceMinor: bigint; alertMinor: bigint }) {
  const provider = PAYOUT_PROVIDER_LABELS[input.provider];
  return `Low payout balance: ${provider} ${input.currency} ${formatMinorGrouped(input.balanceMinor)}, below the alert of ${input.currency} ${formatMinorGrouped(input.alertMinor)}. Top the account up before payouts fail.`;
}

/**
 * Records a payout balance the provider reported (a B2C result's `B2CUtilityAccountAvailableFunds`, the account
 * balance query, a Flutterwave balance) and alerts the operators once per crossing of `payouts.low_balance_alert`,
 * per provider and currency (decisions 033, 047): in one transaction, the row of that provider and currency is stored
 * and locked; a balance below the alert (converted to its currency) with no `low_since` sets it, writes the audit row
 * `payout.low_balance` and sends every active operator a message (their notifications: a toast and the bell); while
 * it stays low nothing more is sent; one at or above it clears it (`payout.low_balance_cleared`), so the next fall
 * alerts again. The console shows every low balance as a notice on every page (`adminnotices`). Members are never told.
 */
export async function recordPayoutBalance(
  deps: AppDeps,
  input: { provider: PayoutProvider; currency: string; balanceMinor: bigint; source: string },
): Promise<void> {
  const at = deps.clock.now();
  const key = { provider: input.provider, currency: input.currency };
  await deps.db.transaction(async (tx) => {
    const alertMinor = await lowBalanceAlertIn(deps, tx, input.currency);
    await upsertBalance(tx, { ...input, at });
    const stored = await lockBalance(tx, key);
    if (!stored) return;
    // An older report than the stored one was not applied: judge what is stored.
    const balanceMinor = stored.balanceMinor;
    const isLow = balanceMinor < alertMinor;
    if (isLow === (stored.lowSince !== null)) return;
    await setBalanceLowSince(tx, key, isLow ? at : null);
    await writeAudit(tx, {
      actorId: null,
      action: isLow ? 'payout.low_balance' : 'payout.low_balance_cleared',
      targetType: 'payout_balance',
      before: null,
      after: {
        provider: input.provider,
        currency: input.currency,
        balance: formatMinor(balanceMinor),
        lowBalanceAlert: formatMinor(alertMinor),
        source: input.source,
      },
      ip: null,
    });
    if (!isLow) return;
    const msg = lowBalanceText({ ...key, balanceMinor, alertMinor });
    for (const operatorId of await selectActiveOperatorIds(tx))
      await notifyMember(tx, { memberId: operatorId, msg, severity: 'warning' });
    deps.log.warn(
      { provider: input.provider, currency: input.currency, balance: formatMinor(balanceMinor), alert: formatMinor(alertMinor) },
      'Payout balance below payouts.low_balance_alert: top the account up before payouts fail',
    );
  });
}
