import {
  TEAM_LEVELS,
  type AffiliateLinkData,
  type AllMyDownlinesData,
  type DownlineCounts,
  type MyDownlinesData,
  type MyDownlinesQuery,
  type TeamMemberRow,
  type TeamMemberStatus,
} from '@tuzo/contracts';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { readSetting } from '../settings/index.ts';
import { toMemberString, type MemberCurrency } from '../wallets/index.ts';
import {
  countTeamMatches,
  selectLevelSummary,
  selectTeamCounts,
  selectTeamPage,
  selectUsername,
  type TeamPageQuery,
  type TeamRow,
  type JoinedMatch,
  type TeamSearch,
} from './team.repository.ts';

/** `allmyDownlines`: total, active and dormant of each level, from the counters (three primary-key rows). */
export async function countDownlines(deps: AppDeps, memberId: bigint): Promise<AllMyDownlinesData> {
  const rows = await selectTeamCounts(deps.readDb ?? deps.db, memberId);
  const level = (n: number): DownlineCounts => {
    const row = rows.find((entry) => entry.level === n);
    const total = row?.total ?? 0;
    const active = row?.active ?? 0;
    return { total, active, dormant: total - active };
  };
  return { l1: level(1), l2: level(2), l3: level(3) };
}

/**
 * `myDownlines`: one level's counts and earnings (always the whole level) and one page of its members, searched
 * and filtered on the server. The summary and the page are read at once, on two connections.
 */
export async function listDownlines(
  deps: AppDeps,
  input: { memberId: bigint; query: MyDownlinesQuery },
): Promise<MyDownlinesData> {
  const { level, status, page, limit } = input.query;
  const query: TeamPageQuery = {
    memberId: input.memberId,
    level,
    status,
    search: input.query.q ? toSearch(input.query.q) : null,
    offset: (page - 1) * limit,
    limit,
    timeZone: deps.config.TUZO_TIMEZONE,
  };
  const [summary, found] = await Promise.all([
    selectLevelSummary(deps.readDb ?? deps.db, { memberId: input.memberId, level }),
    selectTeamPage(deps.readDb ?? deps.db, query),
  ]);
  if (!summary) throw new AppError('NOT_FOUND', 'Member not found');
  const currency: MemberCurrency = { countryId: summary.countryId, currency: summary.currency, rateMicro: summary.rateMicro };
  const matched = await countMatched(deps, { query, summary, found });
  return {
    Level: `Level ${level}`,
    active: summary.active,
    inactive: summary.total - summary.active,
    total: summary.total,
    Currency: currency.currency,
    Earned: toMemberString(summary.earnedSystemMinor, currency),
    data: found.rows.map((row) => toTeamMemberRow(row, { level, currency })),
    page,
    pages: Math.ceil(matched / limit),
  };
}

/**
 * How many members the filter selects in all (for `pages`). Without a search the counters answer; with one, the
 * page's rows carry the count, and only a page past the last match needs a count of its own.
 */
async function countMatched(
  deps: AppDeps,
  input: { query: TeamPageQuery; summary: { total: number; active: number }; found: { rows: TeamRow[]; matched: number | null } },
): Promise<number> {
  const { query, summary, found } = input;
  if (!query.search) {
    if (query.status === 'active') return summary.active;
    if (query.status === 'dormant') return summary.total - summary.active;
    return summary.total;
  }
  if (found.matched !== null) return found.matched;
  return query.offset === 0 ? 0 : countTeamMatches(deps.readDb ?? deps.db, query);
}

const USERNAME_TEXT = /^[A-Za-z0-9_]+$/;
const PHONE_TEXT = /^[0-9+*() -]+$/;
const JOINED_TEXT = /^[0-9: -]+$/;
/** The start of a Joined text, whole fields only: "2025", "2025-01", "2025-01-05", "2025-01-05 13", "2025-01-05 13:00". */
const JOINED_PREFIX = /^(\d{4})(?:-(\d{2})(?:-(\d{2})(?: (\d{2})(?::(\d{2}))?)?)?)?$/;

/**
 * The spec's search: the text inside name, phone (as shown), country or joined text, case-insensitively. A field
 * whose characters cannot contain the text is left out of the query (a username is letters, digits and _; a phone
 * digits and +; the joined text digits, -, : and a space), which changes no answer and spares a scan most work.
 */
export function toSearch(text: string): TeamSearch {
  const escaped = text.replace(/[\\%_]/g, (character) => `\\${character}`);
  return {
    pattern: `%${escaped}%`,
    matchesName: USERNAME_TEXT.test(text),
    matchesPhone: PHONE_TEXT.test(text),
    joined: toJoinedMatch(text),
  };
}

/**
 * Where the text can sit in "YYYY-MM-DD HH:mm". Its longest run of digits is the 4-digit year, so a text with a
 * longer run matches no date, and a text that starts with 4 digits can only start at the year: then it names a
 * year, month, day, hour or minute, which is a range of instants (an impossible date matches nothing). Any other
 * date-like text is compared with each row's Joined text.
 */
export function toJoinedMatch(text: string): JoinedMatch {
  if (!JOINED_TEXT.test(text) || /\d{5}/.test(text)) return { kind: 'none' };
  const parts = JOINED_PREFIX.exec(text);
  if (!parts) return { kind: 'text' };
  const [year, month = '01', day = '01', hour = '00', minute = '00'] = parts.slice(1).map((part) => part);
  const units = ['year', 'month', 'day', 'hour', 'minute'] as const;
  const unit = units[parts.slice(1).filter((part) => part !== undefined).length - 1]!;
  const at = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute)));
  const isReal =
    at.getUTCFullYear() === Number(year) &&
    at.getUTCMonth() === Number(month) - 1 &&
    at.getUTCDate() === Number(day) &&
    at.getUTCHours() === Number(hour) &&
    at.getUTCMinutes() === Number(minute) &&
    Number(year) >= 1000;
  if (!isReal) return { kind: 'none' };
  return { kind: 'range', startLocal: `${year}-${month}-${day} ${hour}:${minute}:00`, unit };
}

const STATUS_TEXT: Record<TeamRow['status'], TeamMemberStatus> = {
  active: 'Active',
  inactive: 'Dormant',
  suspended: 'Suspended',
};

function toTeamMemberRow(
  row: TeamRow,
  context: { level: (typeof TEAM_LEVELS)[number]; currency: MemberCurrency },
): TeamMemberRow {
  return {
    Name: row.username,
    Phone: row.phone,
    Status: STATUS_TEXT[row.status],
    Country: row.country,
    Earned: toMemberString(row.earnedSystemMinor, context.currency),
    ...(context.level === 1 ? {} : { Upline: row.upline ?? '' }),
    Deposited: toMemberString(row.depositedSystemMinor, context.currency),
    Joined: row.joined,
  };
}

/** `affiliatelink`: `{public site url}/reg/{username}`; the operator's `public_site_url`, else this app's address. */
export async function buildAffiliateLink(deps: AppDeps, memberId: bigint): Promise<AffiliateLinkData> {
  const [username, configured] = await Promise.all([selectUsername(deps.db, memberId), readSetting(deps.db, 'public_site_url')]);
  if (!username) throw new AppError('NOT_FOUND', 'Member not found');
  const base = (configured || deps.publicUrl()).replace(/\/+$/, '');
  return { link: `${base}/reg/${encodeURIComponent(username)}` };
}
