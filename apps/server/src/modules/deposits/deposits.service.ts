import { type DepositHistoryRow, type GrabPaymentData, type Procedure } from '@tuzo/contracts';
import type { AuthMember } from '../../http/action.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { memberAmount } from './deposit-state.ts';
import { loadProfile } from './deposit-setup.ts';
import { readSetting } from '../settings/index.ts';
import { selectMemberDeposits } from './deposits.repository.ts';
import { FLUTTERWAVE_CURRENCIES } from './payment-link.service.ts';
import { stkPushCountry } from './stk-push.service.ts';
import { localDateTime } from '../wallets/index.ts';

/**
 * The deposits, code review and payment notification tables belong to this module. Other modules (an operator's
 * manual deposit, the demo seed, the operator's deposit and code decisions) read and write their rows through these,
 * never through this module's repositories.
 */

const HISTORY_LIMIT = 100;

/** `grabpayment`: the deposit methods of the member's country. */
export async function grabPayment(deps: AppDeps, member: AuthMember): Promise<GrabPaymentData> {
  const payments = deps.payments;
  const profile = await loadProfile(deps.db, member.id);
  const procedures = await readSetting(deps.db, 'deposits.procedures');
  const procedure: Record<string, Procedure> = procedures[profile.abbreviation] ?? {};
  return {
    stkpush: payments.mpesa !== null && stkPushCountry(profile),
    flutter: payments.flutterwave !== null && FLUTTERWAVE_CURRENCIES.has(profile.currency),
    procedure,
  };
}

/** `deposithistory`: the member's deposits, newest first, at most 100. */
export async function depositHistory(deps: AppDeps, member: AuthMember): Promise<{ history: DepositHistoryRow[] }> {
  const profile = await loadProfile(deps.db, member.id);
  const rows = await selectMemberDeposits(deps.db, member.id, HISTORY_LIMIT);
  return {
    history: rows.map((deposit) => {
      const { date, time } = localDateTime(deposit.createdAt, deps.config.TUZO_TIMEZONE);
      return {
        Id: deposit.id.toString(),
        Amount: memberAmount(deposit, profile),
        Phone: deposit.phone ?? '',
        'Transaction Code': deposit.providerRef ?? '',
        Status: deposit.status,
        Date: date,
        Time: time,
      };
    }),
  };
}
