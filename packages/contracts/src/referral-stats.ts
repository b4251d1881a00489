import { z } from 'zod';
import { MoneyStringSchema } from './money-schemas.ts';

/**
 * A member's own referral numbers (issue 26 part 5, decision 060): what their affiliate link brought, per operator day
 * for the last REFERRAL_STATS_DAYS days. Visits are counted without storing anything about the visitor: one counter
 * per sponsor and day.
 */
export const REFERRAL_STATS_DAYS = 30;

/** `referralvisit` (public): the sign-up page was opened through `/reg/{ref}`; `ref` is the sponsor's username. */
export const ReferralVisitPayloadSchema = z.object({
  ref: z
    .string()
    .trim()
    .min(1, 'ref is required')
    .max(40, 'ref is at most 40 characters')
    .regex(/^[A-Za-z0-9_]+$/, 'Username can only contain letters, numbers, and underscores'),
});
export type ReferralVisitPayload = z.infer<typeof ReferralVisitPayloadSchema>;

/** One operator day of the link's results. */
export const ReferralStatsDaySchema = z.object({
  /** The operator day, YYYY-MM-DD. */
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  /** Openings of the sign-up page through the member's link. */
  visits: z.number().int().min(0),
  /** Members who joined with this member as their sponsor (level 1). */
  signups: z.number().int().min(0),
  /** Activations of level-1 members. */
  activations: z.number().int().min(0),
  /** Commissions credited to the member (all three levels) net of reversals, in their currency. */
  commissions: MoneyStringSchema,
});
export type ReferralStatsDay = z.infer<typeof ReferralStatsDaySchema>;

/** `referralstats` (GET): the last 30 operator days, oldest first, today last. */
export const ReferralStatsDataSchema = z.object({
  currency: z.string(),
  days: z.array(ReferralStatsDaySchema).length(REFERRAL_STATS_DAYS),
});
export type ReferralStatsData = z.infer<typeof ReferralStatsDataSchema>;
