import { z } from 'zod';
import { minorAmountText } from './common.ts';
import { ProcedureSchema } from './deposits.ts';
import { FRAUD_SETTING } from './fraud.ts';
import { DEFAULT_PAYOUT_LIMITS, PayoutLimitsSchema, PayoutProvidersSchema } from './payouts.ts';
import {
  DEFAULT_PAYOUT_AUTO_PAY_SETTINGS,
  DEFAULT_PAYOUT_RISK_SETTINGS,
  PayoutAutoPaySettingsSchema,
  PayoutRiskSettingsSchema,
} from './payout-risk.ts';
import { DEFAULT_CASINO_TABLE, DEFAULT_FREE_TABLE, SpinTableSchema } from './spins.ts';

/**
 * The settings registry: every operator setting the server reads, with its schema, default and description. The
 * server, the seed and the operator console read and write settings only through it, so a key cannot be misspelt
 * and a stored value that no longer fits its schema falls back to the default instead of reaching a rule.
 *
 * Amounts are decimal strings in the system currency ("100.00"), never JSON numbers.
 */
const SystemAmountSchema = minorAmountText('Enter an amount such as 100.00', { trim: false });
/**
 * A link members open or the app builds on: https only (ASVS 14.4 / 5.1.4), so an operator cannot send members to a
 * plain-http page, a `javascript:` URL or any other scheme.
 */
const LinkSchema = z
  .string({ error: 'Enter a full link starting with https://' })
  .trim()
  .max(500, 'Links are at most 500 characters')
  .pipe(z.url({ protocol: /^https$/i, error: 'Enter a full link starting with https:// (http and other links are refused)' }));

export interface SettingDefinition<TSchema extends z.ZodType = z.ZodType> {
  schema: TSchema;
  default: z.output<TSchema>;
  description: string;
  /** Who may see it: `operator` settings appear in the console; `internal` ones (generated secrets) never do. */
  visibility: 'operator' | 'internal';
}

/** A line added to SMS (the opt-out instruction): 5 to 60 plain ASCII characters, so GSM-7. */
const SMS_LINE = /^[ -~]{5,60}$/;
const SMS_LINE_RULE = '5 to 60 plain letters, digits and ASCII signs (GSM-7)';

function define<TSchema extends z.ZodType>(definition: SettingDefinition<TSchema>): SettingDefinition<TSchema> {
  return definition;
}

export const SETTINGS = {
  grouplink: define({
    schema: LinkSchema,
    default: 'https://chat.whatsapp.com/tuzo-demo',
    description: 'The WhatsApp group link every member sees.',
    visibility: 'operator',
  }),
  customer_care: define({
    schema: LinkSchema,
    default: 'https://wa.me/254700000000',
    description: 'The customer care link every member sees.',
    visibility: 'operator',
  }),
  daily_target: define({
    schema: z.number().int().min(1).max(1000),
    default: 5,
    description: 'Daily bonus target: level-1 members activated in one operator day.',
    visibility: 'operator',
  }),
  daily_reward: define({
    schema: SystemAmountSchema,
    default: '100.00',
    description: 'Daily bonus reward, system currency, paid into Jumbo.',
    visibility: 'operator',
  }),
  welcome_bonus: define({
    schema: SystemAmountSchema,
    default: '100.00',
    description: 'Welcome bonus, system currency, paid into Jumbo once a member has 15 active level-1 members.',
    visibility: 'operator',
  }),
  task_wallet_unlock: define({
    schema: SystemAmountSchema,
    default: '1000.00',
    description: 'The YouTube, TikTok and Ads wallets can be withdrawn from once they hold at least this (system currency).',
    visibility: 'operator',
  }),
  four_eyes_threshold: define({
    schema: SystemAmountSchema,
    default: '10000.00',
    description:
      'Four-eyes: a wallet adjustment, manual deposit, code credited by hand or withdrawal approval above this amount (system currency) waits for a second operator.',
    visibility: 'operator',
  }),
  'deposits.limits': define({
    schema: z.object({ stkpushMax: SystemAmountSchema, flutterwaveMax: SystemAmountSchema }),
    default: { stkpushMax: '250000.00', flutterwaveMax: '1000000.00' },
    description: 'Largest single deposit by STK push and by payment link, in the member’s currency.',
    visibility: 'operator',
  }),
  'deposits.procedures': define({
    schema: z.record(z.string().regex(/^[A-Z]{2,3}$/), z.record(z.string().min(1).max(60), ProcedureSchema)),
    // Seeded from the configuration (the M-Pesa shortcode appears in the steps); see the deposits start-up step.
    default: {},
    description: 'Manual deposit procedures per country abbreviation and method: steps, pay-to line, help line.',
    visibility: 'operator',
  }),
  public_site_url: define({
    schema: z.union([z.literal(''), LinkSchema]),
    default: '',
    description:
      'The public site address affiliate links start with ({address}/reg/{username}); empty uses this app’s own address.',
    visibility: 'operator',
  }),
  'hooks.mpesa_callback_secret': define({
    schema: z.string().min(16),
    default: '',
    description: 'Generated once (sealed under TUZO_SECRET_KEY): the unguessable path segment of the M-Pesa callback URLs.',
    visibility: 'internal',
  }),
  'hooks.sms_forwarder_secret': define({
    schema: z.string().min(16),
    default: '',
    description: 'Generated once (sealed under TUZO_SECRET_KEY): the shared secret of the SMS-forwarder webhook.',
    visibility: 'internal',
  }),
  'hooks.sms_delivery_secret': define({
    schema: z.string().min(16),
    default: '',
    description: 'Generated once (sealed under TUZO_SECRET_KEY): the unguessable path segment of the SMS delivery report URL.',
    visibility: 'internal',
  }),
  'sms.promotion_hours': define({
    schema: z
      .object({ start: z.number().int().min(0).max(23), end: z.number().int().min(1).max(24) })
      .refine((hours) => hours.start < hours.end, 'The start hour must come before the end hour'),
    default: { start: 8, end: 18 },
    description: 'Promotional SMS go only between these hours (the operator’s time zone), and only to members who opted in.',
    visibility: 'operator',
  }),
  'sms.opt_out_instruction': define({
    schema: z.object({
      en: z.string().trim().regex(SMS_LINE, SMS_LINE_RULE),
      sw: z.string().trim().regex(SMS_LINE, SMS_LINE_RULE),
    }),
    default: { en: 'To opt out, dial *456*9*5#.', sw: 'Kuacha kupokea ujumbe huu, piga *456*9*5#.' },
    description: 'How to stop promotional SMS, in each language; it must work for the sender id (decision 057).',
    visibility: 'operator',
  }),
  'spins.free_table': define({
    schema: SpinTableSchema,
    default: DEFAULT_FREE_TABLE,
    description: 'Free wheel, in wheel order: prizes (system currency) and weights (every weight at least 1).',
    visibility: 'operator',
  }),
  'spins.casino_table': define({
    schema: SpinTableSchema,
    default: DEFAULT_CASINO_TABLE,
    description: 'Casino wheel, in wheel order: multipliers of the stake and weights; the expected return is published.',
    visibility: 'operator',
  }),
  'spins.min_stake': define({
    schema: SystemAmountSchema,
    default: '20.00',
    description: 'Smallest casino stake, system currency.',
    visibility: 'operator',
  }),
  'spins.rounds': define({
    schema: z.number().int().min(1).max(20),
    default: 5,
    description: 'Full turns the wheel makes before it stops on the winning segment.',
    visibility: 'operator',
  }),
  ad_like_price: define({
    schema: SystemAmountSchema,
    default: '2.00',
    description: 'What a like of an ad on show pays into the Ads wallet, once per ad per member per day (system currency).',
    visibility: 'operator',
  }),
  ad_comment_price: define({
    schema: SystemAmountSchema,
    default: '3.00',
    description: 'What a comment on an ad on show pays into the Ads wallet, once per ad per member per day (system currency).',
    visibility: 'operator',
  }),
  casino_disabled_countries: define({
    schema: z.array(z.string().regex(/^[A-Z]{2,3}$/)).max(300),
    default: [],
    description: 'Country abbreviations where casino spins are switched off.',
    visibility: 'operator',
  }),
  trivia_price: define({
    schema: SystemAmountSchema,
    default: '2.00',
    description: 'Trivia: paid into Jumbo for each correct answer (system currency).',
    visibility: 'operator',
  }),
  referral_disabled_countries: define({
    schema: z.array(z.string().regex(/^[A-Z]{2,3}$/, 'Use country abbreviations such as KE')).max(300),
    default: [],
    description: 'Country abbreviations where referral commissions are switched off: activating there pays no upline.',
    visibility: 'operator',
  }),
  banner_text: define({
    schema: z.string().trim().max(300, 'The banner text is at most 300 characters'),
    default: 'Claim your daily bonus and share your link to earn more.',
    description: 'The announcement every member sees at the top of the app; empty hides it.',
    visibility: 'operator',
  }),
  'payouts.providers': define({
    schema: PayoutProvidersSchema,
    default: { KE: 'mpesa_b2c' },
    description:
      'How approved withdrawals are paid, per country abbreviation: mpesa_b2c (M-Pesa B2C), flutterwave (a Flutterwave transfer) or manual (paid by hand; approving marks the withdrawal Completed). A country not listed is manual.',
    visibility: 'operator',
  }),
  'payouts.limits': define({
    schema: PayoutLimitsSchema,
    default: DEFAULT_PAYOUT_LIMITS,
    description:
      'Payout limits per provider, in the currency paid: smallest payment, largest payment and most paid to one member in a day (M-Pesa B2C defaults are Daraja’s published KES 10, 250,000 and 500,000).',
    visibility: 'operator',
  }),
  'payouts.result_timeout_seconds': define({
    schema: z.number().int().min(30).max(86_400),
    default: 300,
    description:
      'A payout with no result this many seconds after it was sent becomes unknown and is asked about with the provider (never re-sent, never refunded on a guess).',
    visibility: 'operator',
  }),
  'payouts.low_balance_alert': define({
    schema: SystemAmountSchema,
    default: '10000.00',
    description: 'Alert the operators when the M-Pesa utility balance (or Flutterwave balance) reported falls below this.',
    visibility: 'operator',
  }),
  'payouts.risk': define({
    schema: PayoutRiskSettingsSchema,
    default: DEFAULT_PAYOUT_RISK_SETTINGS,
    description:
      'Risk flags that hold a withdrawal for an operator: more withdrawals in one day than max_withdrawals_per_day, or a withdrawal within adjustment_window_hours of an adjustment crediting at least large_adjustment (system currency), or within upline_change_window_hours of an upline change (0 turns a window off). A payout to another member’s phone, or to an M-Pesa name already paid for another member, is always flagged.',
    visibility: 'operator',
  }),
  'payouts.phone_change_hold_hours': define({
    schema: z.number().int().min(0).max(720),
    default: 72,
    description:
      'After a member’s phone number changes (confirmed by the code sent to the new phone, or an operator’s approved change), the member cannot request a withdrawal for this many hours; withdrawals already pending are flagged for an operator (0 turns the hold off).',
    visibility: 'operator',
  }),
  'payouts.auto_pay': define({
    schema: PayoutAutoPaySettingsSchema,
    default: DEFAULT_PAYOUT_AUTO_PAY_SETTINGS,
    description:
      'Auto-pay (off by default): when enabled, a withdrawal below below_amount (system currency, never above the four-eyes threshold) by a member active for more than min_active_days, with fewer than max_per_day payouts today and no open risk flag, is approved and paid with no operator.',
    visibility: 'operator',
  }),
  fraud: define(FRAUD_SETTING),
} as const satisfies Record<string, SettingDefinition>;

export type SettingKey = keyof typeof SETTINGS;
export type SettingValue<K extends SettingKey> = z.output<(typeof SETTINGS)[K]['schema']>;
export type SettingValues<K extends SettingKey> = { [P in K]: SettingValue<P> };
export const SETTING_KEYS = Object.keys(SETTINGS) as SettingKey[];

export function isSettingKey(key: string): key is SettingKey {
  return Object.hasOwn(SETTINGS, key);
}

/** A stored JSON value read through its schema: a value that does not fit falls back to the default. */
export function readSettingValue<K extends SettingKey>(key: K, stored: unknown): SettingValue<K> {
  const definition = SETTINGS[key] as SettingDefinition;
  if (stored === undefined || stored === null) return definition.default as SettingValue<K>;
  const parsed = definition.schema.safeParse(stored);
  return (parsed.success ? parsed.data : definition.default) as SettingValue<K>;
}
