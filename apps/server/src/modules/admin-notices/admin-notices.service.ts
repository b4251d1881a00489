import type { AdminNoticesData, ConsoleNotice } from '@tuzo/contracts';
import type { AppDeps } from '../../lib/deps.ts';
import { listOpenReviewNotices } from '../clusters/index.ts';
import { lowBalanceAlertIn, lowBalanceText } from '../payouts/index.ts';
import { selectLowBalances } from './admin-notices.read-model.ts';

/**
 * `adminnotices`: the notices every console page shows (decision 047). Each source adds its own: a payout balance
 * below the alert, per provider currency, for as long as it stays low.
 */
export async function listConsoleNotices(deps: AppDeps): Promise<AdminNoticesData> {
  const notices: ConsoleNotice[] = [];
  for (const low of await selectLowBalances(deps.db)) {
    const alertMinor = await lowBalanceAlertIn(deps, deps.db, low.currency);
    notices.push({
      kind: 'low_payout_balance',
      severity: 'warning',
      text: lowBalanceText({ ...low, alertMinor }),
      link: '/admin/payouts',
    });
  }
  // Members who asked for a review of their held commissions (decision 062).
  notices.push(...(await listOpenReviewNotices(deps.db)));
  return { notices };
}
