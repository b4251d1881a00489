import { sql, type SQL } from 'drizzle-orm';
import type { PayoutProvider, PayoutState, ProviderAnswer } from '@tuzo/contracts';
import type { DbOrTx } from '../../db/client.ts';

/** One payout as the console lists it, with the member's username (members is a kernel table any module may read). */
export type PayoutQueueRow = {
  id: string;
  withdrawal_id: string;
  attempt: number;
  username: string;
  phone: string;
  provider: PayoutProvider;
  state: PayoutState;
  reference: string;
  amount_minor: string;
  currency: string;
  receipt: string | null;
  receiver_name: string | null;
  failure_reason: string | null;
  provider_detail: string | null;
  created_at: string;
  sent_at: string | null;
  settled_at: string | null;
  provider_answer: ProviderAnswer | null;
  provider_answer_detail: string | null;
  provider_answer_at: string | null;
};

const QUEUE_COLUMNS = sql.raw(`p.id::text, p.withdrawal_id::text, p.attempt, m.username, p.phone, p.provider, p.state,
  p.reference, p.amount_minor::text, p.currency, p.receipt, p.receiver_name, p.failure_reason, p.provider_detail,
  p.created_at, p.sent_at, p.settled_at, p.provider_answer, p.provider_answer_detail, p.provider_answer_at`);

/** The payout queue, newest first, by state, provider and member; with the count of every state. */
export async function selectPayoutQueue(
  db: DbOrTx,
  input: { state?: PayoutState; provider?: PayoutProvider; username?: string; offset: number; limit: number },
): Promise<{ rows: PayoutQueueRow[]; total: number; counts: Record<string, number> }> {
  const filters: SQL[] = [sql`true`];
  if (input.state) filters.push(sql`p.state = ${input.state}`);
  if (input.provider) filters.push(sql`p.provider = ${input.provider}`);
  if (input.username) filters.push(sql`m.username = ${input.username}`);
  const where = sql.join(filters, sql` AND `);
  const rows = await db.execute<PayoutQueueRow>(sql`
    SELECT ${QUEUE_COLUMNS} FROM payouts p JOIN members m ON m.id = p.member_id
    WHERE ${where} ORDER BY p.created_at DESC, p.id DESC OFFSET ${input.offset} LIMIT ${input.limit}`);
  const total = await db.execute<{ total: string }>(
    sql`SELECT count(*)::text AS total FROM payouts p JOIN members m ON m.id = p.member_id WHERE ${where}`,
  );
  const counts = await db.execute<{ state: string; n: string }>(
    sql`SELECT state, count(*)::text AS n FROM payouts GROUP BY state`,
  );
  return {
    rows: rows.rows,
    total: Number(total.rows[0]?.total ?? 0),
    counts: Object.fromEntries(counts.rows.map((row) => [row.state, Number(row.n)])),
  };
}

export async function selectQueueRow(db: DbOrTx, id: bigint): Promise<PayoutQueueRow | null> {
  const rows = await db.execute<PayoutQueueRow>(
    sql`SELECT ${QUEUE_COLUMNS} FROM payouts p JOIN members m ON m.id = p.member_id WHERE p.id = ${id}`,
  );
  return rows.rows[0] ?? null;
}

export async function selectBalances(db: DbOrTx) {
  const rows = await db.execute<{
    provider: PayoutProvider;
    currency: string;
    balance_minor: string;
    source: string;
    reported_at: string;
    low_since: string | null;
  }>(
    sql`SELECT provider, currency, balance_minor::text, source, reported_at, low_since FROM payout_balances ORDER BY provider, currency`,
  );
  return rows.rows;
}
