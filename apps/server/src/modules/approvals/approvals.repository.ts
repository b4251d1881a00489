import { sql } from 'drizzle-orm';
import { parseDbMinor, type ApprovalKind, type ApprovalState } from '@tuzo/contracts';
import type { DbOrTx } from '../../db/client.ts';

/** The only place with the SQL of four-eyes requests (`approval_requests`, migration 0180). */

export interface ApprovalRequestRow {
  id: bigint;
  kind: ApprovalKind;
  state: ApprovalState;
  requestedBy: bigint;
  /** Null for a change that concerns no member (staff, settings, countries); amounts are then 0 and currency ''. */
  memberId: bigint | null;
  amountSystemMinor: bigint;
  amountMinor: bigint;
  currency: string;
  params: Record<string, unknown>;
  reason: string;
}

export interface NewApprovalRequest {
  kind: ApprovalKind;
  requestedBy: bigint;
  memberId: bigint | null;
  amountSystemMinor: bigint | null;
  amountMinor: bigint | null;
  currency: string | null;
  /** The action's parameters; a change keeps its value before and after here (shown on the Approvals page). */
  params: Record<string, unknown>;
  targetRef: string | null;
  reason: string;
  at: Date;
}

/** Inserts a pending request; null when one is already pending for the same target (the partial unique index). */
export async function insertApprovalRequest(db: DbOrTx, request: NewApprovalRequest): Promise<bigint | null> {
  const result = await db.execute<{ id: string }>(sql`
    INSERT INTO approval_requests (kind, requested_by, member_id, amount_system_minor, amount_minor, currency, params, target_ref, reason, requested_at)
    VALUES (${request.kind}, ${request.requestedBy}, ${request.memberId}, ${request.amountSystemMinor}, ${request.amountMinor},
            ${request.currency}, ${JSON.stringify(request.params)}::jsonb, ${request.targetRef}, ${request.reason}, ${request.at.toISOString()}::timestamptz)
    ON CONFLICT (kind, target_ref) WHERE state = 'pending' AND target_ref IS NOT NULL DO NOTHING
    RETURNING id::text AS id`);
  const row = result.rows[0];
  return row ? BigInt(row.id) : null;
}

export async function selectPendingIdForTarget(db: DbOrTx, kind: ApprovalKind, targetRef: string): Promise<bigint | null> {
  const result = await db.execute<{ id: string }>(
    sql`SELECT id::text AS id FROM approval_requests WHERE kind = ${kind} AND target_ref = ${targetRef} AND state = 'pending'`,
  );
  const row = result.rows[0];
  return row ? BigInt(row.id) : null;
}

/** The request, locked for the decision (two operators deciding at once take turns; the second sees the first's state). */
export async function lockApprovalRequest(db: DbOrTx, id: bigint): Promise<ApprovalRequestRow | null> {
  const result = await db.execute<{
    id: string;
    kind: ApprovalKind;
    state: ApprovalState;
    requested_by: string;
    member_id: string | null;
    amount_system_minor: string | null;
    amount_minor: string | null;
    currency: string | null;
    params: Record<string, unknown>;
    reason: string;
  }>(sql`
    SELECT id::text AS id, kind, state, requested_by::text AS requested_by, member_id::text AS member_id,
           amount_system_minor::text AS amount_system_minor, amount_minor::text AS amount_minor, currency, params, reason
    FROM approval_requests WHERE id = ${id} FOR UPDATE`);
  const row = result.rows[0];
  if (!row) return null;
  return {
    id: BigInt(row.id),
    kind: row.kind,
    state: row.state,
    requestedBy: BigInt(row.requested_by),
    memberId: row.member_id === null ? null : BigInt(row.member_id),
    amountSystemMinor: row.amount_system_minor === null ? 0n : parseDbMinor(row.amount_system_minor),
    amountMinor: row.amount_minor === null ? 0n : parseDbMinor(row.amount_minor),
    currency: row.currency ?? '',
    params: row.params,
    reason: row.reason,
  };
}

export async function markApprovalDecided(
  db: DbOrTx,
  input: {
    id: bigint;
    state: 'approved' | 'rejected' | 'cancelled';
    decidedBy: bigint;
    at: Date;
    note: string | null;
    result: Record<string, string> | null;
  },
): Promise<void> {
  await db.execute(sql`
    UPDATE approval_requests SET state = ${input.state}, decided_by = ${input.decidedBy}, decided_at = ${input.at.toISOString()}::timestamptz,
      decision_note = ${input.note}, result = ${input.result === null ? null : JSON.stringify(input.result)}::jsonb
    WHERE id = ${input.id} AND state = 'pending'`);
}

export type ApprovalListRow = {
  id: string;
  kind: ApprovalKind;
  state: ApprovalState;
  requested_by_id: string;
  requested_by: string;
  username: string;
  amount_minor: string | null;
  currency: string | null;
  amount_system_minor: string | null;
  params: Record<string, unknown>;
  reason: string;
  requested_at: Date | string;
  decided_by: string | null;
  decided_at: Date | string | null;
  decision_note: string | null;
};

/** Pending requests oldest first (the queue), or decided ones newest first (the history). */
export async function selectApprovalRequests(db: DbOrTx, input: { view: 'pending' | 'decided'; offset: number; limit: number }) {
  const where = input.view === 'pending' ? sql`r.state = 'pending'` : sql`r.state <> 'pending'`;
  const order = input.view === 'pending' ? sql`r.requested_at, r.id` : sql`r.decided_at DESC, r.id DESC`;
  const rows = await db.execute<ApprovalListRow>(sql`
    SELECT r.id::text AS id, r.kind, r.state, r.requested_by::text AS requested_by_id, q.username AS requested_by,
           COALESCE(m.username, r.params->>'username', '') AS username,
           r.amount_minor::text AS amount_minor, r.currency, r.amount_system_minor::text AS amount_system_minor, r.params, r.reason,
           r.requested_at, d.username AS decided_by, r.decided_at, r.decision_note
    FROM approval_requests r
    JOIN members q ON q.id = r.requested_by
    LEFT JOIN members m ON m.id = r.member_id
    LEFT JOIN members d ON d.id = r.decided_by
    WHERE ${where} ORDER BY ${order} OFFSET ${input.offset} LIMIT ${input.limit}`);
  const counted = await db.execute<{ n: string }>(sql`SELECT count(*)::text AS n FROM approval_requests r WHERE ${where}`);
  return { rows: rows.rows, total: Number(counted.rows[0]?.n ?? 0) };
}

/**
 * What one member received from staff actions in the window (rows of `staff_money_counts` since `since`) and what
 * waits for them in pending requests (adjustments, deposits and typed codes by size; an upline change by the
 * commission it would pay this member, kept in its `credits` parameter). Read under `lockMemberFourEyes`.
 */
export async function selectStaffMoneyWindow(
  db: DbOrTx,
  input: { memberId: bigint; since: Date },
): Promise<{ countedMinor: bigint; pendingMinor: bigint }> {
  const id = input.memberId.toString();
  const result = await db.execute<{ counted: string; pending: string }>(sql`
    SELECT
      (SELECT COALESCE(sum(amount_system_minor), 0)::text FROM staff_money_counts
        WHERE member_id = ${input.memberId} AND counted_at > ${input.since.toISOString()}::timestamptz) AS counted,
      (SELECT COALESCE(sum(CASE WHEN kind = 'upline' THEN COALESCE((params->'credits'->>${id})::bigint, 0)
                                ELSE abs(amount_system_minor) END), 0)::text
         FROM approval_requests
        WHERE state = 'pending' AND kind IN ('adjust', 'deposit', 'code', 'upline')
          AND (member_id = ${input.memberId} OR (kind = 'upline' AND params->'credits' ? ${id}))) AS pending`);
  const row = result.rows[0];
  return { countedMinor: BigInt(row?.counted ?? '0'), pendingMinor: BigInt(row?.pending ?? '0') };
}

/** Serialises the four-eyes window of one member until the transaction ends (an advisory lock, no row). */
export async function lockMemberFourEyes(db: DbOrTx, memberId: bigint): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`four-eyes:${memberId}`}, 0))`);
}

export async function insertStaffMoneyCount(
  db: DbOrTx,
  input: {
    memberId: bigint;
    amountSystemMinor: bigint;
    source: 'adjust' | 'deposit' | 'code' | 'upline';
    approvalId: bigint | null;
    staffIds: bigint[];
    at: Date;
  },
): Promise<void> {
  const staff = `{${input.staffIds.map(String).join(',')}}`;
  await db.execute(sql`
    INSERT INTO staff_money_counts (member_id, amount_system_minor, source, approval_id, staff_ids, counted_at)
    VALUES (${input.memberId}, ${input.amountSystemMinor}, ${input.source}, ${input.approvalId}, ${staff}::bigint[],
            ${input.at.toISOString()}::timestamptz)`);
}

/**
 * The operators a staff account created through the console must not decide for: the one who asked for it and the
 * one who approved it (`members.staff_requested_by`, `staff_approved_by`); empty for other accounts.
 */
export async function selectStaffCreators(db: DbOrTx, staffId: bigint): Promise<bigint[]> {
  const result = await db.execute<{ requested_by: string | null; approved_by: string | null }>(sql`
    SELECT staff_requested_by::text AS requested_by, staff_approved_by::text AS approved_by FROM members WHERE id = ${staffId}`);
  const row = result.rows[0];
  return [row?.requested_by, row?.approved_by].filter((id): id is string => Boolean(id)).map((id) => BigInt(id));
}

/** Operators who can approve: enabled, enrolled in two-factor sign-in, not the house. */
export async function countActiveOperators(db: DbOrTx): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM members
    WHERE role = 'operator' AND NOT is_house AND disabled_at IS NULL AND totp_enabled_at IS NOT NULL`);
  return Number(result.rows[0]?.n ?? 0);
}
