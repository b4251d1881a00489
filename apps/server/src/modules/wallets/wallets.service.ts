import {
  formatMinor,
  localToSystemMinor,
  parseDbMinor,
  systemToLocalMinor,
  WELCOME_BONUS_TARGET,
  type Balances,
} from '@tuzo/contracts';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { operatorDay } from '../../lib/clock.ts';
import { EARNING_KINDS, WALLETS, type WalletName } from '../../ledger/accounts.ts';
import { missingFeeLocal } from './currency.ts';
import { MONEY_SETTING_KEYS, parseMoneySettings } from './money-settings.ts';
import { selectBalanceFacts, type BalanceFacts } from './wallets.repository.ts';

/** Settings the balances read (the userdata query asks for these together with its own). */
export const BALANCE_SETTING_KEYS = MONEY_SETTING_KEYS;

/**
 * Every balance of `userdata`, shown in the member's currency (system amount x rate, rounded to 2 decimals). See
 * docs/money.md for what each figure means.
 */
export async function loadBalances(deps: AppDeps, input: { memberId: bigint; countryId?: number }): Promise<Balances> {
  const now = deps.clock.now();
  const facts = await selectBalanceFacts(deps.db, {
    memberId: input.memberId,
    now,
    timeZone: deps.config.TUZO_TIMEZONE,
    day: operatorDay(now, deps.config.TUZO_TIMEZONE),
    settingKeys: MONEY_SETTING_KEYS,
  });
  if (!facts) throw new AppError('NOT_FOUND', 'Member not found');
  return balancesFromFacts(facts);
}

/**
 * The figures from the facts: wallets are cached balances; profit, trivia, bonus, expense and the withdrawal totals
 * are member running totals (member_totals, kept by the movement function and checked by `npm run reconcile`).
 */
export function balancesFromFacts(facts: BalanceFacts): Balances {
  const rateMicro = parseDbMinor(facts.rateMicro);
  const show = (systemMinor: bigint) => formatMinor(systemToLocalMinor(systemMinor, rateMicro));
  const wallet = Object.fromEntries(WALLETS.map((name) => [name, parseDbMinor(facts.wallets?.[name] ?? '0')])) as Record<
    WalletName,
    bigint
  >;
  const total = (bucket: string) => parseDbMinor(facts.totals?.[bucket] ?? '0');
  const earnings = EARNING_KINDS.reduce((sum, kind) => sum + total(kind), 0n);
  const settings = parseMoneySettings(facts.settings ?? {});
  const points = Number(facts.activatedToday);
  const target = settings.dailyTarget;
  const percent = target === 0 ? 100 : Math.min(100, Math.round((points * 10_000) / target) / 100);
  const feeLocalMinor = parseDbMinor(facts.cregLocalMinor ?? '0');
  const feeSystemMinor = localToSystemMinor(feeLocalMinor, rateMicro);
  const missingLocalMinor =
    facts.status === 'active'
      ? 0n
      : missingFeeLocal({ feeLocalMinor, feeSystemMinor, depositSystemMinor: wallet.deposit, rateMicro });
  return {
    profit: show(earnings + parseDbMinor(facts.signupBonusMinor)),
    expense: show(total('deposit')),
    balance: show(wallet.balance),
    bonus: show(total('welcome_bonus')),
    totalwithdrawal: show(total('withdrawal_paid')),
    pendingwithdrawal: show(total('withdrawal_pending')),
    ads: show(wallet.ads),
    youtube: show(wallet.youtube),
    trivia: show(total('trivia')),
    tiktok: show(wallet.tiktok),
    deposit: show(wallet.deposit),
    // What the member still has to deposit, rounded so that depositing exactly this is enough.
    actbal: formatMinor(missingLocalMinor),
    target,
    reward: show(settings.dailyRewardMinor),
    remaining: Math.max(0, target - points),
    percent,
    progress: points,
    dailyclaimed: facts.dailyClaimed,
    welcome_target: WELCOME_BONUS_TARGET,
    welcome_progress: Number(facts.activeLevel1),
    welcome_reward: show(settings.welcomeBonusMinor),
    welcomeclaimed: facts.welcomeClaimed,
  };
}
