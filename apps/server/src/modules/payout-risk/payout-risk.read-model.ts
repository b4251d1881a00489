import { sql } from 'drizzle-orm';
import { parseDbMinor, type PayoutFlagKind } from '@tuzo/contracts';
import type { DbOrTx } from '../../db/client.ts';

/**
 * Read model (docs/ARCHITECTURE.md "Owners"): the risk checks and the flag list read across owners in one statement
 * each, read-only: withdrawals (the day's count, the flagged withdrawal), payouts (names paid, today's payouts),
 * members, the ledger and the audit log (an adjustment, an upline change). Going through three services per check
 * would cost round trips inside the hold's transaction, for no owner's benefit.
 */

/** What the risk checks need about a member at the moment a withdrawal is recorded, in one statement. */
export type RiskFactsRow = {
  shared_phone: { username: string; phone: string } | null;
  shared_name: { name: string; username: string } | null;
  withdrawals_today: number;
  /** `staff_ids`: the adjustment's operator and, for an approved one, the operator who asked (decision 044). */
  adjustment: { transaction_id: string; amount_minor: string; at: string; staff_ids: string[] | null } | null;
  /** The member's own upline change, or one that credited their wallet; `staff_ids` as above. */
  upline_change: { at: string; staff_ids: string[] | null } | null;
};

export async function selectRiskFacts(
  db: DbOrTx,
  input: {
    memberId: bigint;
    day: string;
    timeZone: string;
    adjustmentSince: Date | null;
    largeAdjustmentMinor: bigint;
    uplineChangeSince: Date | null;
  },
): Promise<RiskFactsRow> {
  const rows = await db.execute<RiskFactsRow>(sql`
    SELECT
      (SELECT json_build_object('username', o.username, 'phone', o.phone)
         FROM members me JOIN members o ON phone_tail(o.phone) = phone_tail(me.phone) AND o.id <> me.id
        WHERE me.id = ${input.memberId} ORDER BY o.id LIMIT 1) AS shared_phone,
      (SELECT json_build_object('name', payout_receiver_name(mine.receiver_name), 'username', o.username)
         FROM payouts mine
         JOIN payouts other ON payout_receiver_name(other.receiver_name) = payout_receiver_name(mine.receiver_name)
              AND other.state = 'paid' AND other.receiver_name IS NOT NULL AND other.member_id <> mine.member_id
         JOIN members o ON o.id = other.member_id
        WHERE mine.member_id = ${input.memberId} AND mine.state = 'paid' AND mine.receiver_name IS NOT NULL
        ORDER BY other.id LIMIT 1) AS shared_name,
      (SELECT count(*)::int FROM withdrawals
        WHERE member_id = ${input.memberId} AND (created_at AT TIME ZONE ${input.timeZone})::date = ${input.day}::date)
        AS withdrawals_today,
      (SELECT json_build_object('transaction_id', t.id::text, 'amount_minor', p.amount_minor::text, 'at', t.created_at,
                                'staff_ids', (SELECT array_agg(DISTINCT s.id::text) FROM (
                                   SELECT au.actor_id AS id FROM audit_log au
                                    WHERE au.action = 'wallet.adjust' AND au.target_type = 'member'
                                      AND au.target_id = ${input.memberId.toString()} AND au.after->>'transactionId' = t.id::text
                                   UNION
                                   SELECT r.requested_by FROM approval_requests r
                                    WHERE r.kind = 'adjust' AND r.member_id = ${input.memberId}
                                      AND r.result->>'transaction_id' = t.id::text) s WHERE s.id IS NOT NULL))
         FROM ledger_transactions t
         JOIN ledger_postings p ON p.transaction_id = t.id
         JOIN ledger_accounts a ON a.id = p.account_id AND a.member_id = ${input.memberId}
        WHERE ${input.adjustmentSince}::timestamptz IS NOT NULL AND t.member_id = ${input.memberId}
          AND t.kind = 'adjustment' AND t.created_at >= ${input.adjustmentSince}::timestamptz
          AND p.amount_minor >= ${input.largeAdjustmentMinor}
        ORDER BY t.created_at DESC LIMIT 1) AS adjustment,
      (SELECT json_build_object('at', created_at,
                                'staff_ids', array_remove(ARRAY[actor_id::text, after->>'requestedBy'], NULL)) FROM audit_log
        WHERE ${input.uplineChangeSince}::timestamptz IS NOT NULL AND target_type = 'member'
          AND (target_id = ${input.memberId.toString()} OR (after->'credited') ? ${input.memberId.toString()})
          AND action = 'member.change_upline'
          AND created_at >= ${input.uplineChangeSince}::timestamptz
        ORDER BY created_at DESC LIMIT 1) AS upline_change`);
  const row = rows.rows[0];
  if (!row) throw new Error('The risk facts query answered no row');
  return { ...row, withdrawals_today: Number(row.withdrawals_today) };
}

export type FlagListRow = {
  id: string;
  kind: PayoutFlagKind;
  reason: string;
  withdrawal_id: string;
  username: string;
  amount_local_minor: string;
  currency: string;
  withdrawal_status: number;
  raised_at: Date | string;
  cleared_at: Date | string | null;
  cleared_by: string | null;
  note: string | null;
  total: number;
};

/** One page of flags: open ones oldest first (a queue), cleared ones newest first; `total` on every row. */
export async function selectFlagPage(
  db: DbOrTx,
  input: { view: 'open' | 'cleared'; withdrawalId: bigint | null; limit: number; offset: number },
): Promise<FlagListRow[]> {
  const isOpen = input.view === 'open';
  const rows = await db.execute<FlagListRow>(sql`
    SELECT f.id::text, f.kind, f.reason, f.withdrawal_id::text, m.username, w.amount_local_minor::text, w.currency,
           w.status AS withdrawal_status, f.raised_at, f.cleared_at, s.username AS cleared_by, f.note,
           count(*) OVER ()::int AS total
    FROM payout_risk_flags f
    JOIN withdrawals w ON w.id = f.withdrawal_id
    JOIN members m ON m.id = f.member_id
    LEFT JOIN members s ON s.id = f.cleared_by
    WHERE (f.cleared_at IS NULL) = ${isOpen}
      AND (${input.withdrawalId}::bigint IS NULL OR f.withdrawal_id = ${input.withdrawalId}::bigint)
    ORDER BY
      CASE WHEN ${isOpen} THEN f.raised_at END ASC,
      CASE WHEN ${isOpen} THEN f.id END ASC,
      f.cleared_at DESC, f.id DESC
    LIMIT ${input.limit} OFFSET ${input.offset}`);
  return rows.rows;
}

/** What the auto-pay rules read about a member and the withdrawal's day. */
export type AutoPayFactsRow = {
  status: string;
  activated_at: Date | string | null;
  payouts_today: number;
  withdrawal_status: number;
};

export async function selectAutoPayFacts(
  db: DbOrTx,
  input: { memberId: bigint; withdrawalId: bigint; day: string; timeZone: string },
): Promise<AutoPayFactsRow | null> {
  const rows = await db.execute<AutoPayFactsRow>(sql`
    SELECT m.status, m.activated_at, w.status AS withdrawal_status,
      (SELECT count(*)::int FROM payouts p
        WHERE p.member_id = m.id AND p.state <> 'failed'
          AND (p.created_at AT TIME ZONE ${input.timeZone})::date = ${input.day}::date) AS payouts_today
    FROM members m JOIN withdrawals w ON w.member_id = m.id AND w.id = ${input.withdrawalId}
    WHERE m.id = ${input.memberId}`);
  const row = rows.rows[0];
  return row ? { ...row, payouts_today: Number(row.payouts_today), withdrawal_status: Number(row.withdrawal_status) } : null;
}

/** The facts of a withdrawal the auto-pay rules start from. */
export type WithdrawalBrief = { id: bigint; memberId: bigint; amountSystemMinor: bigint; status: number };

export async function selectWithdrawalBrief(db: DbOrTx, id: bigint): Promise<WithdrawalBrief | null> {
  const rows = await db.execute<{ member_id: string; amount_system_minor: string; status: number }>(sql`
    SELECT member_id::text, amount_system_minor::text, status FROM withdrawals WHERE id = ${id}`);
  const row = rows.rows[0];
  return row
    ? {
        id,
        memberId: BigInt(row.member_id),
        amountSystemMinor: parseDbMinor(row.amount_system_minor),
        status: Number(row.status),
      }
    : null;
}
