import { z } from 'zod';
import { isSettingKey, SETTINGS, type SettingDefinition, type SettingKey } from './settings.ts';
import { expectedReturnBasisPoints, formatBasisPoints, type SpinTable } from './spins.ts';

/**
 * The operator console's settings screen (apps/web/src/features/admin-settings). Every value is read and written
 * through the settings registry (settings.ts): the key must be a registry key the console may see, and the value must
 * fit that key's schema. The casino wheel also has to keep its expected return inside the bounds decision 014 states.
 */

/** Casino expected return bounds in basis points of the stake (docs/decisions/014-spin-odds.md: 90-95 %). */
export const CASINO_RETURN_BOUNDS = { minBasisPoints: 9000n, maxBasisPoints: 9500n } as const;

/** The keys the console shows (visibility `operator`), in registry order. */
export const OPERATOR_SETTING_KEYS = (Object.keys(SETTINGS) as SettingKey[]).filter(
  (key) => (SETTINGS[key] as SettingDefinition).visibility === 'operator',
);

/** The casino table's expected return as a message part when it is out of bounds, else null. */
export function casinoReturnProblem(table: SpinTable): string | null {
  const basisPoints = expectedReturnBasisPoints(table);
  const { minBasisPoints, maxBasisPoints } = CASINO_RETURN_BOUNDS;
  if (basisPoints >= minBasisPoints && basisPoints <= maxBasisPoints) return null;
  return `The casino wheel's expected return is ${formatBasisPoints(basisPoints)} %; it must stay between ${formatBasisPoints(minBasisPoints)} % and ${formatBasisPoints(maxBasisPoints)} % of the stake`;
}

export type SettingCheck = { ok: true; key: SettingKey; value: unknown } | { ok: false; message: string };

/** Checks one operator setting change against the registry; the message names the setting and the first problem. */
export function checkSettingChange(key: string, value: unknown): SettingCheck {
  if (!isSettingKey(key) || (SETTINGS[key] as SettingDefinition).visibility !== 'operator') {
    return { ok: false, message: `There is no setting called ${key}` };
  }
  const parsed = (SETTINGS[key] as SettingDefinition).schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? ` (at ${issue.path.join('.')})` : '';
    return { ok: false, message: `${key}: ${issue?.message ?? 'invalid value'}${where}` };
  }
  if (key === 'spins.casino_table') {
    const problem = casinoReturnProblem(parsed.data as SpinTable);
    if (problem) return { ok: false, message: problem };
  }
  return { ok: true, key, value: parsed.data };
}

const JsonValueSchema = z.unknown();

export const AdminSettingsPayloadSchema = z.object({});
export type AdminSettingsPayload = z.infer<typeof AdminSettingsPayloadSchema>;

export const AdminSettingRowSchema = z.object({
  key: z.string(),
  description: z.string(),
  value: JsonValueSchema,
  default: JsonValueSchema,
  /** When an operator (or the seed) last stored it; null while it is the default. */
  updated_at: z.string().nullable(),
});
export type AdminSettingRow = z.infer<typeof AdminSettingRowSchema>;

export const AdminSettingsDataSchema = z.object({
  settings: z.array(AdminSettingRowSchema),
  casino_return_bounds: z.object({ min: z.string(), max: z.string() }),
});
export type AdminSettingsData = z.infer<typeof AdminSettingsDataSchema>;

/** `adminsetting`: one setting's new value (the registry schema of `key` checks it on the server). */
export const AdminSettingPayloadSchema = z.object({
  key: z.string({ error: 'key is required' }).trim().min(1, 'key is required').max(100),
  value: JsonValueSchema.refine((value) => value !== undefined, 'value is required'),
});
export type AdminSettingPayload = z.infer<typeof AdminSettingPayloadSchema>;

export const AdminSettingDataSchema = AdminSettingRowSchema;
export type AdminSettingData = z.infer<typeof AdminSettingDataSchema>;
