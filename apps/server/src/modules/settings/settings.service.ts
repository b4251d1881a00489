import { readSettingValue, SETTINGS, type SettingKey, type SettingValue, type SettingValues } from '@tuzo/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { insertSettingIfMissing, selectSettings } from './settings.repository.ts';

/**
 * Settings through the registry (packages/contracts/src/settings.ts): typed by key, each stored value checked
 * against its schema (a value that does not fit reads as the default).
 */
export async function readSettings<K extends SettingKey>(db: DbOrTx, keys: readonly K[]): Promise<SettingValues<K>> {
  const stored = await selectSettings(db, keys);
  return Object.fromEntries(keys.map((key) => [key, readSettingValue(key, stored.get(key))])) as SettingValues<K>;
}

export async function readSetting<K extends SettingKey>(db: DbOrTx, key: K): Promise<SettingValue<K>> {
  return (await readSettings(db, [key]))[key];
}

/** Values already fetched as JSON (for example inside a wider query), read through the registry. */
export function parseSettings<K extends SettingKey>(keys: readonly K[], stored: Record<string, unknown>): SettingValues<K> {
  return Object.fromEntries(keys.map((key) => [key, readSettingValue(key, stored[key])])) as SettingValues<K>;
}

/**
 * Stores a setting's value unless it exists (an operator's change is never overwritten) and returns what is stored,
 * read through the registry. The value is checked against the schema first: a bad default is a programming error.
 */
export async function seedSetting<K extends SettingKey>(
  db: DbOrTx,
  key: K,
  value: SettingValue<K> = SETTINGS[key].default as SettingValue<K>,
): Promise<SettingValue<K>> {
  const checked = SETTINGS[key].schema.parse(value);
  return readSettingValue(key, await insertSettingIfMissing(db, key, checked));
}
