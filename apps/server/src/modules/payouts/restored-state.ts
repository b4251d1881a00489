import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { queryPayout, requirePayout } from './payout-results.ts';
import type { PayoutRow } from './payouts.repository.ts';

/**
 * The restored state (issue 25 §4, decision 054). A point-in-time restore brings the database back to its recovery
 * point, but the providers kept what happened after it: a payout the database shows `approved`, `sent` or `unknown`
 * may have been sent, paid or failed since. So the restore marks the restored database (`markRestored`, run by
 * deploy/backup/restore-drill.ts before Tuzo starts on it) with every payout then in flight; while that mark is open
 * no payout is claimed for sending (the one check, in `claimSend`; retries refuse; after RESTORE_HOLDS_ALL_MS a payout
 * asked about and unanswered holds only itself), and the payout sweep asks the
 * provider about each payout still waiting through the existing status query (Daraja transaction status, Flutterwave
 * transfer fetch), whose answer settles it by the usual rules (paid once, a failure refunded). The mark clears itself
 * once every payout has an answer: a final state, or the provider's `not-found` (which waits for an operator as ever).
 */

/** A payout asked about and still unanswered is asked again after this long. */
const REASK_AFTER_MS = 60_000;

export interface RestoredState {
  restoreId: bigint;
  /** The last commit the restore replayed (the database's clock), when the restore knew it. */
  recoveryPoint: Date | null;
  markedAt: Date;
  /** Payouts in flight at the recovery point, and those of them still waiting for their provider's answer. */
  inFlight: number;
  awaiting: number;
}

type Answer = 'paid' | 'failed' | 'completed' | 'not-found';

/**
 * Marks a just-restored database: one open restore, and one check per payout in flight (approved, sent, unknown).
 * Answers the restore's id and how many payouts wait. Refused (unique index) while another restore is still open.
 */
export async function markRestored(
  db: DbOrTx,
  input: { recoveryPoint: Date | null; at: Date; note?: string },
): Promise<{ restoreId: bigint; payouts: number }> {
  const rows = await db.execute<{ id: string; payouts: string }>(sql`
    WITH restore AS (
      INSERT INTO database_restores (recovery_point, marked_at, note)
      VALUES (${input.recoveryPoint}, ${input.at}, ${input.note ?? null}) RETURNING id
    ), checks AS (
      INSERT INTO restore_payout_checks (restore_id, payout_id, state_at_restore)
      SELECT restore.id, p.id, p.state FROM restore, payouts p WHERE p.state IN ('approved', 'sent', 'unknown')
      RETURNING payout_id
    )
    SELECT (SELECT id::text FROM restore) AS id, (SELECT count(*)::text FROM checks) AS payouts`);
  const row = rows.rows[0]!;
  return { restoreId: BigInt(row.id), payouts: Number(row.payouts) };
}

/** The open restore, or null when payouts run as usual. */
export async function readRestoredState(db: DbOrTx): Promise<RestoredState | null> {
  const rows = await db.execute<{
    id: string;
    recovery_point: string | null;
    marked_at: string;
    in_flight: string;
    awaiting: string;
  }>(sql`
    SELECT r.id::text, r.recovery_point, r.marked_at,
           (SELECT count(*) FROM restore_payout_checks c WHERE c.restore_id = r.id)::text AS in_flight,
           (SELECT count(*) FROM restore_payout_checks c WHERE c.restore_id = r.id AND c.answered_at IS NULL)::text AS awaiting
    FROM database_restores r WHERE r.cleared_at IS NULL`);
  const row = rows.rows[0];
  if (!row) return null;
  return {
    restoreId: BigInt(row.id),
    recoveryPoint: row.recovery_point === null ? null : new Date(row.recovery_point),
    markedAt: new Date(row.marked_at),
    inFlight: Number(row.in_flight),
    awaiting: Number(row.awaiting),
  };
}

/** Throws while a restore is open: no payout may be sent until the provider answered about every one in flight. */
export async function refuseWhileRestored(db: DbOrTx): Promise<void> {
  const state = await readRestoredState(db);
  if (!state) return;
  throw new AppError(
    'CONFLICT',
    `Payouts are paused after a database restore: ${state.awaiting} of ${state.inFlight} payouts in flight at the ` +
      'recovery point still wait for their provider’s answer; they resume by themselves once all have answered',
  );
}

/** What settles the question about a payout after a restore: a final state, or a provider answer since the mark. */
function answerOf(payout: PayoutRow, markedAt: Date): Answer | null {
  if (payout.state === 'paid' || payout.state === 'failed') return payout.state;
  if (payout.providerAnswer && payout.providerAnswerAt && payout.providerAnswerAt >= markedAt) return payout.providerAnswer;
  return null;
}

async function waitingChecks(db: DbOrTx, restoreId: bigint): Promise<Array<{ payoutId: bigint; askedAt: Date | null }>> {
  const rows = await db.execute<{ payout_id: string; asked_at: string | null }>(sql`
    SELECT payout_id::text, asked_at FROM restore_payout_checks
    WHERE restore_id = ${restoreId} AND answered_at IS NULL ORDER BY payout_id`);
  return rows.rows.map((row) => ({
    payoutId: BigInt(row.payout_id),
    askedAt: row.asked_at === null ? null : new Date(row.asked_at),
  }));
}

async function recordCheck(
  db: DbOrTx,
  key: { restoreId: bigint; payoutId: bigint },
  fields: { askedAt: Date } | { answer: Answer; answeredAt: Date },
): Promise<void> {
  const set =
    'askedAt' in fields ? sql`asked_at = ${fields.askedAt}` : sql`answer = ${fields.answer}, answered_at = ${fields.answeredAt}`;
  await db.execute(
    sql`UPDATE restore_payout_checks SET ${set} WHERE restore_id = ${key.restoreId} AND payout_id = ${key.payoutId}`,
  );
}

/** One payout of the open restore: answered already, or asked now (again after REASK_AFTER_MS) by the status query. */
async function checkOne(
  deps: AppDeps,
  restore: RestoredState,
  check: { payoutId: bigint; askedAt: Date | null },
): Promise<'answered' | 'asked' | 'waiting'> {
  const key = { restoreId: restore.restoreId, payoutId: check.payoutId };
  let answer = answerOf(await requirePayout(deps, check.payoutId), restore.markedAt);
  let asked = false;
  const now = deps.clock.now();
  if (!answer && (check.askedAt === null || now.getTime() - check.askedAt.getTime() >= REASK_AFTER_MS)) {
    // Recorded first: a second node's sweep (or a crash) between asking and recording still shows it was asked.
    await recordCheck(deps.db, key, { askedAt: now });
    await queryPayout(deps, check.payoutId);
    asked = true;
    // Flutterwave answers at once; M-Pesa's answer comes to the status URL and is found on a later sweep.
    answer = answerOf(await requirePayout(deps, check.payoutId), restore.markedAt);
  }
  if (!answer) return asked ? 'asked' : 'waiting';
  await recordCheck(deps.db, key, { answer, answeredAt: deps.clock.now() });
  return 'answered';
}

/**
 * Part of the payout sweep: asks about every payout of the open restore that has no answer yet, records the answers,
 * and clears the restore once none is left (payouts resume). Does nothing when no restore is open.
 */
export async function checkRestoredPayouts(
  deps: AppDeps,
): Promise<{ asked: number; answered: number; awaiting: number; cleared: boolean } | null> {
  const restore = await readRestoredState(deps.db);
  if (!restore) return null;
  const counts = { asked: 0, answered: 0, waiting: 0 };
  for (const check of await waitingChecks(deps.db, restore.restoreId)) {
    try {
      const outcome = await checkOne(deps, restore, check);
      if (outcome === 'answered') counts.answered += 1;
      else counts.waiting += 1;
      if (outcome === 'asked') counts.asked += 1;
    } catch (error) {
      counts.waiting += 1;
      deps.log.error({ err: error, payoutId: check.payoutId.toString() }, 'Asking about a restored payout failed');
    }
  }
  const cleared = counts.waiting === 0;
  if (cleared) {
    await deps.db.execute(
      sql`UPDATE database_restores SET cleared_at = ${deps.clock.now()} WHERE id = ${restore.restoreId} AND cleared_at IS NULL`,
    );
    deps.log.info(
      { restoreId: restore.restoreId.toString() },
      'Every payout in flight at the restore has an answer: payouts resume',
    );
  }
  return { asked: counts.asked, answered: counts.answered, awaiting: counts.waiting, cleared };
}
