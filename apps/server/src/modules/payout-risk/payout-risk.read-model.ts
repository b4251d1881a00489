import { sql } from 'drizzle-orm';
import { parseDbMinor, type PayoutFlagKind } from '@tuzo/contracts';
import type { DbOrTx } from '../../db/client.ts';

/**
 * Read model (docs/ARCHITECTURE.md "Owners"): the flag list and the auto-pay facts read across owners in one statement
 * each, read-only (withdrawals, payouts, members). The risk checks of a new withdrawal read across owners too, inside
 * the withdrawal's one call: `payout_risk_raise_flags`, migration 0525.
 */

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
