import { beforeAll, describe, expect, it } from 'vitest';
import { SettableClock } from '../src/lib/clock.ts';
import { UserDataAnswers } from '../src/modules/userdata/userdata.answers.ts';
import { loadUserData } from '../src/modules/userdata/userdata.service.ts';
import { callAction } from './harness.ts';
import { createMember, fund } from './money-fixtures.ts';
import { useCountriesApp, useMember } from './countries-app.ts';

/**
 * A quiet `userdata` poll is answered with the answer this process built last for the member, when the fingerprint
 * the session check read (row versions of the member's row, sponsor, wallets and totals, and today's figures) is the
 * one it was built from (decision 043). Whatever changes, by whichever writer, the next poll equals an answer built
 * from scratch (`loadUserData`, which reads everything again). The app's pg pool is observed, nothing replaced.
 */
const clock = new SettableClock(new Date());
let statements = 0;

const { t, c } = useCountriesApp({}, { clock });
const sponsor = useMember({ t, c }, { status: 'active' });
const member = useMember({ t, c }, { status: 'active', sponsor });
beforeAll(async () => {
  await fund(t, member.id, 10_000n, 'balance');
  const pool = t.app.deps.pool;
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  Object.assign(pool, {
    query: (...args: unknown[]) => {
      statements += 1;
      return query(...args);
    },
  });
});

/** A poll, how many statements it sent, and the answer built from scratch right after it. */
async function poll() {
  statements = 0;
  const response = await callAction(t.app, 'userdata', { token: member.token });
  const sent = statements;
  expect(response.status).toBe(200);
  return { data: response.data, statements: sent, fresh: JSON.parse(JSON.stringify(await loadUserData(t.app.deps, member.id))) };
}

/**
 * After `change`, the next poll rebuilds (2 statements: the session check, then the member's row; 3 when the process
 * also reloads its reference copy) and equals the answer built from scratch; the one after is quiet again.
 */
async function expectSeen(change: () => Promise<unknown>, rebuildStatements = 2) {
  const quiet = await poll();
  expect(quiet.statements).toBe(1);
  expect(quiet.data).toEqual(quiet.fresh);
  await change();
  const next = await poll();
  expect(next.data).toEqual(next.fresh);
  expect(next.statements).toBe(rebuildStatements);
  expect((await poll()).statements).toBe(1);
  return { before: quiet.data, after: next.data };
}

describe('userdata answers kept per member', () => {
  it('answers a quiet poll with one narrow statement and the same answer', async () => {
    await poll();
    const first = await poll();
    const second = await poll();
    expect(first.statements).toBe(1);
    expect(second.data).toEqual(first.data);
    expect(second.data).toEqual(second.fresh);
  });

  it('sees a money movement (wallets and running totals)', async () => {
    const { before, after } = await expectSeen(() => fund(t, member.id, 2_500n, 'balance'));
    expect(after.balances.balance).not.toBe(before.balances.balance);
  });

  it("sees a change of the member's row by an action and by SQL", async () => {
    const language = await expectSeen(() =>
      callAction(t.app, 'setlanguage', { token: member.token, payload: { language: 'sw' } }),
    );
    expect(language.after.userdetails.language).toBe('sw');
    const email = await expectSeen(() =>
      t.sql(`UPDATE members SET email = 'corrected_' || id || '@test.local' WHERE id = $1`, [member.id.toString()]),
    );
    expect(email.after.userdetails.email).toBe(`corrected_${member.id}@test.local`);
  });

  it("sees the sponsor's row, a downline activated today and the notifications", async () => {
    const renamed = `s_${sponsor.id}_renamed`;
    const upline = await expectSeen(() =>
      t.sql('UPDATE members SET username = $2 WHERE id = $1', [sponsor.id.toString(), renamed]),
    );
    expect(upline.after.userdetails.l1).toBe(renamed);
    const downline = await createMember(t, { countryId: c.kes, sponsor: member });
    const team = await expectSeen(() =>
      t.sql(`UPDATE members SET status = 'active', activated_at = $2 WHERE id = $1`, [downline.id.toString(), clock.now()]),
    );
    expect(team.after).not.toEqual(team.before);
    const unread = await expectSeen(() =>
      t.sql("INSERT INTO member_notifications (member_id, msg, severity, delivered_at) VALUES ($1, 'Hi', 'info', now())", [
        member.id.toString(),
      ]),
    );
    expect(unread.after.notifications.unread).toBe(unread.before.notifications.unread + 1);
  });

  it("sees an operator's change of the reference data", async () => {
    const { after } = await expectSeen(
      () => t.sql(`UPDATE settings SET value = '"https://chat.whatsapp.com/answers"' WHERE key = 'grouplink'`),
      3,
    );
    expect(after.userdetails.grouplink).toBe('https://chat.whatsapp.com/answers');
  });

  it("rebuilds on a new operator's day", async () => {
    await poll();
    clock.set(new Date(clock.now().getTime() + 24 * 3600_000 - 60_000));
    const next = await poll();
    expect(next.statements).toBe(2);
    expect(next.data).toEqual(next.fresh);
  });
});

describe('UserDataAnswers', () => {
  const at = new Date('2026-11-25T10:00:00Z');
  const data = (uname: string) => ({ userdetails: { uname } }) as never;

  it('keeps at most its limit, the least recently built going first, and nothing past its age', () => {
    const answers = new UserDataAnswers(2, 60_000);
    answers.keep(1n, 'a', data('one'), at);
    answers.keep(2n, 'b', data('two'), at);
    answers.keep(3n, 'c', data('three'), at);
    expect(answers.size).toBe(2);
    expect(answers.find(1n, 'a', at)).toBeNull();
    expect(answers.find(2n, 'b', at)).toEqual(data('two'));
    expect(answers.find(2n, 'other', at)).toBeNull();
    expect(answers.find(3n, 'c', new Date(at.getTime() + 60_001))).toBeNull();
    expect(answers.find(3n, 'c', new Date(at.getTime() - 1))).toBeNull();
  });

  it('freezes what it keeps', () => {
    const answers = new UserDataAnswers();
    const kept = answers.keep(1n, 'a', data('one'), at) as unknown as { userdetails: { uname: string } };
    expect(Object.isFrozen(kept.userdetails)).toBe(true);
  });
});
