import { statementsDuring } from './statements.ts';
import { callAction } from './harness.ts';
import type { CountriesApp } from './countries-app.ts';
import { createMember, type TestMember } from './money-fixtures.ts';

/**
 * What bonuses-one-call.test.ts and trivia-one-call.test.ts share (migration 0528, decision 065): members, the
 * statements an action sends after the session check (counted as test/money-round-trips.test.ts counts them), and
 * the rows a movement wrote.
 */
export function oneCallRewards({ t, c }: CountriesApp) {
  /** A member (its session outlives any clock the test moves). */
  async function member(options: { status?: 'active' | 'inactive'; sponsor?: TestMember; countryId?: number } = {}) {
    return createMember(t, {
      countryId: options.countryId ?? c.kes,
      status: options.status ?? 'active',
      sponsor: options.sponsor,
    });
  }

  /** The action's answer and its statements (those naming its tables), the process's reference copy loaded first. */
  async function tripsOf(m: TestMember, action: string, payload?: unknown, options: { loadReference?: boolean } = {}) {
    if (options.loadReference ?? true) {
      const [current] = await t.sql<{ version: string }>(`SELECT version::text FROM reference_version WHERE id`);
      await t.app.deps.reference.at(current!.version);
    }
    const { result: res, statements } = await statementsDuring(() =>
      callAction(t.app, action, { method: payload === undefined ? 'GET' : 'POST', token: m.token, payload }),
    );
    const trips = statements.filter((text) =>
      /bonus|trivia|ledger|members|countries|settings|reference|team_counts|^(begin|commit|rollback)$/i.test(text),
    );
    return { res, trips: trips.map((text) => text.slice(0, 60)) };
  }

  /** What the movement wrote for the member's transaction of `kind`: the transaction, notification and audit row. */
  async function movementRows(m: TestMember, kind: string, action: string) {
    const id = m.id.toString();
    const [tx] = await t.sql<Record<string, unknown>>(
      `SELECT idempotency_key, memo, rate_micro::text, local_amount_minor::text, local_currency, request, created_at
       FROM ledger_transactions WHERE member_id = $1 AND kind = $2`,
      [id, kind],
    );
    const notes = await t.sql<{ msg: string; severity: string }>(
      `SELECT msg, severity FROM member_notifications WHERE member_id = $1 ORDER BY id`,
      [id],
    );
    const [audit] = await t.sql<{ actor: string; target_type: string; target_id: string; after: Record<string, unknown> }>(
      `SELECT actor_id::text AS actor, target_type, target_id, after FROM audit_log WHERE action = $1 AND target_id = $2`,
      [action, id],
    );
    return { tx, notes, audit };
  }

  return { member, tripsOf, movementRows };
}
