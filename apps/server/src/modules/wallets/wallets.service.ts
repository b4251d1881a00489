import { formatMinor, localToSystemMinor, parseDbMinor, systemToLocalMinor, type Balances } from '@tuzo/contracts';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { WALLETS } from '../../ledger/accounts.ts';
import { missingFeeLocal } from './currency.ts';
import { MONEY_SETTING_KEYS, parseMoneySettings } from './money-settings.ts';
import { selectBalanceFacts } from './wallets.repository.ts';

/**
 * Every balance of `userdata`, derived from the ledger and the withdrawal rows in one query, shown in the member's
 * currency (system amount x rate, rounded to 2 decimals). See docs/money.md for what each figure means.
 */
export async function loadBalances(deps: AppDeps, input: { memberId: bigint; countryId?: number }): Promise<Balances> {
  const facts = await selectBalanceFacts(deps.db, {
    memberId: input.memberId,
    timeZone: deps.config.TUZO_TIMEZONE,
    settingKeys: MONEY_SETTING_KEYS,
  });
  if (!facts) throw new AppError('NOT_FOUND', 'Member not found');
  const rateMicro = parseDbMinor(facts.rateMicro);
  const show = (systemMinor: bigint) => formatMinor(systemToLocalMinor(systemMinor, rateMicro));
  const wallet = Object.fromEntries(WALLETS.map((name) => [name, parseDbMinor(facts.wallets[name] ?? '0')])) as Record<
    (typeof WALLETS)[number],
    bigint
  >;
  const settings = parseMoneySettings(facts.settings);
  const points = Number(facts.activatedToday);
  const target = settings.dailyTarget;
  const percent = target === 0 ? 100 : Math.min(100, Math.round((points * 10_000) / target) / 100);
  const feeLocalMinor = parseDbMinor(facts.cregLocalMinor ?? '0');
  const feeSystemMinor = localToSystemMinor(feeLocalMinor, rateMicro);
  const missingLocalMinor =
    facts.status === 'active' ? 0n : missingFeeLocal({ feeLocalMinor, feeSystemMinor, depositSystemMinor: wallet.deposit, rateMicro });
  return {
    profit: show(parseDbMinor(facts.earningsMinor) + parseDbMinor(facts.signupBonusMinor)),
    expense: show(parseDbMinor(facts.depositsMinor)),
    balance: show(wallet.balance),
    bonus: show(parseDbMinor(facts.welcomeBonusMinor)),
    totalwithdrawal: show(parseDbMinor(facts.completedWithdrawalsMinor)),
    pendingwithdrawal: show(parseDbMinor(facts.pendingWithdrawalsMinor)),
    ads: show(wallet.ads),
    youtube: show(wallet.youtube),
    trivia: show(parseDbMinor(facts.triviaMinor)),
    tiktok: show(wallet.tiktok),
    deposit: show(wallet.deposit),
    // What the member still has to deposit, rounded so that depositing exactly this is enough.
    actbal: formatMinor(missingLocalMinor),
    target,
    reward: show(settings.dailyRewardMinor),
    remaining: Math.max(0, target - points),
    percent,
    progress: points,
  };
}
