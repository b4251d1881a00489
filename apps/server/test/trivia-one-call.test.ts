import { describe, expect, it } from 'vitest';
import { reconcileLedger } from '../src/ledger/reconcile.ts';
import { recordMovement } from '../src/ledger/movement.ts';
import { SettableClock } from '../src/lib/clock.ts';
import { callAction } from './harness.ts';
import { useCountriesApp } from './countries-app.ts';
import { wallets, type TestMember } from './money-fixtures.ts';
import { oneCallRewards } from './one-call-rewards.ts';

/**
 * `answerdquiz` in one call to PostgreSQL (trivia_answer, migration 0528, decision 065): the statements after the
 * session check (before: a submission 8, a refusal 5), the answers, the round and the rows the movement writes (as
 * recordMovement wrote them), a late round, the bank copy reloaded after an operator's edit, and the reconcile.
 * Every fixture runs on the test's clock (2026-11-25 09:00 UTC, 12:00 in Nairobi), never the database's now().
 */
const clock = new SettableClock(new Date('2026-11-25T09:00:00Z'));
const app = useCountriesApp({}, { clock });
const { t, c } = app;
const { member, tripsOf, movementRows } = oneCallRewards(app);

const ANSWER = 'SELECT trivia_answer($1::jsonb) AS r';

/** Starts today's round; the right option of each question served. */
async function startRound(m: TestMember): Promise<{ qids: string[]; right: Map<string, string> }> {
  const res = await callAction(t.app, 'populatetrivia', { token: m.token });
  expect(res.status).toBe(200);
  const qids = (res.data as { qid: string }[]).map((q) => q.qid);
  const rows = await t.sql<{ id: string; right: string }>(
    'SELECT id::text AS id, options[correct] AS right FROM trivia_questions WHERE id = ANY($1::bigint[])',
    [qids],
  );
  return { qids, right: new Map(rows.map((r) => [r.id, r.right])) };
}

describe('answerdquiz in one call', () => {
  it('grades, closes the round and pays in one statement, refusals too, writing what recordMovement wrote', async () => {
    const m = await member();
    expect((await tripsOf(m, 'answerdquiz', { answers: [{ qid: '1', answer: 'x' }] })).res).toMatchObject({
      status: 409,
      code: 'CONFLICT',
      msg: 'Start today’s trivia first.',
    });
    const notStarted = await tripsOf(m, 'answerdquiz', { answers: [] });
    expect(notStarted.trips).toEqual([ANSWER]); // this process's copy of the bank is loaded by now
    const { qids, right } = await startRound(m);
    clock.advance(30_000);
    const answers = [
      ...qids.slice(0, 3).map((qid) => ({ qid, answer: ` ${right.get(qid)!.toUpperCase()} ` })),
      { qid: qids[0], answer: 'a repeat scores nothing' },
    ];
    const paid = await tripsOf(m, 'answerdquiz', { answers });
    expect(paid.trips).toEqual([ANSWER]);
    expect(paid.res).toMatchObject({
      status: 200,
      msg: 'You got 3 of 10 right and earned KES 6.00.',
      data: { correct: 3, total: 10, amount: '6.00', currency: 'KES', late: false },
    });
    expect((await wallets(t, m.id)).balance).toBe(600n);
    const [round] = await t.sql<{ id: string; submitted_at: Date; correct_count: number; answers: unknown }>(
      'SELECT id::text AS id, submitted_at, correct_count, answers FROM trivia_rounds WHERE member_id = $1',
      [m.id.toString()],
    );
    expect(round).toMatchObject({ submitted_at: clock.now(), correct_count: 3 });
    expect(round!.answers).toEqual(answers.map((a, i) => ({ qid: a.qid, answer: a.answer, graded: i < 3, correct: i < 3 })));
    expect(
      await t.sql(
        'SELECT round_id::text AS round, day::text AS day, correct_count, amount_minor::text AS amount, created_at FROM trivia_payouts WHERE member_id = $1',
        [m.id.toString()],
      ),
    ).toEqual([{ round: round!.id, day: '2026-11-25', correct_count: 3, amount: '600', created_at: clock.now() }]);
    const rows = await movementRows(m, 'trivia', 'trivia.payout');
    expect(rows.tx).toEqual({
      idempotency_key: `trivia:${m.id}:2026-11-25`,
      memo: 'Trivia 2026-11-25: 3 correct',
      rate_micro: '1000000',
      local_amount_minor: '600',
      local_currency: 'KES',
      request: { kind: 'trivia', day: '2026-11-25' },
      created_at: clock.now(),
    });
    expect(rows.notes).toContainEqual({ msg: 'You got 3 of 10 right and earned KES 6.00.', severity: 'success' });
    expect(rows.audit!.after).toEqual({ transaction_id: expect.any(String), day: '2026-11-25', correct: 3, amount_minor: '600' });

    const again = await tripsOf(m, 'answerdquiz', { answers });
    expect(again.trips).toEqual([ANSWER]);
    expect(again.res).toMatchObject({
      status: 409,
      code: 'ALREADY_DONE',
      msg: 'You have already played trivia today. Come back tomorrow.',
    });
  });

  it('closes a late round without pay in one statement, in the member’s currency', async () => {
    const m = await member({ countryId: c.ugx });
    const { qids, right } = await startRound(m);
    clock.advance(65_001);
    const late = await tripsOf(m, 'answerdquiz', { answers: qids.map((qid) => ({ qid, answer: right.get(qid) })) });
    expect(late.trips).toEqual([ANSWER]);
    expect(late.res).toMatchObject({
      status: 200,
      msg: 'Time was up: your answers arrived too late and scored nothing (0 of 10).',
      data: { correct: 0, total: 10, amount: '0.00', currency: 'UGX', late: true },
    });
    expect(await t.sql('SELECT id FROM trivia_payouts WHERE member_id = $1', [m.id.toString()])).toEqual([]);
  });

  it('grades on the bank as it is now: an operator’s edit since this process read it is reloaded', async () => {
    const m = await member();
    const { qids, right } = await startRound(m);
    const [q1, q2] = qids as [string, string];
    // The right option of q1 changes after this process copied the bank: the old text no longer scores.
    await t.sql(`UPDATE trivia_questions SET options[correct] = options[correct] || ' (edited)' WHERE id = $1`, [q1]);
    try {
      const res = await tripsOf(m, 'answerdquiz', {
        answers: [
          { qid: q1, answer: right.get(q1) },
          { qid: q2, answer: right.get(q2) },
        ],
      });
      expect(res.res).toMatchObject({ status: 200, data: { correct: 1, amount: '2.00' } });
      expect(res.trips.filter((text) => text === ANSWER)).toHaveLength(2);
      expect(res.trips.filter((text) => text.includes('"options"["correct"]'))).toHaveLength(1);
    } finally {
      await t.sql(`UPDATE trivia_questions SET options[correct] = replace(options[correct], ' (edited)', '') WHERE id = $1`, [
        q1,
      ]);
    }
  });

  it('answers 409 and rolls the round back when the day’s key was used for another request', async () => {
    const m = await member();
    const { qids, right } = await startRound(m);
    await recordMovement(t.app.deps.db, {
      kind: 'trivia',
      idempotencyKey: `trivia:${m.id}:2026-11-25`,
      memberId: m.id,
      request: { kind: 'trivia', day: 'another request' },
      legs: [
        { account: { system: 'house:tasks' }, amountMinor: -1n },
        { account: { memberId: m.id, wallet: 'balance' }, amountMinor: 1n },
      ],
    });
    const res = await tripsOf(m, 'answerdquiz', { answers: [{ qid: qids[0], answer: right.get(qids[0]!) }] });
    expect(res.res).toMatchObject({
      status: 409,
      code: 'CONFLICT',
      msg: 'This idempotency key was already used for a different request',
    });
    expect(res.trips).toEqual([ANSWER]);
    const rounds = await t.sql('SELECT submitted_at, answers FROM trivia_rounds WHERE member_id = $1', [m.id.toString()]);
    expect(rounds).toEqual([{ submitted_at: null, answers: null }]);
    expect((await wallets(t, m.id)).balance).toBe(1n);
  });

  it('leaves the ledger reconciled', async () => {
    const report = await reconcileLedger(t.app.deps.db);
    expect(report.ok).toBe(true);
  });
});
