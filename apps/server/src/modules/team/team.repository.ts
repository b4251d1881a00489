import { sql, type SQL } from 'drizzle-orm';
import { parseDbMinor, type TeamLevel, type TeamStatusFilter } from '@tuzo/contracts';
import type { DbOrTx } from '../../db/client.ts';

/** The members column that names a member's upline at each level: a fixed map, never text from a request. */
const UPLINE_COLUMN: Record<TeamLevel, SQL> = { 1: sql.raw('m.l1_id'), 2: sql.raw('m.l2_id'), 3: sql.raw('m.l3_id') };

export interface LevelCounts {
  level: TeamLevel;
  total: number;
  active: number;
}

/** The counters of the three levels below a member (team_counts, kept by triggers): at most three rows. */
export async function selectTeamCounts(db: DbOrTx, memberId: bigint): Promise<LevelCounts[]> {
  const result = await db.execute<{ level: number; total: number; active: number }>(
    sql`SELECT level, total, active FROM team_counts WHERE upline_id = ${memberId} AND level BETWEEN 1 AND 3`,
  );
  return result.rows.map((row) => ({ level: row.level as TeamLevel, total: Number(row.total), active: Number(row.active) }));
}

export interface LevelSummary {
  countryId: number;
  currency: string;
  rateMicro: bigint;
  total: number;
  active: number;
  /** Commissions of this level credited to the member, net of reversals (member_totals), system minor units. */
  earnedSystemMinor: bigint;
}

/** The viewer's currency, one level's counters and what that level earned them, in one statement. */
export async function selectLevelSummary(
  db: DbOrTx,
  input: { memberId: bigint; level: TeamLevel },
): Promise<LevelSummary | null> {
  const bucket = `commission_l${input.level}`;
  const result = await db.execute<{
    country_id: number;
    currency: string;
    rate_micro: string;
    total: number | null;
    active: number | null;
    earned: string | null;
  }>(sql`
    SELECT c.id AS country_id, c.currency, c.rate_micro::text AS rate_micro, tc.total, tc.active, mt.total_minor::text AS earned
    FROM members m
    JOIN countries c ON c.id = m.country_id
    LEFT JOIN team_counts tc ON tc.upline_id = m.id AND tc.level = ${input.level}
    LEFT JOIN member_totals mt ON mt.member_id = m.id AND mt.bucket = ${bucket}
    WHERE m.id = ${input.memberId}`);
  const row = result.rows[0];
  if (!row) return null;
  return {
    countryId: row.country_id,
    currency: row.currency,
    rateMicro: parseDbMinor(row.rate_micro),
    total: Number(row.total ?? 0),
    active: Number(row.active ?? 0),
    earnedSystemMinor: parseDbMinor(row.earned ?? '0'),
  };
}

export interface TeamPageQuery {
  memberId: bigint;
  level: TeamLevel;
  status: TeamStatusFilter;
  /** Already checked and split by the service: which fields the text can possibly match (see team.service.ts). */
  search: TeamSearch | null;
  offset: number;
  limit: number;
  timeZone: string;
}

export interface TeamSearch {
  /** A LIKE pattern: the text with \, % and _ escaped, between two %. */
  pattern: string;
  matchesName: boolean;
  matchesPhone: boolean;
  joined: JoinedMatch;
}

/**
 * How the search text can match the Joined text "YYYY-MM-DD HH:mm": not at all, as the start of it (a year, month,
 * day, hour or minute: a range of instants, read off the index), or anywhere (the text of every row is built).
 */
export type JoinedMatch =
  { kind: 'none' } | { kind: 'range'; startLocal: string; unit: 'year' | 'month' | 'day' | 'hour' | 'minute' } | { kind: 'text' };

export interface TeamRow {
  username: string;
  phone: string;
  status: 'inactive' | 'active' | 'suspended';
  country: string;
  joined: string;
  upline: string | null;
  earnedSystemMinor: bigint;
  depositedSystemMinor: bigint;
}

/**
 * What the member sees of a phone: in full on level 1, the last three digits on levels 2 and 3. The search matches
 * this same text, so a masked digit can never be found by searching for it.
 */
function phoneShown(level: TeamLevel): SQL {
  return level === 1 ? sql`m.phone` : sql`repeat('*', greatest(length(m.phone) - 3, 0)) || right(m.phone, 3)`;
}

/** The Joined text: the instant in the operator's time zone, as "YYYY-MM-DD HH:mm". */
function joinedText(timeZone: string): SQL {
  return sql`to_char(m.joined_at AT TIME ZONE ${timeZone}, 'YYYY-MM-DD HH24:MI')`;
}

function pageFilter(query: TeamPageQuery): SQL {
  const conditions: SQL[] = [sql`${UPLINE_COLUMN[query.level]} = ${query.memberId}`];
  if (query.status === 'active') conditions.push(sql`m.status = 'active'`);
  if (query.status === 'dormant') conditions.push(sql`m.status <> 'active'`);
  const search = query.search;
  if (search) conditions.push(sql`(${sql.join(searchMatches(query, search), sql` OR `)})`);
  return sql.join(conditions, sql` AND `);
}

/**
 * The fields the search text can match, cheapest first. Usernames are ASCII (a CHECK on members), so their
 * case-insensitive match runs in the C collation; phones and dates have no letters, so a plain LIKE is exact. Both
 * are several times faster per row than ILIKE in the database's locale, which matters on a 100,000-member level.
 */
function searchMatches(query: TeamPageQuery, search: TeamSearch): SQL[] {
  const matches: SQL[] = [sql`m.country_id IN (SELECT id FROM countries WHERE name ILIKE ${search.pattern})`];
  if (search.matchesName) matches.push(sql`m.username COLLATE "C" ILIKE ${search.pattern}`);
  if (search.matchesPhone) matches.push(sql`${phoneShown(query.level)} LIKE ${search.pattern}`);
  const joined = search.joined;
  if (joined.kind === 'range') {
    const start = sql`${joined.startLocal}::timestamp`;
    const end = sql`(${start} + ${`1 ${joined.unit}`}::interval)`;
    matches.push(
      sql`(m.joined_at >= (${start} AT TIME ZONE ${query.timeZone}) AND m.joined_at < (${end} AT TIME ZONE ${query.timeZone}))`,
    );
  }
  if (joined.kind === 'text') matches.push(sql`${joinedText(query.timeZone)} LIKE ${search.pattern}`);
  return matches;
}

/**
 * One page of a level, newest first, and (with a search) how many members match in all. The page is picked first
 * from the level's covering index (ids only: stops after offset + limit entries, or with a search counts every match
 * in the same index-only pass), and only its rows are read, formatted and joined to their country, upline, deposits and
 * the commissions they paid the viewer. Earned: the commission transactions of the row member's activations at this
 * level (found by idempotency key) that credited the viewer, plus their reversals, summed on the viewer's accounts.
 */
export async function selectTeamPage(db: DbOrTx, query: TeamPageQuery): Promise<{ rows: TeamRow[]; matched: number | null }> {
  const level = query.level;
  const counted = query.search ? sql`, count(*) OVER () AS matched` : sql`, NULL::bigint AS matched`;
  const result = await db.execute<{
    username: string;
    phone: string;
    status: TeamRow['status'];
    country: string;
    joined: string;
    upline: string | null;
    earned: string;
    deposited: string;
    matched: string | null;
  }>(sql`
    WITH page AS MATERIALIZED (
      SELECT m.id, m.joined_at ${counted}
      FROM members m
      WHERE ${pageFilter(query)}
      ORDER BY m.joined_at DESC, m.id DESC
      OFFSET ${query.offset} LIMIT ${query.limit}
    )
    SELECT m.username, ${phoneShown(level)} AS phone, m.status, c.name AS country, ${joinedText(query.timeZone)} AS joined,
           page.matched::text AS matched,
           CASE WHEN u.is_house THEN NULL ELSE u.username END AS upline,
           (SELECT COALESCE(SUM(d.amount_system_minor), 0)::text FROM deposits d WHERE d.member_id = m.id AND d.status = 2) AS deposited,
           (SELECT COALESCE(SUM(p.amount_minor), 0)::text
              FROM activations a
              JOIN ledger_transactions t ON t.idempotency_key = 'activation:' || a.member_id || ':' || a.generation || ':l' || ${String(level)}
                                        AND t.member_id = ${query.memberId}
              LEFT JOIN ledger_transactions r ON r.reverses_id = t.id
              JOIN ledger_postings p ON p.transaction_id = t.id OR p.transaction_id = r.id
              JOIN ledger_accounts la ON la.id = p.account_id AND la.member_id = ${query.memberId}
             WHERE a.member_id = m.id) AS earned
    FROM page
    JOIN members m ON m.id = page.id
    JOIN countries c ON c.id = m.country_id
    LEFT JOIN members u ON u.id = m.l1_id
    ORDER BY page.joined_at DESC, page.id DESC`);
  const rows = result.rows.map((row) => ({
    username: row.username,
    phone: row.phone,
    status: row.status,
    country: row.country,
    joined: row.joined,
    upline: row.upline,
    earnedSystemMinor: parseDbMinor(row.earned),
    depositedSystemMinor: parseDbMinor(row.deposited),
  }));
  // With a search, every row carries the number of matches; an empty page carries nothing (the caller counts).
  const first = result.rows[0];
  return { rows, matched: first && first.matched !== null ? Number(first.matched) : null };
}

/**
 * How many members of a level match a search when the page asked for lies past the last match (the page itself is
 * then empty and cannot carry the count).
 */
export async function countTeamMatches(db: DbOrTx, query: TeamPageQuery): Promise<number> {
  const result = await db.execute<{ matched: string }>(
    sql`SELECT count(*)::text AS matched FROM members m WHERE ${pageFilter(query)}`,
  );
  return Number(result.rows[0]?.matched ?? 0);
}

/** The member's username, for the affiliate link. */
export async function selectUsername(db: DbOrTx, memberId: bigint): Promise<string | null> {
  const result = await db.execute<{ username: string }>(sql`SELECT username FROM members WHERE id = ${memberId}`);
  return result.rows[0]?.username ?? null;
}
