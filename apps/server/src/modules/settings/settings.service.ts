import { readSettingValue, SETTINGS, type SettingKey, type SettingValue, type SettingValues } from '@tuzo/contracts';
import type { DbOrTx } from '../../db/client.ts';
import {
  insertSettingIfMissing,
  lockSetting,
  replaceSettingValue,
  selectSettings,
  selectStoredSettings,
  upsertSetting,
  type StoredSetting,
} from './settings.repository.ts';

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

/** The stored rows of `keys` with their times, unparsed (a key never stored is absent: it reads as its default). */
export async function readStoredSettings(db: DbOrTx, keys: readonly string[]): Promise<Map<string, StoredSetting>> {
  return selectStoredSettings(db, keys);
}

/** Locks one setting row (when it exists) and returns it, so two changes of the same key serialise. */
export async function lockStoredSetting(db: DbOrTx, key: string): Promise<StoredSetting | null> {
  return lockSetting(db, key);
}

/** Stores a value (insert or replace) at `at`; the settings trigger bumps reference_version in the same transaction. */
export async function storeSetting(db: DbOrTx, input: { key: string; value: unknown; at: Date }): Promise<void> {
  await upsertSetting(db, input);
}

/** Replaces a stored value that exists (a start-up step re-writing its own internal setting, e.g. sealing it). */
export async function replaceStoredSetting(db: DbOrTx, key: string, value: unknown): Promise<void> {
  await replaceSettingValue(db, key, value);
}
