import { z } from 'zod';
import { pagedAnswer, pagedPayload } from './common.ts';
import { parseAmountToMinor } from './money.ts';
import { MoneyStringSchema } from './money-schemas.ts';
import { RequiredAmountSchema } from './wallets.ts';

/**
 * Spins: the free wheel (once per member, prizes are amounts in the system currency) and the casino wheel (a stake
 * times a multiplier). Both draw provably fairly: HMAC-SHA256(server seed, "client seed:nonce") mapped onto the
 * wheel's weights by `pickSegment`, which the server draws with and the browser verifies with
 * (docs/decisions/014-spin-odds.md).
 */

/** Spec part 2 section 9: the spin wallets, '1' Jumbo ("Jumbo Balance") and '2' Deposit. */
export const SPIN_ACCOUNTS = { '1': 'balance', '2': 'deposit' } as const;
export type SpinAccount = keyof typeof SPIN_ACCOUNTS;
export const SPIN_ACCOUNT_LABELS: Record<SpinAccount, string> = { '1': 'Jumbo Balance', '2': 'Deposit' };

export const SPIN_KINDS = ['free', 'casino'] as const;
export type SpinKind = (typeof SPIN_KINDS)[number];

export const SPIN_MESSAGES = {
  selectAccount: 'Please select an account',
  insufficient: 'Insufficient balance',
  failed: 'Spin failed',
  network: 'Network error. Please try again.',
  freeUsed: 'You have already used your free spin',
  casinoDisabled: 'Casino spins are not available in your country',
  ageRequired: 'Please confirm that you are 18 or older before your first casino spin',
  noHistory: 'No spins yet',
} as const;

/** Spec part 2 section 5: 'Minimum stake is {min} {currency}'. */
export function minimumStakeMessage(minimum: string, currency: string): string {
  return `Minimum stake is ${minimum} ${currency}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Wheel tables (operator settings) and the pure draw.

/** Largest total weight of a wheel: keeps every weight sum an exact 32-bit integer for the rejection sampling below. */
export const MAX_TOTAL_WEIGHT = 1_000_000_000;

const FigureTextSchema = z
  .string()
  .regex(/^(0|[1-9]\d{0,7})(\.\d{1,2})?$/, 'Enter a figure such as 5, 0.8 or 1600')
  .refine((text) => parseAmountToMinor(text) !== null, 'Enter a figure such as 5, 0.8 or 1600');

export const SpinSegmentSettingSchema = z.object({
  figure: FigureTextSchema,
  /** Relative chance; every segment on a wheel can be drawn, so at least 1. */
  weight: z.number().int().min(1, 'Every segment needs a weight of at least 1').max(MAX_TOTAL_WEIGHT),
});
export type SpinSegmentSetting = z.infer<typeof SpinSegmentSettingSchema>;

/** A wheel: 2 to 24 segments in wheel order, total weight at most MAX_TOTAL_WEIGHT. */
export const SpinTableSchema = z
  .array(SpinSegmentSettingSchema)
  .min(2)
  .max(24)
  .refine((segments) => segments.reduce((sum, s) => sum + s.weight, 0) <= MAX_TOTAL_WEIGHT, 'The weights add up to too much');
export type SpinTable = z.infer<typeof SpinTableSchema>;

/**
 * The casino wheel: the spec's 12 multipliers in its order, weights out of 1,000,000. Expected return 92.00 % of the
 * stake (docs/decisions/014-spin-odds.md gives the reasoning).
 */
export const DEFAULT_CASINO_TABLE: SpinTable = [
  { figure: '2', weight: 90_000 },
  { figure: '5', weight: 10_000 },
  { figure: '800', weight: 3 },
  { figure: '0.8', weight: 180_000 },
  { figure: '200', weight: 20 },
  { figure: '0', weight: 139_976 },
  { figure: '0.6', weight: 120_000 },
  { figure: '0.2', weight: 80_000 },
  { figure: '0.5', weight: 100_000 },
  { figure: '1.3', weight: 160_000 },
  { figure: '1.6', weight: 120_000 },
  { figure: '1600', weight: 1 },
];

/**
 * The free wheel: the spec's 13 prizes (system currency units) in its order, weights out of 1,000,000; most spins
 * win 5 or 10, the expected prize is 16.61.
 */
export const DEFAULT_FREE_TABLE: SpinTable = [
  { figure: '0', weight: 150_380 },
  { figure: '90', weight: 15_000 },
  { figure: '50', weight: 60_000 },
  { figure: '250', weight: 1_500 },
  { figure: '75', weight: 25_000 },
  { figure: '3000', weight: 100 },
  { figure: '10', weight: 200_000 },
  { figure: '40', weight: 80_000 },
  { figure: '5', weight: 450_000 },
  { figure: '100', weight: 10_000 },
  { figure: '120', weight: 5_000 },
  { figure: '5000', weight: 20 },
  { figure: '185', weight: 3_000 },
];

/** A figure in hundredths: "0.8" -> 80n, "1600" -> 160000n (prizes: system minor units; multipliers: percent). */
export function figureHundredths(figure: string): bigint {
  const value = parseAmountToMinor(figure);
  if (value === null) throw new Error(`Not a wheel figure: ${figure}`);
  return value;
}

/**
 * Maps a draw's HMAC-SHA256 output onto a weighted wheel, exactly: the 32 bytes are read as eight big-endian 32-bit
 * words; the first word below the largest multiple of the total weight (2^32 - 2^32 mod W) picks r = word mod W,
 * and the segment is the one whose cumulative weight range holds r. Rejecting the top sliver removes the modulo bias;
 * each word is rejected with probability under W / 2^32 (2^-12 for the default wheels), so all eight
 * are rejected with probability under 2^-96; then the last word is used as it is.
 */
export function pickSegment(hmac: Uint8Array, weights: readonly number[]): number {
  if (hmac.length < 32) throw new Error('pickSegment needs the 32 bytes of an HMAC-SHA256');
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (
    !Number.isSafeInteger(total) ||
    total < 1 ||
    total > MAX_TOTAL_WEIGHT ||
    weights.some((w) => !Number.isInteger(w) || w < 1)
  ) {
    throw new Error('pickSegment needs positive integer weights');
  }
  const limit = 2 ** 32 - (2 ** 32 % total);
  let word = 0;
  for (let i = 0; i < 8; i += 1) {
    word = (hmac[4 * i] ?? 0) * 2 ** 24 + ((hmac[4 * i + 1] ?? 0) << 16) + ((hmac[4 * i + 2] ?? 0) << 8) + (hmac[4 * i + 3] ?? 0);
    if (word < limit) break;
  }
  let r = word % total;
  for (let index = 0; index < weights.length; index += 1) {
    r -= weights[index] ?? 0;
    if (r < 0) return index;
  }
  return weights.length - 1;
}

/** The HMAC message of a draw: "client seed:nonce". */
export function drawMessage(clientSeed: string, nonce: number): string {
  return `${clientSeed}:${nonce}`;
}

/** Expected return of a casino wheel, in basis points of the stake (9200 = 92.00 %), exact. */
export function expectedReturnBasisPoints(table: SpinTable): bigint {
  const total = BigInt(table.reduce((sum, s) => sum + s.weight, 0));
  const weighted = table.reduce((sum, s) => sum + figureHundredths(s.figure) * BigInt(s.weight), 0n);
  // weighted / total is in hundredths of the stake (percent); x100 for basis points, rounded half up.
  return (weighted * 100n * 2n + total) / (2n * total);
}

/** Expected prize of the free wheel in system minor units, rounded half up. */
export function expectedPrizeMinor(table: SpinTable): bigint {
  const total = BigInt(table.reduce((sum, s) => sum + s.weight, 0));
  const weighted = table.reduce((sum, s) => sum + figureHundredths(s.figure) * BigInt(s.weight), 0n);
  return (weighted * 2n + total) / (2n * total);
}

/** Basis points as a percent string: 9200n -> "92.00". */
export function formatBasisPoints(basisPoints: bigint): string {
  return `${basisPoints / 100n}.${(basisPoints % 100n).toString().padStart(2, '0')}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Actions.

const SpinAccountSchema = z.preprocess(
  (value) => (typeof value === 'number' ? String(value) : (value ?? '')),
  z.enum(['1', '2'], { error: SPIN_MESSAGES.selectAccount }),
);

/** `requestSpin`: the stake (`spin_amount`) is in the member's currency. */
export const RequestSpinPayloadSchema = z.object({
  acc: SpinAccountSchema,
  spin_amount: RequiredAmountSchema,
});
export type RequestSpinPayload = z.infer<typeof RequestSpinPayloadSchema>;

/** The next draw's seed as a member sees it: the server seed's hash, their client seed and the next nonce. */
const DRAW_SEED_FIELDS = { server_seed_hash: z.string(), client_seed: z.string(), nonce: z.number().int() };
/** The casino's minimum stake and rounds, in the member's currency. */
const CASINO_STAKE_FIELDS = { minStake: MoneyStringSchema, rounds: z.number().int(), currency: z.string() };

/** The spec's spin response, plus what the result message and the verification need. */
export const SpinDataSchema = z.object({
  /** The wheel in order: prizes in the member's currency (free) or multipliers (casino). */
  figures: z.array(z.string()),
  /** The figure that won: exactly what was credited (free) or the multiplier applied to the stake (casino). */
  default: z.string(),
  minStake: MoneyStringSchema,
  rounds: z.number().int(),
  /** Index of the winning segment in `figures`. */
  segment: z.number().int(),
  kind: z.enum(SPIN_KINDS),
  stake: MoneyStringSchema,
  win: MoneyStringSchema,
  currency: z.string(),
  ...DRAW_SEED_FIELDS,
});
export type SpinData = z.infer<typeof SpinDataSchema>;

export const SpinOddsPayloadSchema = z.object({
  kind: z.enum(SPIN_KINDS, { error: "kind must be 'free' or 'casino'" }),
});
export type SpinOddsPayload = z.infer<typeof SpinOddsPayloadSchema>;

export const SpinOddsDataSchema = z.object({
  kind: z.enum(SPIN_KINDS),
  segments: z.array(
    z.object({
      figure: z.string(),
      /** weight / total weight, for display; `weight` is the exact figure the draw uses. */
      probability: z.number(),
      weight: z.number().int(),
    }),
  ),
  total_weight: z.number().int(),
  /** Casino: expected return in percent of the stake ("92.00"); free: null (no stake). */
  expected_return: z.string().nullable(),
  /** Free: expected prize in the member's currency; casino: null. */
  expected_prize: MoneyStringSchema.nullable(),
  ...CASINO_STAKE_FIELDS,
});
export type SpinOddsData = z.infer<typeof SpinOddsDataSchema>;

/** `spinstate`: what the spin pages show before a spin (the next draw's seed hash, the guardrails). */
export const SpinStateDataSchema = z.object({
  ...DRAW_SEED_FIELDS,
  free_spin_used: z.boolean(),
  age_confirmed: z.boolean(),
  casino_disabled: z.boolean(),
  /** ISO instant of the end of a self-exclusion in force, or null. */
  excluded_until: z.string().nullable(),
  excluded_forever: z.boolean(),
  ...CASINO_STAKE_FIELDS,
});
export type SpinStateData = z.infer<typeof SpinStateDataSchema>;

export const CLIENT_SEED_PATTERN = /^[A-Za-z0-9_.-]{1,64}$/;
export const CLIENT_SEED_MESSAGE = 'Client seed: 1 to 64 letters, digits, dots, dashes or underscores';

export const SpinSeedPayloadSchema = z.object({
  client_seed: z.string({ error: CLIENT_SEED_MESSAGE }).trim().regex(CLIENT_SEED_PATTERN, CLIENT_SEED_MESSAGE).optional(),
});
export type SpinSeedPayload = z.infer<typeof SpinSeedPayloadSchema>;

export const SpinSeedDataSchema = z.object({
  /** The seed just retired, revealed, with its hash and the last nonce used (null when none was used). */
  revealed: z.object({
    server_seed: z.string(),
    server_seed_hash: z.string(),
    client_seed: z.string(),
    nonces_used: z.number().int(),
  }),
  ...DRAW_SEED_FIELDS,
});
export type SpinSeedData = z.infer<typeof SpinSeedDataSchema>;

export const SpinConsentPayloadSchema = z.object({
  /** The member's statement that they are 18 or older. */
  confirm: z.literal(true, { error: 'Please confirm that you are 18 or older' }),
});
export const SpinConsentDataSchema = z.object({ age_confirmed: z.literal(true), confirmed_at: z.string() });
export type SpinConsentData = z.infer<typeof SpinConsentDataSchema>;

export const SELF_EXCLUSION_PERIODS = ['1', '7', '30', 'forever'] as const;
export type SelfExclusionPeriod = (typeof SELF_EXCLUSION_PERIODS)[number];
export const SpinExcludePayloadSchema = z.object({
  days: z.preprocess(
    (value) => (typeof value === 'number' ? String(value) : value),
    z.enum(SELF_EXCLUSION_PERIODS, { error: "days must be 1, 7, 30 or 'forever'" }),
  ),
});
export type SpinExcludePayload = z.input<typeof SpinExcludePayloadSchema>;
export const SpinExcludeDataSchema = z.object({ excluded_until: z.string().nullable(), excluded_forever: z.boolean() });
export type SpinExcludeData = z.infer<typeof SpinExcludeDataSchema>;

export const SpinHistoryPayloadSchema = z.object(pagedPayload(20));
export type SpinHistoryPayload = z.input<typeof SpinHistoryPayloadSchema>;

export const SpinHistoryRowSchema = z.object({
  id: z.string(),
  kind: z.enum(SPIN_KINDS),
  /** In the member's currency at the time ("0.00" for a free spin). */
  stake: MoneyStringSchema,
  /** Free: the prize in the member's currency; casino: the multiplier. */
  figure: z.string(),
  win: MoneyStringSchema,
  currency: z.string(),
  server_seed_hash: z.string(),
  /** Revealed once the seed was rotated (`spinseed`); null while it is still in use. */
  server_seed: z.string().nullable(),
  client_seed: z.string(),
  nonce: z.number().int(),
  time: z.string(),
  /** The wheel as drawn (figures as the table held them: system units or multipliers) and the segment drawn. */
  table: z.array(z.object({ figure: z.string(), weight: z.number().int() })),
  segment: z.number().int(),
});
export type SpinHistoryRow = z.infer<typeof SpinHistoryRowSchema>;

export const SpinHistoryDataSchema = pagedAnswer(SpinHistoryRowSchema);
export type SpinHistoryData = z.infer<typeof SpinHistoryDataSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Verification with Web Crypto (the browser's Verify button; the server's tests run the same code on Node).

function hexToBytes(hex: string): Uint8Array<ArrayBuffer> {
  if (!/^([0-9a-f]{2})*$/i.test(hex)) throw new Error('Not a hex string');
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i += 1) bytes[i] = Number.parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return bytes;
}

function bytesToHex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Recomputes a draw from a revealed server seed: SHA-256 of the seed (to compare with the hash shown before the
 * draw) and the segment HMAC-SHA256(seed, "client seed:nonce") picks on the wheel's weights.
 */
export async function verifyDraw(input: {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
  weights: readonly number[];
}): Promise<{ serverSeedHash: string; segment: number }> {
  const subtle = globalThis.crypto.subtle;
  const seed = hexToBytes(input.serverSeed);
  const hash = new Uint8Array(await subtle.digest('SHA-256', seed));
  const key = await subtle.importKey('raw', seed, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(
    await subtle.sign('HMAC', key, new TextEncoder().encode(drawMessage(input.clientSeed, input.nonce))),
  );
  return { serverSeedHash: bytesToHex(hash), segment: pickSegment(mac, input.weights) };
}
