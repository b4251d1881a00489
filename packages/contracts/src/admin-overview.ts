import { z } from 'zod';
import { NoPayloadSchema } from './common.ts';
import { MoneyStringSchema } from './money-schemas.ts';

/**
 * The operator console's overview (`adminoverview`, support): every amount is in the system currency as a decimal
 * string; days are the operator's calendar (TUZO_TIMEZONE). `days` holds exactly 30 buckets, oldest first, ending
 * today; a day without activity is there with zeros. "This week" starts on Monday (operator's calendar). Closed days
 * are computed once and kept (overview_days); today is counted live.
 */
export const AdminOverviewPayloadSchema = NoPayloadSchema;
export type AdminOverviewPayload = z.infer<typeof AdminOverviewPayloadSchema>;

export const OVERVIEW_DAYS = 30;

/** What a day and a period both count. */
const OVERVIEW_FIGURES = {
  joined: z.number().int(),
  activations: z.number().int(),
  /** Completed deposits, by the day they were credited. */
  deposits: MoneyStringSchema,
  deposits_count: z.number().int(),
  /** Withdrawals paid that day (completed by an operator's decision), amount the members receive. */
  withdrawals: MoneyStringSchema,
  withdrawals_count: z.number().int(),
};

export const AdminOverviewDaySchema = z.object({
  day: z.string(),
  ...OVERVIEW_FIGURES,
  /** Task pay (kinds youtube, tiktok, ads, trivia) from house:tasks. */
  tasks: z.object({ youtube: MoneyStringSchema, tiktok: MoneyStringSchema, ads: MoneyStringSchema, trivia: MoneyStringSchema }),
});
export type AdminOverviewDay = z.infer<typeof AdminOverviewDaySchema>;

export const AdminOverviewPeriodSchema = z.object({
  ...OVERVIEW_FIGURES,
  task_payouts: MoneyStringSchema,
});
export type AdminOverviewPeriod = z.infer<typeof AdminOverviewPeriodSchema>;

export const AdminOverviewDataSchema = z.object({
  currency: z.string(),
  time_zone: z.string(),
  today: z.string(),
  week_start: z.string(),
  /** Members without the house account. Dormant = not activated (inactive or suspended), as on the team page. */
  members: z.object({
    total: z.number().int(),
    active: z.number().int(),
    dormant: z.number().int(),
    suspended: z.number().int(),
    by_country: z.array(
      z.object({
        country: z.string(),
        abbreviation: z.string(),
        total: z.number().int(),
        active: z.number().int(),
        dormant: z.number().int(),
        suspended: z.number().int(),
      }),
    ),
  }),
  totals: z.object({ today: AdminOverviewPeriodSchema, week: AdminOverviewPeriodSchema }),
  pending_withdrawals: z.object({ count: z.number().int(), amount: MoneyStringSchema }),
  /** Commission, bonus, task, trivia and spin winnings credited, net of reversals (member_totals). */
  top_earners: z.array(z.object({ username: z.string(), country: z.string(), status: z.string(), earned: MoneyStringSchema })),
  spins: z.object({
    casino_count: z.number().int(),
    casino_stakes: MoneyStringSchema,
    casino_wins: MoneyStringSchema,
    /** Percent of the stakes paid back ("91.37"); null before any stake. */
    realised_return: z.string().nullable(),
    /** The published wheel's expected return in percent ("92.00"). */
    expected_return: z.string(),
    /** Free spins that paid a prize (a prize of 0 moves nothing). */
    free_paid_count: z.number().int(),
    free_prizes: MoneyStringSchema,
    /** Stakes in minus casino wins and free prizes out: positive means the house is ahead. */
    house_result: MoneyStringSchema,
  }),
  days: z.array(AdminOverviewDaySchema),
});
export type AdminOverviewData = z.infer<typeof AdminOverviewDataSchema>;
