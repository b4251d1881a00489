import { eq, sql, type SQL } from 'drizzle-orm';
import type { AdminMembersFilter, MemberStatus } from '@tuzo/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { members } from '../../db/schema.ts';

/** The only place with the operator console's member SQL. */

/** `%text%` for LIKE, with LIKE's own wildcards escaped. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * The WHERE clause of the member search (and the members export). The search text is matched against the one
 * expression that `members_search_trgm` indexes (migration 0160), so a partial username, email or phone is an index
 * lookup. Members only: staff accounts are listed on the staff page, for operators (decision 019).
 */
export function memberFilterSql(filter: AdminMembersFilter): SQL {
  const parts: SQL[] = [sql`NOT m.is_house`, sql`m.role = 'member'`];
  if (filter.q) parts.push(sql`(lower(m.username) || ' ' || lower(m.email) || ' ' || m.phone) LIKE ${containsPattern(filter.q)}`);
  if (filter.status) parts.push(sql`m.status = ${filter.status}`);
  if (filter.country) parts.push(sql`m.country_id = ${filter.country}`);
  if (filter.joined_from) parts.push(sql`m.joined_at >= ${filter.joined_from}::date`);
  if (filter.joined_to) parts.push(sql`m.joined_at < ${filter.joined_to}::date + 1`);
  return sql.join(parts, sql` AND `);
}

export type MemberListRow = {
  id: string;
  username: string;
  email: string;
  phone: string;
  country: string;
  status: MemberStatus;
  joined_at: Date;
  activated_at: Date | null;
};

export const MEMBER_LIST_COLUMNS = sql`m.id::text AS id, m.username, m.email, m.phone, c.name AS country, m.status, m.joined_at, m.activated_at`;

/** One page of the search, newest first, and the number of matches counted up to `cap` + 1. */
export async function selectMembersPage(
  db: DbOrTx,
  input: { filter: AdminMembersFilter; offset: number; limit: number; cap: number },
) {
  const where = memberFilterSql(input.filter);
  const rows = await db.execute<MemberListRow>(sql`
    SELECT ${MEMBER_LIST_COLUMNS}
    FROM members m JOIN countries c ON c.id = m.country_id
    WHERE ${where}
    ORDER BY m.joined_at DESC, m.id DESC
    OFFSET ${input.offset} LIMIT ${input.limit}`);
  const counted = await db.execute<{ n: string }>(sql`
    SELECT count(*)::text AS n FROM (SELECT 1 FROM members m WHERE ${where} LIMIT ${input.cap + 1}) x`);
  return { rows: rows.rows, total: Number(counted.rows[0]?.n ?? 0) };
}

export type MemberDetailRow = MemberListRow & {
  role: string;
  is_house: boolean;
  country_id: number;
  currency: string;
  rate_micro: string;
  l1_id: string | null;
  l2_id: string | null;
  l3_id: string | null;
};

/** A member by username (case-insensitive) with the country's currency; `lock` takes the row FOR UPDATE. */
export async function selectMemberDetail(db: DbOrTx, username: string, lock = false): Promise<MemberDetailRow | null> {
  const result = await db.execute<MemberDetailRow>(sql`
    SELECT ${MEMBER_LIST_COLUMNS}, m.role, m.is_house, m.country_id, c.currency, c.rate_micro::text AS rate_micro,
           m.l1_id::text AS l1_id, m.l2_id::text AS l2_id, m.l3_id::text AS l3_id
    FROM members m JOIN countries c ON c.id = m.country_id
    WHERE lower(m.username) = ${username.toLowerCase()}
    LIMIT 1 ${lock ? sql`FOR UPDATE OF m` : sql``}`);
  return result.rows[0] ?? null;
}

/** The same detail by id (a four-eyes request executes for the member id it was made for). */
export async function selectMemberDetailById(db: DbOrTx, id: bigint, lock = false): Promise<MemberDetailRow | null> {
  const result = await db.execute<MemberDetailRow>(sql`
    SELECT ${MEMBER_LIST_COLUMNS}, m.role, m.is_house, m.country_id, c.currency, c.rate_micro::text AS rate_micro,
           m.l1_id::text AS l1_id, m.l2_id::text AS l2_id, m.l3_id::text AS l3_id
    FROM members m JOIN countries c ON c.id = m.country_id
    WHERE m.id = ${id} ${lock ? sql`FOR UPDATE OF m` : sql``}`);
  return result.rows[0] ?? null;
}

/** A member's username by id (a four-eyes request names the member). */
export async function selectMemberById(db: DbOrTx, id: bigint) {
  const rows = await db.select({ id: members.id, username: members.username }).from(members).where(eq(members.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function selectUplineNames(db: DbOrTx, ids: readonly string[]) {
  if (ids.length === 0) return [];
  const list = sql.join(
    ids.map((id) => sql`${id}::bigint`),
    sql`, `,
  );
  const result = await db.execute<{ id: string; username: string; status: MemberStatus }>(
    sql`SELECT id::text AS id, username, status FROM members WHERE id IN (${list})`,
  );
  return result.rows;
}

export async function selectWalletBalances(db: DbOrTx, memberId: bigint) {
  const result = await db.execute<{ wallet: string; balance_minor: string }>(
    sql`SELECT wallet, balance_minor::text AS balance_minor FROM ledger_accounts WHERE member_id = ${memberId}`,
  );
  return result.rows;
}

export async function selectTeamCounts(db: DbOrTx, memberId: bigint) {
  const result = await db.execute<{ level: number; total: number; active: number }>(
    sql`SELECT level::int AS level, total, active FROM team_counts WHERE upline_id = ${memberId} ORDER BY level`,
  );
  return result.rows;
}

export async function selectOpenSessions(db: DbOrTx, input: { memberId: bigint; now: Date }) {
  const result = await db.execute<{
    id: string;
    created_at: Date;
    expires_at: Date;
    ip: string | null;
    user_agent: string | null;
  }>(sql`
    SELECT id::text AS id, created_at, expires_at, ip, user_agent FROM sessions
    WHERE member_id = ${input.memberId} AND revoked_at IS NULL AND expires_at > ${input.now.toISOString()}::timestamptz
    ORDER BY created_at DESC LIMIT 50`);
  return result.rows;
}

export async function hasLiveActivation(db: DbOrTx, memberId: bigint): Promise<boolean> {
  const result = await db.execute(
    sql`SELECT 1 FROM activations WHERE member_id = ${memberId} AND deactivated_at IS NULL LIMIT 1`,
  );
  return result.rows.length > 0;
}

export async function countryExists(db: DbOrTx, countryId: number): Promise<boolean> {
  const result = await db.execute(sql`SELECT 1 FROM countries WHERE id = ${countryId}`);
  return result.rows.length > 0;
}

/** Who already holds this email or phone (another member), for a readable refusal before the unique index fires. */
export async function selectContactHolder(db: DbOrTx, input: { memberId: bigint; email?: string; phone?: string }) {
  const result = await db.execute<{ username: string; field: 'email' | 'phone' }>(sql`
    SELECT username, CASE WHEN lower(email) = lower(${input.email ?? ''}) THEN 'email' ELSE 'phone' END AS field
    FROM members
    WHERE id <> ${input.memberId} AND (lower(email) = lower(${input.email ?? null}::text) OR phone = ${input.phone ?? null}::text)
    LIMIT 1`);
  return result.rows[0] ?? null;
}
