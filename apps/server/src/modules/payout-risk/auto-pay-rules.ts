import { formatMinorGrouped, parseAmountToMinor, type PayoutAutoPaySettings } from '@tuzo/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { operatorDay } from '../../lib/clock.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { readSettings } from '../settings/index.ts';
import { selectAutoPayFacts } from './payout-risk.read-model.ts';
import { lockMemberAutoPay, selectOpenFlags } from './payout-risk.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The rule values an auto-pay used, as its audit row records them. */
export interface AutoPayRules {
  belowAmount: string;
  fourEyesThreshold: string;
  minActiveDays: number;
  maxPerDay: number;
  activeDays: number;
  payoutsToday: number;
}

export type AutoPayVerdict = { isAllowed: true; rules: AutoPayRules } | { isAllowed: false; why: string };

function amountMinor(text: string): bigint {
  const minor = parseAmountToMinor(text);
  if (minor === null) throw new Error(`A setting amount passed its schema but is not an amount: ${text}`);
  return minor;
}

/**
 * Whether the operator's auto-pay rules (setting `payouts.auto_pay`, decision 035) let this withdrawal be approved
 * and paid with no operator: on; amount (system currency) below `below_amount` and not above the four-eyes
 * threshold (a rule acting alone never moves what one operator alone may not); the member active for more than
 * `min_active_days` by deps.clock; fewer than `max_per_day` of their payouts started on today's operator day (failed
 * ones not counted); the withdrawal pending; no open risk flag. Judged again inside the approval's transaction
 * (`isApproving`), with the withdrawal row locked and the member's auto-pays serialised, so two of the member's
 * withdrawals approved at once cannot both pass the day's count.
 */
export async function judgeAutoPay(
  db: DbOrTx,
  deps: Pick<AppDeps, 'clock' | 'config'>,
  withdrawal: { id: bigint; memberId: bigint; amountSystemMinor: bigint },
  options: { isApproving: boolean } = { isApproving: false },
): Promise<AutoPayVerdict> {
  const settings = await readSettings(db, ['payouts.auto_pay', 'four_eyes_threshold']);
  const rules: PayoutAutoPaySettings = settings['payouts.auto_pay'];
  if (!rules.enabled) return { isAllowed: false, why: 'auto-pay is off' };
  const belowMinor = amountMinor(rules.below_amount);
  const thresholdMinor = amountMinor(settings.four_eyes_threshold);
  if (withdrawal.amountSystemMinor >= belowMinor)
    return { isAllowed: false, why: `the amount is not below ${formatMinorGrouped(belowMinor)}` };
  if (withdrawal.amountSystemMinor > thresholdMinor)
    return { isAllowed: false, why: 'the amount is above the four-eyes threshold' };
  // Inside the approval: one member's auto-pays one at a time, so the day's count below is exact.
  if (options.isApproving) await lockMemberAutoPay(db, withdrawal.memberId);
  const now = deps.clock.now();
  const facts = await selectAutoPayFacts(db, {
    memberId: withdrawal.memberId,
    withdrawalId: withdrawal.id,
    day: operatorDay(now, deps.config.TUZO_TIMEZONE),
    timeZone: deps.config.TUZO_TIMEZONE,
  });
  if (!facts) return { isAllowed: false, why: 'the withdrawal was not found' };
  if (facts.withdrawal_status !== 0) return { isAllowed: false, why: 'the withdrawal is already decided' };
  if (facts.status !== 'active' || facts.activated_at === null) return { isAllowed: false, why: 'the member is not active' };
  const activeMs = now.getTime() - new Date(facts.activated_at).getTime();
  if (activeMs <= rules.min_active_days * DAY_MS)
    return { isAllowed: false, why: `the member has not been active for more than ${rules.min_active_days} days` };
  if (facts.payouts_today >= rules.max_per_day)
    return { isAllowed: false, why: `the member already has ${facts.payouts_today} payouts today` };
  const open = await selectOpenFlags(db, withdrawal.id);
  if (open.length > 0) return { isAllowed: false, why: `${open.length} risk flag(s) are open` };
  return {
    isAllowed: true,
    rules: {
      belowAmount: rules.below_amount,
      fourEyesThreshold: settings.four_eyes_threshold,
      minActiveDays: rules.min_active_days,
      maxPerDay: rules.max_per_day,
      activeDays: Math.floor(activeMs / DAY_MS),
      payoutsToday: facts.payouts_today,
    },
  };
}
