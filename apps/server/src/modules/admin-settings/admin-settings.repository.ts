import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { settings } from '../../db/schema.ts';
import { settingValueText } from '../settings/settings.repository.ts';

export interface StoredSetting {
  value: unknown;
  updatedAt: Date;
}

/** The stored rows of `keys` (a key never stored is absent: it reads as its default). */
export async function selectStoredSettings(db: DbOrTx, keys: readonly string[]): Promise<Map<string, StoredSetting>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .select({ key: settings.key, value: settingValueText, updatedAt: settings.updatedAt })
    .from(settings)
    .where(inArray(settings.key, [...keys]));
  return new Map(rows.map((row) => [row.key, { value: JSON.parse(row.value) as unknown, updatedAt: row.updatedAt }]));
}

/** Locks one setting row (when it exists) so two operators' changes of the same key serialise. */
export async function lockSetting(db: DbOrTx, key: string): Promise<StoredSetting | null> {
  const rows = await db
    .select({ value: settingValueText, updatedAt: settings.updatedAt })
    .from(settings)
    .where(sql`${settings.key} = ${key}`)
    .for('update')
    .limit(1);
  const row = rows[0];
  return row ? { value: JSON.parse(row.value) as unknown, updatedAt: row.updatedAt } : null;
}

/** Stores a value (insert or replace); the settings trigger bumps reference_version in the same transaction. */
export async function upsertSetting(db: DbOrTx, input: { key: string; value: unknown; at: Date }): Promise<void> {
  await db
    .insert(settings)
    .values({ key: input.key, value: input.value, updatedAt: input.at })
    .onConflictDoUpdate({ target: settings.key, set: { value: input.value, updatedAt: input.at } });
}
