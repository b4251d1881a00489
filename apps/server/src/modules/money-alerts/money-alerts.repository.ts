import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/** SQL of the operator alerts about money a provider's answer did not let move (decision 046). */

export type MoneyAlertKind = 'deposit_refused' | 'payout_mismatch' | 'double_payment';

export interface NewMoneyAlert {
  kind: MoneyAlertKind;
  payoutId?: bigint | null;
  notificationId?: bigint | null;
  memberId?: bigint | null;
  transactionCode?: string | null;
  detail: string;
  dedupeKey: string;
  at: Date;
}

/** Stores the alert once per dedupe key; answers its id, or null when it was already recorded. */
export async function insertMoneyAlert(db: DbOrTx, alert: NewMoneyAlert): Promise<bigint | null> {
  const rows = await db.execute<{ id: string }>(sql`
    INSERT INTO money_alerts (kind, payout_id, notification_id, member_id, transaction_code, detail, created_at, dedupe_key)
    VALUES (${alert.kind}, ${alert.payoutId ?? null}, ${alert.notificationId ?? null}, ${alert.memberId ?? null},
            ${alert.transactionCode?.slice(0, 64) ?? null}, ${alert.detail.slice(0, 1000)}, ${alert.at},
            ${alert.dedupeKey.slice(0, 200)})
    ON CONFLICT (dedupe_key) DO NOTHING
    RETURNING id::text`);
  const row = rows.rows[0];
  return row ? BigInt(row.id) : null;
}

/** Active operators (each gets a message about a new alert). */
export async function selectOperatorIds(db: DbOrTx): Promise<bigint[]> {
  const rows = await db.execute<{ id: string }>(
    sql`SELECT id::text FROM members WHERE role = 'operator' AND disabled_at IS NULL ORDER BY id`,
  );
  return rows.rows.map((row) => BigInt(row.id));
}

export type MoneyAlertRow = {
  id: string;
  kind: MoneyAlertKind;
  payout_id: string | null;
  username: string | null;
  transaction_code: string | null;
  detail: string;
  created_at: string;
};

/** The newest alerts, all or one payout's. */
export async function selectMoneyAlerts(db: DbOrTx, input: { payoutId?: bigint; limit: number }): Promise<MoneyAlertRow[]> {
  const where = input.payoutId === undefined ? sql`TRUE` : sql`a.payout_id = ${input.payoutId}`;
  const rows = await db.execute<MoneyAlertRow>(sql`
    SELECT a.id::text, a.kind, a.payout_id::text, m.username, a.transaction_code, a.detail, a.created_at
    FROM money_alerts a LEFT JOIN members m ON m.id = a.member_id
    WHERE ${where} ORDER BY a.id DESC LIMIT ${input.limit}`);
  return rows.rows;
}
