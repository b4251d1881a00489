import { parseAmountToMinor, type SettingValues } from '@tuzo/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { parseSettings, readSettings } from '../settings/index.ts';

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
const parsedMoneySettings = new WeakMap<Record<string, unknown>, MoneySettings>();

/**
 * The money settings of stored values. The process's reference copy hands the same object to every `userdata` poll
 * until an operator's change reloads it, so the parse is kept per object (decision 041).
 */
export function parseMoneySettings(stored: Record<string, unknown>): MoneySettings {
  let parsed = parsedMoneySettings.get(stored);
  if (!parsed) {
    parsed = toMoneySettings(parseSettings(MONEY_SETTING_KEYS, stored));
    parsedMoneySettings.set(stored, parsed);
  }
  return parsed;
}

export async function loadMoneySettings(db: DbOrTx): Promise<MoneySettings> {
  return toMoneySettings(await readSettings(db, MONEY_SETTING_KEYS));
}

function systemMinor(text: string): bigint {
  const minor = parseAmountToMinor(text);
  if (minor === null) throw new Error(`A money setting passed its schema but is not an amount: ${text}`);
  return minor;
}
