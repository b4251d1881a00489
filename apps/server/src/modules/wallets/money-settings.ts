import { parseAmountToMinor, type SettingValues } from '@tuzo/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { parseSettings, readSettings } from '../settings/settings.service.ts';

/** The money settings of the registry (packages/contracts/src/settings.ts), amounts as system minor units. */
export const MONEY_SETTING_KEYS = ['daily_target', 'daily_reward', 'welcome_bonus', 'task_wallet_unlock'] as const;

export interface MoneySettings {
  dailyTarget: number;
  dailyRewardMinor: bigint;
  welcomeBonusMinor: bigint;
  taskWalletUnlockMinor: bigint;
}

function toMoneySettings(values: SettingValues<(typeof MONEY_SETTING_KEYS)[number]>): MoneySettings {
  return {
    dailyTarget: values.daily_target,
    dailyRewardMinor: systemMinor(values.daily_reward),
    welcomeBonusMinor: systemMinor(values.welcome_bonus),
    taskWalletUnlockMinor: systemMinor(values.task_wallet_unlock),
  };
}

/** Settings already fetched as JSON (the balances query reads them with the member's facts). */
export function parseMoneySettings(stored: Record<string, unknown>): MoneySettings {
  return toMoneySettings(parseSettings(MONEY_SETTING_KEYS, stored));
}

export async function loadMoneySettings(db: DbOrTx): Promise<MoneySettings> {
  return toMoneySettings(await readSettings(db, MONEY_SETTING_KEYS));
}

function systemMinor(text: string): bigint {
  const minor = parseAmountToMinor(text);
  if (minor === null) throw new Error(`A money setting passed its schema but is not an amount: ${text}`);
  return minor;
}
