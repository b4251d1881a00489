import { sql, type SQL } from 'drizzle-orm';
import { parseDbMinor, type PayoutProvider, type PayoutState, type ProviderAnswer } from '@tuzo/contracts';
import type { DbOrTx } from '../../db/client.ts';

/** A payout row as the service uses it. */
export interface PayoutRow {
  id: bigint;
  withdrawalId: bigint;
  attempt: number;
  memberId: bigint;
  provider: PayoutProvider;
  state: PayoutState;
  reference: string;
  phone: string;
  amountMinor: bigint;
  currency: string;
  conversationId: string | null;
  receipt: string | null;
  receiverName: string | null;
  failureReason: string | null;
  providerDetail: string | null;
  approvedBy: bigint | null;
  sendStartedAt: Date | null;
  sentAt: Date | null;
  unknownSince: Date | null;
  queryConversationId: string | null;
  querySentAt: Date | null;
  settledAt: Date | null;
  settledBy: 'result' | 'query' | 'send' | 'operator' | null;
  /** The provider's last status answer (decision 046). */
  providerAnswer: ProviderAnswer | null;
  providerAnswerDetail: string | null;
  providerAnswerAt: Date | null;
  createdAt: Date;
}

type RawPayout = Record<string, string | number | null>;

const COLUMNS = sql.raw(`id::text, withdrawal_id::text, attempt, member_id::text, provider, state, reference, phone,
  amount_minor::text, currency, conversation_id, receipt, receiver_name, failure_reason, provider_detail,
  approved_by::text, send_started_at, sent_at, unknown_since, query_conversation_id, query_sent_at, settled_at, created_at,
  settled_by, provider_answer, provider_answer_detail, provider_answer_at`);

function date(value: string | number | null | undefined): Date | null {
  return value === null || value === undefined ? null : new Date(value);
}

function text(value: string | number | null | undefined): string | null {
  return value === null || value === undefined ? null : String(value);
}

export function toPayout(row: RawPayout): PayoutRow {
  return {
    id: BigInt(String(row.id)),
    withdrawalId: BigInt(String(row.withdrawal_id)),
    attempt: Number(row.attempt),
    memberId: BigInt(String(row.member_id)),
    provider: String(row.provider) as PayoutProvider,
    state: String(row.state) as PayoutState,
    reference: String(row.reference),
    phone: String(row.phone),
    amountMinor: parseDbMinor(String(row.amount_minor)),
    currency: String(row.currency),
    conversationId: text(row.conversation_id),
    receipt: text(row.receipt),
    receiverName: text(row.receiver_name),
    failureReason: text(row.failure_reason),
    providerDetail: text(row.provider_detail),
    approvedBy: row.approved_by === null ? null : BigInt(String(row.approved_by)),
    sendStartedAt: date(row.send_started_at),
    sentAt: date(row.sent_at),
    unknownSince: date(row.unknown_since),
    queryConversationId: text(row.query_conversation_id),
    querySentAt: date(row.query_sent_at),
    settledAt: date(row.settled_at),
    settledBy: text(row.settled_by) as PayoutRow['settledBy'],
    providerAnswer: text(row.provider_answer) as ProviderAnswer | null,
    providerAnswerDetail: text(row.provider_answer_detail),
    providerAnswerAt: date(row.provider_answer_at),
    createdAt: new Date(String(row.created_at)),
  };
}

async function selectOne(db: DbOrTx, where: SQL, lock = false): Promise<PayoutRow | null> {
  const rows = await db.execute<RawPayout>(
    sql`SELECT ${COLUMNS} FROM payouts WHERE ${where} ${lock ? sql`FOR UPDATE` : sql``} LIMIT 1`,
  );
  const row = rows.rows[0];
  return row ? toPayout(row) : null;
}

export const selectPayout = (db: DbOrTx, id: bigint) => selectOne(db, sql`id = ${id}`);
export const lockPayout = (db: DbOrTx, id: bigint) => selectOne(db, sql`id = ${id}`, true);
export const selectPayoutByReceipt = (db: DbOrTx, receipt: string) => selectOne(db, sql`receipt = ${receipt}`);
export const selectPayoutByReference = (db: DbOrTx, reference: string) => selectOne(db, sql`reference = ${reference}`);
export const selectPayoutByQuery = (db: DbOrTx, queryConversationId: string) =>
  selectOne(db, sql`query_conversation_id = ${queryConversationId}`);
export const selectLivePayout = (db: DbOrTx, withdrawalId: bigint) =>
  selectOne(db, sql`withdrawal_id = ${withdrawalId} AND state IN ('approved', 'sent', 'unknown')`);

/** The latest attempt of a withdrawal (to number the next one and to answer about it). */
export const selectLatestPayout = (db: DbOrTx, withdrawalId: bigint) =>
  selectOne(db, sql`withdrawal_id = ${withdrawalId} ORDER BY attempt DESC`);

export async function insertPayout(
  tx: DbOrTx,
  input: {
    withdrawalId: bigint;
    memberId: bigint;
    provider: PayoutProvider;
    reference: string;
    phone: string;
    amountMinor: bigint;
    currency: string;
    approvedBy: bigint | null;
    approvalId: bigint | null;
    at: Date;
  },
): Promise<PayoutRow> {
  const rows = await tx.execute<RawPayout>(sql`
    INSERT INTO payouts (withdrawal_id, attempt, member_id, provider, state, reference, phone, amount_minor, currency,
                         approved_by, approval_id, created_at)
    VALUES (${input.withdrawalId},
            (SELECT COALESCE(MAX(attempt), 0) + 1 FROM payouts WHERE withdrawal_id = ${input.withdrawalId}),
            ${input.memberId}, ${input.provider}, 'approved', ${input.reference}, ${input.phone}, ${input.amountMinor},
            ${input.currency}, ${input.approvedBy}, ${input.approvalId}, ${input.at})
    RETURNING ${COLUMNS}`);
  const row = rows.rows[0];
  if (!row) throw new Error('Payout insert returned no row');
  return toPayout(row);
}

/**
 * After a database restore (decision 054), every send waits this long for the providers' answers about the payouts in
 * flight at the recovery point; after it, a payout its provider has been asked about but not answered (a provider
 * that times out) holds only itself, and the others go.
 */
export const RESTORE_HOLDS_ALL_MS = 10 * 60_000;

/**
 * Claims the right to send: only one process ever sends a payout (the row is committed before, the request after).
 * The one place the restored state (decision 054) is checked: while a restore is open, nothing is claimed until every
 * payout in flight at the recovery point was asked about and answered (or RESTORE_HOLDS_ALL_MS passed since the mark),
 * and a payout of the restore still without an answer is never claimed.
 */
export async function claimSend(db: DbOrTx, id: bigint, at: Date): Promise<PayoutRow | null> {
  const rows = await db.execute<RawPayout>(sql`
    UPDATE payouts SET send_started_at = ${at}
    WHERE id = ${id} AND state = 'approved' AND send_started_at IS NULL
      AND NOT EXISTS (
        SELECT 1 FROM restore_payout_checks c JOIN database_restores r ON r.id = c.restore_id
        WHERE r.cleared_at IS NULL AND c.answered_at IS NULL
          AND (c.payout_id = payouts.id OR c.asked_at IS NULL OR r.marked_at > ${new Date(at.getTime() - RESTORE_HOLDS_ALL_MS)}))
    RETURNING ${COLUMNS}`);
  const row = rows.rows[0];
  return row ? toPayout(row) : null;
}

export async function updatePayout(
  tx: DbOrTx,
  id: bigint,
  fields: Partial<{
    state: PayoutState;
    conversationId: string;
    sentAt: Date;
    unknownSince: Date;
    receipt: string;
    receiverName: string | null;
    providerFeeMinor: bigint | null;
    failureCode: string | null;
    failureReason: string;
    providerDetail: string | null;
    settledAt: Date;
    settledBy: 'result' | 'query' | 'send' | 'operator';
    settleTransactionId: bigint;
    queryConversationId: string | null;
    querySentAt: Date;
    providerAnswer: ProviderAnswer;
    providerAnswerDetail: string | null;
    providerAnswerAt: Date;
  }>,
): Promise<void> {
  const columns: Record<string, unknown> = {
    state: fields.state,
    conversation_id: fields.conversationId,
    sent_at: fields.sentAt,
    unknown_since: fields.unknownSince,
    receipt: fields.receipt,
    receiver_name: fields.receiverName,
    provider_fee_minor: fields.providerFeeMinor,
    failure_code: fields.failureCode,
    failure_reason: fields.failureReason,
    provider_detail: fields.providerDetail,
    settled_at: fields.settledAt,
    settled_by: fields.settledBy,
    settle_transaction_id: fields.settleTransactionId,
    query_conversation_id: fields.queryConversationId,
    query_sent_at: fields.querySentAt,
    provider_answer: fields.providerAnswer,
    provider_answer_detail: fields.providerAnswerDetail,
    provider_answer_at: fields.providerAnswerAt,
  };
  const sets = Object.entries(columns)
    .filter(([, value]) => value !== undefined)
    .map(([column, value]) => sql`${sql.identifier(column)} = ${value}`);
  if (fields.querySentAt !== undefined) sets.push(sql`query_attempts = query_attempts + 1`);
  if (sets.length === 0) return;
  await tx.execute(sql`UPDATE payouts SET ${sql.join(sets, sql`, `)} WHERE id = ${id}`);
}

/** Records one exchange with the provider (the body already redacted). */
export async function insertExchange(
  db: DbOrTx,
  input: { payoutId: bigint | null; kind: string; httpStatus: number | null; body: unknown; at: Date },
): Promise<void> {
  await db.execute(sql`
    INSERT INTO payout_exchanges (payout_id, kind, http_status, body, at)
    VALUES (${input.payoutId}, ${input.kind}, ${input.httpStatus}, ${JSON.stringify(input.body ?? null)}::jsonb, ${input.at})`);
}

export async function selectExchanges(db: DbOrTx, payoutId: bigint, limit: number) {
  const rows = await db.execute<{ id: string; kind: string; http_status: number | null; body: unknown; at: string }>(sql`
    SELECT id::text, kind, http_status, body, at FROM payout_exchanges WHERE payout_id = ${payoutId} ORDER BY id LIMIT ${limit}`);
  return rows.rows;
}

export type ParkedKind = 'b2c_result' | 'status_result';

export async function parkResult(
  db: DbOrTx,
  input: { kind: ParkedKind; reference: string | null; conversationId: string | null; body: unknown; at: Date },
): Promise<void> {
  await db.execute(sql`
    INSERT INTO payout_parked_results (kind, reference, conversation_id, body, received_at)
    VALUES (${input.kind}, ${input.reference}, ${input.conversationId}, ${JSON.stringify(input.body)}::jsonb, ${input.at})`);
}

/** Takes (marks applied) the parked results of a conversation, in arrival order. */
export async function takeParkedResults(
  tx: DbOrTx,
  input: { conversationId: string; at: Date },
): Promise<{ kind: ParkedKind; body: unknown }[]> {
  const rows = await tx.execute<{ id: string; kind: ParkedKind; body: unknown }>(sql`
    UPDATE payout_parked_results SET applied_at = ${input.at}
    WHERE id IN (SELECT id FROM payout_parked_results WHERE conversation_id = ${input.conversationId} AND applied_at IS NULL
                 ORDER BY id FOR UPDATE)
    RETURNING id::text, kind, body`);
  return rows.rows.sort((a, b) => Number(BigInt(a.id) - BigInt(b.id))).map((row) => ({ kind: row.kind, body: row.body }));
}

/**
 * Payouts the sweep must act on: never claimed, sent with no result in time, and unknown ones due a query (not those
 * the provider answered "not found": they wait for an operator, decision 046).
 */
export async function selectDuePayouts(
  db: DbOrTx,
  input: { unclaimedBefore: Date; resultBefore: Date; queryBefore: Date; limit: number },
): Promise<PayoutRow[]> {
  const rows = await db.execute<RawPayout>(sql`
    SELECT ${COLUMNS} FROM payouts
    WHERE (state = 'approved' AND send_started_at IS NULL AND created_at < ${input.unclaimedBefore})
       OR (state = 'approved' AND send_started_at < ${input.resultBefore})
       OR (state = 'sent' AND sent_at < ${input.resultBefore})
       OR (state = 'unknown' AND provider_answer IS DISTINCT FROM 'not-found'
           AND (query_sent_at IS NULL OR query_sent_at < ${input.queryBefore}))
    ORDER BY id LIMIT ${input.limit}`);
  return rows.rows.map(toPayout);
}

/** The withdrawals among `withdrawalIds` with a payout on its way (approved, sent or unknown), and that payout's state. */
export async function selectLivePayoutStates(
  db: DbOrTx,
  withdrawalIds: bigint[],
): Promise<Array<{ withdrawalId: bigint; state: PayoutState }>> {
  if (withdrawalIds.length === 0) return [];
  const ids = sql.join(
    withdrawalIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = await db.execute<{ withdrawal_id: string; state: PayoutState }>(sql`
    SELECT withdrawal_id::text, state FROM payouts
    WHERE withdrawal_id IN (${ids}) AND state IN ('approved', 'sent', 'unknown')`);
  return rows.rows.map((row) => ({ withdrawalId: BigInt(row.withdrawal_id), state: row.state }));
}

/** Whether some payout was paid with this receipt (any state: a receipt is unique to one payment). */
export async function existsPayoutReceipt(db: DbOrTx, receipt: string): Promise<boolean> {
  const rows = await db.execute(sql`SELECT 1 FROM payouts WHERE receipt = ${receipt} LIMIT 1`);
  return rows.rows.length > 0;
}
