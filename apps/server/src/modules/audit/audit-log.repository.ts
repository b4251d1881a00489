import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

export interface AuditFilter {
  actorId?: bigint;
  action?: string;
  memberId?: bigint;
  /** Inclusive lower and exclusive upper bounds, already turned into instants. */
  fromAt?: Date;
  toAt?: Date;
}

export type AuditDbRow = {
  id: string;
  created_at: Date | string;
  staff: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  member: string | null;
  before: unknown;
  after: unknown;
  ip: string | null;
};

function whereOf(filter: AuditFilter): SQL {
  const parts: SQL[] = [sql`TRUE`];
  if (filter.actorId !== undefined) parts.push(sql`a.actor_id = ${filter.actorId.toString()}`);
  if (filter.action !== undefined) parts.push(sql`a.action = ${filter.action}`);
  if (filter.memberId !== undefined) parts.push(sql`a.target_type = 'member' AND a.target_id = ${filter.memberId.toString()}`);
  if (filter.fromAt !== undefined) parts.push(sql`a.created_at >= ${filter.fromAt.toISOString()}`);
  if (filter.toAt !== undefined) parts.push(sql`a.created_at < ${filter.toAt.toISOString()}`);
  return sql.join(parts, sql` AND `);
}

/** Audit entries newest first, with the acting staff member's and the target member's usernames. */
export async function selectAuditPage(db: DbOrTx, input: { filter: AuditFilter; offset: number; limit: number }) {
  const where = whereOf(input.filter);
  const rows = await db.execute<AuditDbRow>(sql`
    SELECT a.id::text AS id, a.created_at, actor.username AS staff, a.action, a.target_type, a.target_id,
           target.username AS member, a.before, a.after, a.ip
    FROM audit_log a
    LEFT JOIN members actor ON actor.id = a.actor_id
    -- CASE, not AND: PostgreSQL may evaluate an AND's sides in any order, and a setting's key is not a number.
    LEFT JOIN members target ON target.id = CASE WHEN a.target_type = 'member' AND a.target_id ~ '^[0-9]{1,18}$' THEN a.target_id::bigint END
    WHERE ${where}
    ORDER BY a.created_at DESC, a.id DESC
    OFFSET ${input.offset} LIMIT ${input.limit}`);
  const total = await db.execute<{ n: string }>(sql`SELECT count(*)::text AS n FROM audit_log a WHERE ${where}`);
  return { rows: rows.rows, total: Number(total.rows[0]?.n ?? 0) };
}

/** Every distinct action name, walked along the action index (a loose index scan) rather than reading every row. */
export async function selectAuditActions(db: DbOrTx): Promise<string[]> {
  const rows = await db.execute<{ action: string }>(sql`
    WITH RECURSIVE walk AS (
      SELECT min(action) AS action FROM audit_log
      UNION ALL
      SELECT (SELECT min(action) FROM audit_log WHERE action > walk.action) FROM walk WHERE walk.action IS NOT NULL
    )
    SELECT action FROM walk WHERE action IS NOT NULL LIMIT 200`);
  return rows.rows.map((row) => row.action);
}

/** A member's id by username (case-insensitive), for the staff and member filters. */
export async function selectMemberIdByUsername(db: DbOrTx, username: string): Promise<bigint | null> {
  const rows = await db.execute<{ id: string }>(
    sql`SELECT id::text AS id FROM members WHERE lower(username) = ${username.toLowerCase()} LIMIT 1`,
  );
  const id = rows.rows[0]?.id;
  return id === undefined ? null : BigInt(id);
}

/** The instant a calendar day starts in the operator's time zone. */
export async function startOfDayIn(db: DbOrTx, input: { day: string; timeZone: string }): Promise<Date> {
  const rows = await db.execute<{ at: Date | string }>(
    sql`SELECT (${input.day}::date::timestamp AT TIME ZONE ${input.timeZone}) AS at`,
  );
  return new Date(rows.rows[0]!.at);
}
