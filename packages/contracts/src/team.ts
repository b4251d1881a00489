import { z } from 'zod';
import { MoneyStringSchema } from './money-schemas.ts';

/**
 * Team: the member's downline over three levels (business rules, "Team"; spec part 2, "Team" and section 7).
 * Active means an activated account; dormant is everyone else on that level (inactive or suspended).
 */
export const TEAM_LEVELS = [1, 2, 3] as const;
export type TeamLevel = (typeof TEAM_LEVELS)[number];

export const TEAM_PAGE_LIMIT_DEFAULT = 50;
export const TEAM_PAGE_LIMIT_MAX = 100;
/** Longest search text accepted: names, phones and dates are all far shorter. */
export const TEAM_SEARCH_MAX = 60;

export const TEAM_MESSAGES = {
  noData: 'No team data available',
  noMatch: 'No team members found',
  failed: 'Failed to fetch team data',
  loadFailed: 'Failed to load downline data',
  copied: 'Link copied to clipboard!',
  copyFailed: 'Failed to copy link!',
  badLevel: 'level must be 1, 2 or 3',
} as const;

/** One level of `allmyDownlines`. */
export const DownlineCountsSchema = z.object({
  total: z.number().int().min(0),
  active: z.number().int().min(0),
  dormant: z.number().int().min(0),
});
export type DownlineCounts = z.infer<typeof DownlineCountsSchema>;

/** `allmyDownlines` (GET): nine counts. */
export const AllMyDownlinesDataSchema = z.object({
  l1: DownlineCountsSchema,
  l2: DownlineCountsSchema,
  l3: DownlineCountsSchema,
});
export type AllMyDownlinesData = z.infer<typeof AllMyDownlinesDataSchema>;

/** The level of the query string: `level=1`, as the spec's client sends the number after "level-". */
export const TeamLevelSchema = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim() : value),
  z.coerce
    .number({ error: TEAM_MESSAGES.badLevel })
    .int(TEAM_MESSAGES.badLevel)
    .min(1, TEAM_MESSAGES.badLevel)
    .max(3, TEAM_MESSAGES.badLevel),
) as z.ZodType<TeamLevel, unknown>;

export const TEAM_STATUS_FILTERS = ['all', 'active', 'dormant'] as const;
export type TeamStatusFilter = (typeof TEAM_STATUS_FILTERS)[number];

/** The status filter, compared case-insensitively as the spec's filter does; missing means all. */
export const TeamStatusFilterSchema = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim().toLowerCase() || undefined : value),
  z.enum(TEAM_STATUS_FILTERS, { error: 'status must be all, active or dormant' }).default('all'),
);

/** `myDownlines` (GET): one level, searched and paged on the server. */
export const MyDownlinesPayloadSchema = z.object({
  level: TeamLevelSchema,
  q: z
    .string({ error: 'q must be text' })
    .trim()
    .max(TEAM_SEARCH_MAX, `Search text is at most ${TEAM_SEARCH_MAX} characters`)
    .optional()
    .transform((value) => value || undefined),
  status: TeamStatusFilterSchema,
  page: z.coerce
    .number({ error: 'page must be a whole number' })
    .int('page must be a whole number')
    .min(1, 'page must be at least 1')
    .max(100_000)
    .default(1),
  limit: z.coerce
    .number({ error: 'limit must be a whole number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(TEAM_PAGE_LIMIT_MAX, `limit is at most ${TEAM_PAGE_LIMIT_MAX}`)
    .default(TEAM_PAGE_LIMIT_DEFAULT),
});
export type MyDownlinesPayload = z.input<typeof MyDownlinesPayloadSchema>;
export type MyDownlinesQuery = z.output<typeof MyDownlinesPayloadSchema>;

export const TeamMemberStatusSchema = z.enum(['Active', 'Dormant', 'Suspended']);
export type TeamMemberStatus = z.infer<typeof TeamMemberStatusSchema>;

/**
 * One team member. Phone is in full on level 1 (the member's own recruits) and masked except its last three digits
 * on levels 2 and 3. Upline is present on levels 2 and 3 only. Earned is the commission this member's activation paid
 * the viewer (net of reversals), Deposited their completed deposits; both in the viewer's currency.
 */
export const TeamMemberRowSchema = z.object({
  Name: z.string(),
  Phone: z.string(),
  Status: TeamMemberStatusSchema,
  Country: z.string(),
  Earned: MoneyStringSchema,
  Upline: z.string().optional(),
  Deposited: MoneyStringSchema,
  /** "YYYY-MM-DD HH:mm" in the operator's time zone: the text the search matches. */
  Joined: z.string(),
});
export type TeamMemberRow = z.infer<typeof TeamMemberRowSchema>;

/** Counts and Earned are for the whole level; data, page and pages for the search and filter asked. */
export const MyDownlinesDataSchema = z.object({
  Level: z.string(),
  active: z.number().int().min(0),
  inactive: z.number().int().min(0),
  total: z.number().int().min(0),
  Currency: z.string(),
  Earned: MoneyStringSchema,
  data: z.array(TeamMemberRowSchema),
  page: z.number().int().min(1),
  pages: z.number().int().min(0),
});
export type MyDownlinesData = z.infer<typeof MyDownlinesDataSchema>;

/** `affiliatelink` (GET): `{public site url}/reg/{username}`. */
export const AffiliateLinkDataSchema = z.object({ link: z.string() });
export type AffiliateLinkData = z.infer<typeof AffiliateLinkDataSchema>;
