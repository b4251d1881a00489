import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { settings } from '../../db/schema.ts';

/**
 * The operator's settings (key -> JSON value). Every module reads and seeds them here; each module owns the meaning
 * and defaults of its own keys.
 */
/**
 * The value as JSON text, parsed here once: Drizzle's jsonb column parses a string value a second time, so a stored
 * "20.00" would come back as the number 20 and read as the default.
 */
export const settingValueText = sql<string>`${settings.value}::text`;

export async function selectSettings(db: DbOrTx, keys: readonly string[]): Promise<Map<string, unknown>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .select({ key: settings.key, value: settingValueText })
    .from(settings)
    .where(inArray(settings.key, [...keys]));
  return new Map(rows.map((row) => [row.key, JSON.parse(row.value) as unknown]));
}

export async function selectSetting(db: DbOrTx, key: string): Promise<unknown> {
  const rows = await db.select({ value: settingValueText }).from(settings).where(eq(settings.key, key)).limit(1);
  return rows[0] ? (JSON.parse(rows[0].value) as unknown) : null;
}

/** Stores the value unless the key exists (an operator's change is never overwritten); returns the stored value. */
export async function insertSettingIfMissing(db: DbOrTx, key: string, value: unknown): Promise<unknown> {
  await db.insert(settings).values({ key, value }).onConflictDoNothing({ target: settings.key });
  return selectSetting(db, key);
}

/** Replaces a stored value that exists (a start-up step re-writing its own internal setting, e.g. sealing it). */
export async function replaceSettingValue(db: DbOrTx, key: string, value: unknown): Promise<void> {
  await db.update(settings).set({ value }).where(eq(settings.key, key));
}

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
