import { describe, expect, it } from 'vitest';
import { SettableClock } from '../src/lib/clock.ts';
import { callAction } from './harness.ts';
import { useCountriesApp } from './countries-app.ts';
import { createMember, shown, systemBalance, wallets, type TestMember } from './money-fixtures.ts';

// 2026-11-25 is a Wednesday; 09:00 UTC is 12:00 in Nairobi (the default TUZO_TIMEZONE).
const clock = new SettableClock(new Date('2026-11-25T09:00:00Z'));

const { t, c } = useCountriesApp({}, { clock });

const start = (m: TestMember) => callAction(t.app, 'populatetrivia', { token: m.token });
const submit = (m: TestMember, payload: unknown) => callAction(t.app, 'answerdquiz', { method: 'POST', token: m.token, payload });
const info = (m: TestMember) => callAction(t.app, 'triviainfo', { token: m.token });
/** An active member whose session outlives the test clock (sessions expire a day after the real now). */
async function member(countryId = c.kes, status: 'active' | 'inactive' = 'active'): Promise<TestMember> {
  const m = await createMember(t, { countryId, status });
  await t.sql(`UPDATE sessions SET expires_at = '2100-01-01' WHERE member_id = $1`, [m.id.toString()]);
  return m;
}

/** The right option text of each question (read for assertions only). */
async function rightAnswers(qids: string[]): Promise<Map<string, string>> {
  const rows = await t.sql<{ id: string; right: string }>(
    'SELECT id::text AS id, options[correct] AS right FROM trivia_questions WHERE id = ANY($1::bigint[])',
    [qids],
  );
  return new Map(rows.map((r) => [r.id, r.right]));
}

async function wrongAnswer(qid: string): Promise<string> {
  const rows = await t.sql<{ wrong: string }>(
    'SELECT options[CASE WHEN correct = 1 THEN 2 ELSE 1 END] AS wrong FROM trivia_questions WHERE id = $1',
    [qid],
  );
  return rows[0]!.wrong;
}

async function startRound(m: TestMember): Promise<{ qids: string[]; right: Map<string, string> }> {
  const res = await start(m);
  expect(res).toMatchObject({ status: 200, resultcode: true });
  const qids = (res.data as { qid: string }[]).map((q) => q.qid);
  return { qids, right: await rightAnswers(qids) };
}

describe('populatetrivia', () => {
  it('serves 10 distinct active questions without answers, then the same set with the time left', async () => {
    const m = await member();
    const first = await start(m);
    expect(first).toMatchObject({ status: 200, msg: '10 questions: 60 seconds left' });
    expect(first.data).toHaveLength(10);
    for (const q of first.data) expect(Object.keys(q).sort()).toEqual(['A1', 'A2', 'A3', 'A4', 'Question', 'qid']);
    expect(new Set(first.data.map((q: { qid: string }) => q.qid)).size).toBe(10);
    const served = await t.sql<{ started_at: Date; day: string }>(
      `SELECT started_at, day::text AS day FROM trivia_rounds WHERE member_id = $1`,
      [m.id.toString()],
    );
    expect(served).toEqual([{ started_at: clock.now(), day: '2026-11-25' }]);

    clock.advance(20_000);
    const again = await start(m);
    expect(again).toMatchObject({ status: 200, msg: '10 questions: 40 seconds left', data: first.data });
    expect((await info(m)).data).toMatchObject({
      state: 'started',
      secondsLeft: 40,
      price: '2.00',
      currency: 'KES',
      questions: 10,
      seconds: 60,
      isOpen: true,
    });
  });

  it('shows the price in the member’s currency', async () => {
    const m = await member(c.ugx);
    expect((await info(m)).data).toMatchObject({
      price: '57.00',
      currency: 'UGX',
      state: 'ready',
      secondsLeft: 0,
      correct: null,
    });
  });

  it('refuses an inactive member and a visitor', async () => {
    const inactive = await member(c.kes, 'inactive');
    expect((await start(inactive)).status).toBe(403);
    expect((await submit(inactive, { answers: [] })).status).toBe(403);
    expect((await callAction(t.app, 'populatetrivia')).status).toBe(401);
  });

  it('answers an empty list and the spec’s text when the bank has no active question', async () => {
    const m = await member();
    await t.sql('UPDATE trivia_questions SET active = false');
    try {
      expect(await start(m)).toMatchObject({ status: 200, data: [], msg: 'No trivia questions available' });
      expect(await t.sql('SELECT id FROM trivia_rounds WHERE member_id = $1', [m.id.toString()])).toEqual([]);
    } finally {
      await t.sql('UPDATE trivia_questions SET active = true');
    }
  });
});

describe('answerdquiz', () => {
  it('pays the trivia price per correct answer into Jumbo and the trivia total, once a day', async () => {
    const m = await member();
    const tasks = await systemBalance(t, 'house:tasks');
    const { qids, right } = await startRound(m);
    clock.advance(30_000);
    const res = await submit(m, { answers: qids.map((qid) => ({ qid, answer: right.get(qid) })) });
    expect(res).toMatchObject({
      status: 200,
      msg: 'You got 10 of 10 right and earned KES 20.00.',
      data: { correct: 10, total: 10, amount: '20.00', currency: 'KES', late: false },
    });
    expect((await wallets(t, m.id)).balance).toBe(2_000n);
    expect(await shown(t, m.id)).toMatchObject({ balance: '20.00', trivia: '20.00', profit: '20.00' });
    expect((await systemBalance(t, 'house:tasks')) - tasks).toBe(-2_000n);
    const payouts = await t.sql(
      `SELECT day::text AS day, correct_count, amount_minor::text AS amount FROM trivia_payouts WHERE member_id = $1`,
      [m.id.toString()],
    );
    expect(payouts).toEqual([{ day: '2026-11-25', correct_count: 10, amount: '2000' }]);

    // A second round the same day: refused, nothing paid.
    expect(await submit(m, { answers: qids.map((qid) => ({ qid, answer: right.get(qid) })) })).toMatchObject({
      status: 409,
      code: 'ALREADY_DONE',
    });
    expect(await start(m)).toMatchObject({
      status: 409,
      code: 'ALREADY_DONE',
      msg: 'You have already played trivia today. Come back tomorrow.',
    });
    expect((await info(m)).data).toMatchObject({ state: 'submitted', correct: 10, secondsLeft: 0 });
    expect((await wallets(t, m.id)).balance).toBe(2_000n);

    // The next operator day is a new round.
    clock.advance(24 * 3_600_000);
    const next = await start(m);
    expect(next).toMatchObject({ status: 200 });
    expect(next.data).toHaveLength(10);
  });

  it('matches option text trimmed and case-insensitively; grades served questions once each', async () => {
    const m = await member();
    const { qids, right } = await startRound(m);
    const [q1, q2, q3, q4] = qids as [string, string, string, string];
    const unserved = await t.sql<{ id: string; right: string }>(
      'SELECT id::text AS id, options[correct] AS right FROM trivia_questions WHERE NOT (id = ANY($1::bigint[])) LIMIT 1',
      [qids],
    );
    const res = await submit(m, {
      answers: [
        { qid: q1, answer: `  ${right.get(q1)!.toUpperCase()}  ` },
        { qid: Number(q2), answer: right.get(q2)!.toLowerCase() },
        { qid: q3, answer: await wrongAnswer(q3) },
        { qid: q3, answer: right.get(q3) }, // a repeat: the first answer to q3 counts
        { qid: q1, answer: right.get(q1) }, // a repeat of a right answer counts once
        { qid: q4, answer: '' },
        { qid: unserved[0]!.id, answer: unserved[0]!.right }, // never served to this member
        { qid: '999999999', answer: 'Nairobi' },
      ],
    });
    expect(res).toMatchObject({
      status: 200,
      data: { correct: 2, total: 10, amount: '4.00', late: false },
      msg: 'You got 2 of 10 right and earned KES 4.00.',
    });
    expect(await shown(t, m.id)).toMatchObject({ balance: '4.00', trivia: '4.00' });
    const stored = await t.sql<{ answers: { qid: string; graded: boolean; correct: boolean }[] }>(
      'SELECT answers FROM trivia_rounds WHERE member_id = $1',
      [m.id.toString()],
    );
    expect(stored[0]!.answers.map((a) => [a.graded, a.correct])).toEqual([
      [true, true],
      [true, true],
      [true, false],
      [false, false],
      [false, false],
      [true, false],
      [false, false],
      [false, false],
    ]);
  });

  it('scores nothing after 60 seconds plus 5 of grace, and closes the round', async () => {
    const m = await member();
    const { qids, right } = await startRound(m);
    clock.advance(65_001);
    const res = await submit(m, { answers: qids.map((qid) => ({ qid, answer: right.get(qid) })) });
    expect(res).toMatchObject({ status: 200, data: { correct: 0, amount: '0.00', late: true } });
    expect(res.msg).toBe('Time was up: your answers arrived too late and scored nothing (0 of 10).');
    expect((await wallets(t, m.id)).balance).toBe(0n);
    expect(await t.sql('SELECT id FROM trivia_payouts WHERE member_id = $1', [m.id.toString()])).toEqual([]);
    expect(await start(m)).toMatchObject({ status: 409, code: 'ALREADY_DONE' });
  });

  it('still counts answers inside the grace seconds', async () => {
    const m = await member();
    const { qids, right } = await startRound(m);
    clock.advance(65_000);
    expect((await info(m)).data).toMatchObject({ state: 'started', secondsLeft: 0 });
    const res = await submit(m, { answers: [{ qid: qids[0], answer: right.get(qids[0]!) }] });
    expect(res).toMatchObject({ status: 200, data: { correct: 1, amount: '2.00', late: false } });
  });

  it('pays in the system currency and shows the member’s currency', async () => {
    const m = await member(c.ugx);
    const { qids, right } = await startRound(m);
    const res = await submit(m, { answers: qids.slice(0, 3).map((qid) => ({ qid, answer: right.get(qid) })) });
    expect(res).toMatchObject({ status: 200, data: { correct: 3, amount: '171.00', currency: 'UGX' } });
    expect((await wallets(t, m.id)).balance).toBe(600n);
  });

  it('refuses answers before a round was started', async () => {
    const m = await member();
    expect(await submit(m, { answers: [{ qid: '1', answer: 'Nairobi' }] })).toMatchObject({
      status: 409,
      code: 'CONFLICT',
      msg: 'Start today’s trivia first.',
    });
  });

  it('grades concurrent submissions once', async () => {
    const m = await member();
    const { qids, right } = await startRound(m);
    const payload = { answers: qids.map((qid) => ({ qid, answer: right.get(qid) })) };
    const results = await Promise.all(Array.from({ length: 5 }, () => submit(m, payload)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect((await wallets(t, m.id)).balance).toBe(2_000n);
  });

  it.each([
    [{}, 'answers is required'],
    [{ answers: 'Nairobi' }, null],
    [{ answers: [{ qid: 'abc', answer: 'x' }] }, null],
    [{ answers: [{ qid: '1' }] }, null],
    [{ answers: [{ qid: '1', answer: 'x'.repeat(501) }] }, 'An answer is at most 500 characters'],
    [{ answers: Array.from({ length: 21 }, () => ({ qid: '1', answer: 'x' })) }, 'At most 20 answers'],
  ])('refuses %j with 400 and leaves the round open', async (payload, msg) => {
    const m = await member();
    await startRound(m);
    const res = await submit(m, payload);
    expect(res).toMatchObject({ status: 400, resultcode: false });
    if (msg) expect(res.msg).toBe(msg);
    expect((await info(m)).data).toMatchObject({ state: 'started' });
  });
});

describe('the trivia days', () => {
  it('is closed outside the scheduled days, and open on the member’s activation day', async () => {
    // 2026-11-26 is a Thursday; trivia runs on Tuesdays only for this test.
    clock.set(new Date('2026-11-26T09:00:00Z'));
    await t.sql("UPDATE task_schedules SET weekdays = ARRAY[2]::smallint[] WHERE kind = 'trivia'");
    try {
      const m = await member();
      expect(await start(m)).toMatchObject({
        status: 200,
        data: [],
        msg: 'Trivia are available on Tuesday. Come back on Tuesday.',
      });
      expect((await info(m)).data).toMatchObject({
        isOpen: false,
        days: ['Tuesday'],
        closedMessage: 'Trivia are available on Tuesday. Come back on Tuesday.',
      });
      expect(await submit(m, { answers: [] })).toMatchObject({ status: 409 });

      const fresh = await member();
      await t.sql('UPDATE members SET activated_at = $2 WHERE id = $1', [fresh.id.toString(), new Date('2026-11-26T05:00:00Z')]);
      expect((await info(fresh)).data).toMatchObject({ isOpen: true, closedMessage: '' });
      const { qids, right } = await startRound(fresh);
      expect(qids).toHaveLength(10);
      expect(await submit(fresh, { answers: [{ qid: qids[0], answer: right.get(qids[0]!) }] })).toMatchObject({
        status: 200,
        data: { correct: 1 },
      });
    } finally {
      await t.sql("UPDATE task_schedules SET weekdays = ARRAY[0,1,2,3,4,5,6]::smallint[] WHERE kind = 'trivia'");
    }
  });

  it('grades a round started just before midnight when the answers arrive in time', async () => {
    clock.set(new Date('2026-11-27T20:59:40Z')); // 23:59:40 in Nairobi
    const m = await member();
    const { qids, right } = await startRound(m);
    clock.advance(30_000); // 00:00:10 the next day
    const res = await submit(m, { answers: qids.map((qid) => ({ qid, answer: right.get(qid) })) });
    expect(res).toMatchObject({ status: 200, data: { correct: 10 } });
    // The new day has its own round.
    expect(await start(m)).toMatchObject({ status: 200 });
  });
});

describe('the demo bank', () => {
  it('holds 150 questions with four distinct options and one right answer each', async () => {
    const rows = await t.sql<{ n: number; bad: number }>(
      `SELECT count(*)::int AS n,
              count(*) FILTER (WHERE (SELECT count(DISTINCT lower(btrim(o))) FROM unnest(options) o) <> 4)::int AS bad
       FROM trivia_questions WHERE seed_key LIKE 'demo:%'`,
    );
    expect(rows[0]).toEqual({ n: 150, bad: 0 });
  });
});
