import { formatMinor, parseAmountToMinor, type PayoutProvider } from '@tuzo/contracts';
import type { AppDeps } from '../../lib/deps.ts';
import { writeAudit } from '../audit/audit.service.ts';
import { readSetting } from '../settings/settings.service.ts';
import { lockBalance, setBalanceLowSince, upsertBalance } from './payouts.repository.ts';

/**
 * Records a payout balance the provider reported (a B2C result's `B2CUtilityAccountAvailableFunds`, the account
 * balance query) and alerts the operators once per crossing of `payouts.low_balance_alert` (decision 033): in one
 * transaction, the row is stored and locked; a balance below the setting with no `low_since` sets it and writes the
 * audit row `payout.low_balance` (the console shows it from `adminpayoutbalance`); one at or above it clears it
 * (`payout.low_balance_cleared`), so the next fall alerts again. Members are never told.
 */
export async function recordPayoutBalance(
  deps: AppDeps,
  input: { provider: PayoutProvider; currency: string; balanceMinor: bigint; source: string },
): Promise<void> {
  const alertMinor = parseAmountToMinor(await readSetting(deps.db, 'payouts.low_balance_alert')) ?? 0n;
  const at = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await upsertBalance(tx, { ...input, at });
    const stored = await lockBalance(tx, input.provider);
    if (!stored) return;
    // An older report than the stored one was not applied: judge what is stored.
    const balanceMinor = stored.balanceMinor;
    const isLow = balanceMinor < alertMinor;
    if (isLow === (stored.lowSince !== null)) return;
    await setBalanceLowSince(tx, input.provider, isLow ? at : null);
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
    if (isLow) {
      deps.log.warn(
        { provider: input.provider, balance: formatMinor(balanceMinor), alert: formatMinor(alertMinor) },
        'Payout balance below payouts.low_balance_alert: top the account up before payouts fail',
      );
    }
  });
}
