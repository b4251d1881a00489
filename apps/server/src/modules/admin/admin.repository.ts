import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { members } from '../../db/schema.ts';

/** A member's username by id (the four-eyes request names the member). */
export async function selectMemberById(db: DbOrTx, id: bigint) {
  const rows = await db.select({ id: members.id, username: members.username }).from(members).where(eq(members.id, id)).limit(1);
  return rows[0] ?? null;
}

/**
 * Pending manual deposit codes (the deposits module's `code_reviews` queue), oldest first, with the member and the
 * currency they pay in. Read-only: deciding goes through the deposits module's `creditManualCode`.
 */
export async function selectPendingCodeReviews(db: DbOrTx, input: { offset: number; limit: number }) {
  const rows = await db.execute<{
    id: string;
    username: string;
    phone: string;
    code: string;
    currency: string;
    created_at: Date | string;
  }>(sql`
    SELECT r.id::text AS id, m.username, m.phone, r.code, c.currency, r.created_at
    FROM code_reviews r
    JOIN members m ON m.id = r.member_id
    JOIN countries c ON c.id = m.country_id
    WHERE r.status = 'pending'
    ORDER BY r.created_at, r.id
    OFFSET ${input.offset} LIMIT ${input.limit}`);
  const total = await db.execute<{ n: string }>(sql`SELECT count(*)::text AS n FROM code_reviews WHERE status = 'pending'`);
  return { rows: rows.rows, total: Number(total.rows[0]?.n ?? 0) };
}
