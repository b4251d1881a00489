import { z } from 'zod';
import { NoPayloadSchema, minorAmountText } from './common.ts';
import { intId } from './primitives.ts';
import { parseAmountToMinor, parseRateToMicro } from './money.ts';
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

/**
 * Money-control settings (docs/decisions/044-four-eyes-one-person-cannot-get-round.md): anything that changes how much
 * money moves, to whom, or whether a person checks it. A change of one is a four-eyes request; the other settings
 * (links, texts, SMS hours, the wheel's animation) stay one-operator changes. Every `payouts.*`, `deposits.*` and
 * `withdrawals.*` key is money-control, including keys added later.
 */
export const MONEY_CONTROL_SETTING_KEYS: readonly string[] = [
  'four_eyes_threshold',
  'daily_target',
  'daily_reward',
  'welcome_bonus',
  'task_wallet_unlock',
  'spins.free_table',
  'spins.casino_table',
  'spins.min_stake',
  'ad_like_price',
  'ad_comment_price',
  'trivia_price',
  'casino_disabled_countries',
  'referral_disabled_countries',
  // Switching multi-account signals off (or loosening them) decides whether commissions are held (decision 061).
  'fraud',
];

export function isMoneyControlSetting(key: string): boolean {
  return MONEY_CONTROL_SETTING_KEYS.includes(key) || /^(payouts|deposits|withdrawals)\./.test(key);
}

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

export const AdminSettingsPayloadSchema = NoPayloadSchema;
export type AdminSettingsPayload = z.infer<typeof AdminSettingsPayloadSchema>;

export const AdminSettingRowSchema = z.object({
  key: z.string(),
  description: z.string(),
  value: JsonValueSchema,
  default: JsonValueSchema,
  /** When an operator (or the seed) last stored it; null while it is the default. */
  updated_at: z.string().nullable(),
  /** A money-control setting: a change is a request a second operator approves (decision 044). */
  is_four_eyes: z.boolean(),
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
/** What the console sends: the key and its new value, any JSON the key's registry schema then checks. */
export type AdminSettingInput = z.input<typeof AdminSettingPayloadSchema>;

export const AdminSettingDataSchema = AdminSettingRowSchema;
export type AdminSettingData = z.infer<typeof AdminSettingDataSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Countries, fee rows and tariff brackets (`admincountries`, `admincountry`).

/** An amount in the country's own currency as a decimal string ("500", "12.50"); zero allowed. */
const LocalAmountSchema = minorAmountText('Enter an amount such as 100.00', { required: 'Enter an amount such as 100.00' });
const RateSchema = z
  .string({ error: 'Enter a rate such as 1 or 28.5' })
  .trim()
  .refine((text) => parseRateToMicro(text) !== null, 'Enter a rate above 0 with at most 6 decimals, such as 1 or 28.5');

export const FEE_FIELDS = ['creg', 'fl1', 'fl2', 'fl3', 'cbonus', 'min_with'] as const;
export type FeeField = (typeof FEE_FIELDS)[number];
export const FEE_FIELD_LABELS: Record<FeeField, string> = {
  creg: 'Activation fee',
  fl1: 'Level 1 commission',
  fl2: 'Level 2 commission',
  fl3: 'Level 3 commission',
  cbonus: 'Sign-up bonus',
  min_with: 'Minimum withdrawal',
};

export const AdminCountryFeesSchema = z.object({
  creg: LocalAmountSchema,
  fl1: LocalAmountSchema,
  fl2: LocalAmountSchema,
  fl3: LocalAmountSchema,
  cbonus: LocalAmountSchema,
  min_with: LocalAmountSchema,
});
export type AdminCountryFees = z.infer<typeof AdminCountryFeesSchema>;

export const AdminTariffBracketSchema = z.object({ min: LocalAmountSchema, max: LocalAmountSchema, tariff: LocalAmountSchema });
export type AdminTariffBracket = z.infer<typeof AdminTariffBracketSchema>;

/** The first problem of a bracket list (replaced as a whole): each min <= max, and no two ranges overlap. */
export function tariffProblem(brackets: readonly AdminTariffBracket[]): string | null {
  const ranges = brackets.map((b, index) => ({
    index,
    min: parseAmountToMinor(b.min) ?? 0n,
    max: parseAmountToMinor(b.max) ?? 0n,
  }));
  for (const range of ranges) {
    if (range.min > range.max) return `Bracket ${range.index + 1}: the minimum is above the maximum`;
  }
  const sorted = [...ranges].sort((a, b) => (a.min < b.min ? -1 : a.min > b.min ? 1 : 0));
  for (let i = 1; i < sorted.length; i += 1) {
    const previous = sorted[i - 1]!;
    const current = sorted[i]!;
    if (current.min <= previous.max) return `Brackets ${previous.index + 1} and ${current.index + 1} overlap`;
  }
  return null;
}

export const AdminCountriesPayloadSchema = NoPayloadSchema;
export const AdminCountryRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  abbreviation: z.string(),
  currency: z.string(),
  rate: z.string(),
  enabled: z.boolean(),
  is_default: z.boolean(),
  fees: AdminCountryFeesSchema.nullable(),
  tariff: z.array(AdminTariffBracketSchema),
});
export type AdminCountryRow = z.infer<typeof AdminCountryRowSchema>;
export const AdminCountriesDataSchema = z.object({ countries: z.array(AdminCountryRowSchema) });
export type AdminCountriesData = z.infer<typeof AdminCountriesDataSchema>;

/** `admincountry`: a country's rate, switch, fee row and tariff brackets, all replaced together. */
export const AdminCountryPayloadSchema = z
  .object({
    id: intId('id is required'),
    rate: RateSchema,
    enabled: z.boolean({ error: 'enabled must be true or false' }),
    fees: AdminCountryFeesSchema,
    tariff: z.array(AdminTariffBracketSchema).max(50, 'At most 50 brackets'),
  })
  .superRefine((value, ctx) => {
    const problem = tariffProblem(value.tariff);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['tariff'] });
  });
export type AdminCountryPayload = z.infer<typeof AdminCountryPayloadSchema>;
export const AdminCountryDataSchema = AdminCountryRowSchema;

// ---------------------------------------------------------------------------------------------------------------
// Task days (`admintaskdays`, `admintaskday`): the weekdays each task kind runs on (0 Sunday .. 6 Saturday).

export const ADMIN_TASK_KINDS = ['youtube', 'tiktok', 'ads', 'trivia'] as const;
export const AdminTaskScheduleSchema = z.object({
  kind: z.enum(ADMIN_TASK_KINDS, { error: 'kind must be youtube, tiktok, ads or trivia' }),
  weekdays: z
    .array(z.number().int().min(0, 'Weekdays are 0 (Sunday) to 6 (Saturday)').max(6, 'Weekdays are 0 (Sunday) to 6 (Saturday)'))
    .min(1, 'Pick at least one day')
    .max(7)
    .refine((days) => new Set(days).size === days.length, 'Each day once'),
});
export type AdminTaskSchedule = z.infer<typeof AdminTaskScheduleSchema>;
export const AdminTaskDaysPayloadSchema = NoPayloadSchema;
export const AdminTaskDaysDataSchema = z.object({ schedules: z.array(AdminTaskScheduleSchema) });
export type AdminTaskDaysData = z.infer<typeof AdminTaskDaysDataSchema>;
export const AdminTaskDayPayloadSchema = AdminTaskScheduleSchema;
export type AdminTaskDayPayload = z.infer<typeof AdminTaskDayPayloadSchema>;
export const AdminTaskDayDataSchema = AdminTaskScheduleSchema;
