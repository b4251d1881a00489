import { parseAmountToMinor } from '@tuzo/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { selectSettings } from '../settings/settings.repository.ts';

/**
 * Operator-tuned money settings (the `settings` table, JSON values). Amounts are decimal strings in the system
 * currency; a missing or malformed value falls back to the default here (docs/money.md, "Settings").
 */
export const MONEY_SETTING_DEFAULTS = {
  /** Daily bonus target: level-1 downlines activated today. */
  daily_target: 5,
  /** Daily bonus reward, system currency. */
  daily_reward: '100.00',
  /** The YouTube, TikTok and Ads wallets can be withdrawn from once they hold at least this (system currency). */
  task_wallet_unlock: '1000.00',
} as const;
export const MONEY_SETTING_KEYS = Object.keys(MONEY_SETTING_DEFAULTS) as (keyof typeof MONEY_SETTING_DEFAULTS)[];

export interface MoneySettings {
  dailyTarget: number;
  dailyRewardMinor: bigint;
  taskWalletUnlockMinor: bigint;
}

export function parseMoneySettings(values: Record<string, unknown>): MoneySettings {
  return {
    dailyTarget: readCount(values.daily_target, MONEY_SETTING_DEFAULTS.daily_target),
    dailyRewardMinor: readMinor(values.daily_reward, MONEY_SETTING_DEFAULTS.daily_reward),
    taskWalletUnlockMinor: readMinor(values.task_wallet_unlock, MONEY_SETTING_DEFAULTS.task_wallet_unlock),
  };
}

export async function loadMoneySettings(db: DbOrTx): Promise<MoneySettings> {
  return parseMoneySettings(Object.fromEntries(await selectSettings(db, MONEY_SETTING_KEYS)));
}

function readCount(value: unknown, fallback: number): number {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isSafeInteger(number) && number >= 0 ? number : fallback;
}

function readMinor(value: unknown, fallback: string): bigint {
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : typeof value === 'string' ? value : fallback;
  return parseAmountToMinor(text) ?? parseAmountToMinor(fallback) ?? 0n;
}
