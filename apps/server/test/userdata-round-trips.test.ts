import { describe, expect, it } from 'vitest';
import { callAction, type TestApp } from './harness.ts';
import { createMember, fund, type TestCountries, type TestMember } from './money-fixtures.ts';
import { useCountriesApp } from './countries-app.ts';

/**
 * `userdata` is polled by every open app: a quiet poll is one narrow statement (the session check also reads the
 * fingerprint of the answer, and the answer this process built last is sent again, decisions 041 and 043); a poll after
 * a change reads the member's row too; nothing is written unless a notification waits. The app's own pg pool is observed (every query the app sends goes
 * through `pool.query` or a client from `pool.connect`); nothing of ours is replaced.
 */
let t: TestApp;
let c: TestCountries;
let member: TestMember;
let statements: string[] = [];
let connects = 0;

useCountriesApp(async (app) => {
  ({ t, c } = app);
  member = await createMember(t, { countryId: c.kes, status: 'active' });
  await fund(t, member.id, 12_345n, 'balance');
  const pool = t.app.deps.pool;
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  Object.assign(pool, {
    query: (...args: unknown[]) => {
      const first = args[0] as string | { text: string };
      statements.push(typeof first === 'string' ? first : first.text);
      return query(...args);
    },
    // pool.query checks a client out with a callback; a transaction checks one out with no argument.
    connect: (...args: unknown[]) => {
      if (args.length === 0) connects += 1;
      return connect(...args);
    },
  });
  // The process loads its copy of the reference data (countries, fees, settings) at the first read.
  await callAction(t.app, 'userdata', { token: member.token });
});

async function observedUserdata() {
  statements = [];
  connects = 0;
  const response = await callAction(t.app, 'userdata', { token: member.token });
  return { response, statements: [...statements], connects };
}

/**
 * The session lookup (findSessionMember) is one statement that also records the session's use, but only when the
 * last record is older than 1/30 of the idle timeout (decision 021): it is not counted as a write here, and the tests
 * check that it left `last_seen_at` alone.
 */
const isSessionLookup = (text: string) => /^\s*WITH found AS \(/.test(text) && text.includes('FROM sessions s JOIN members m');
const isWrite = (text: string) =>
  !isSessionLookup(text) &&
  (/^\s*(INSERT|UPDATE|DELETE|WITH[\s\S]*\b(INSERT|UPDATE|DELETE)\b)/i.test(text) || /\bledger_record_movement\b/.test(text));
const lastSeen = async () =>
  (
    await t.sql<{ at: Date }>('SELECT last_seen_at AS at FROM sessions WHERE member_id = $1', [member.id.toString()])
  )[0]?.at.toISOString();

describe('userdata round trips', () => {
  it('takes 1 round trip and writes nothing when no notification waits', async () => {
    const seenBefore = await lastSeen();
    const { response, statements, connects } = await observedUserdata();
    expect(response).toMatchObject({ status: 200, info: [], data: { balances: { balance: '123.45' } } });
    expect(connects).toBe(0);
    expect(statements).toHaveLength(1);
    expect(isSessionLookup(statements[0] ?? '')).toBe(true);
    expect(statements[0]).toContain('FROM ledger_accounts a WHERE a.member_id = m.id');
    // Narrow: the fingerprint and the undelivered flag, not the answer's columns.
    expect(statements[0]).not.toContain('json_object_agg');
    expect(statements.filter(isWrite)).toEqual([]);
    expect(await lastSeen()).toBe(seenBefore);
  });

  it('takes 3 round trips when a notification waits (its unread count changed the answer), and delivers it once', async () => {
    await t.sql("INSERT INTO member_notifications (member_id, msg, severity) VALUES ($1, 'Hello', 'info')", [
      member.id.toString(),
    ]);
    const first = await observedUserdata();
    expect(first.response.info).toEqual([expect.objectContaining({ msg: 'Hello' })]);
    expect(first.connects).toBe(0);
    expect(first.statements).toHaveLength(3);
    expect(first.statements.filter(isWrite)).toHaveLength(1);
    const second = await observedUserdata();
    expect(second.response.info).toEqual([]);
    expect(second.statements).toHaveLength(1);
  });

  it('reloads the reference copy once after an operator change, seen by the next poll', async () => {
    await t.sql(`UPDATE settings SET value = '"https://chat.whatsapp.com/changed"' WHERE key = 'grouplink'`);
    const first = await observedUserdata();
    expect(first.response.data.userdetails.grouplink).toBe('https://chat.whatsapp.com/changed');
    // The session check, the member's row (the reference version is part of the fingerprint), the reference copy.
    expect(first.statements).toHaveLength(3);
    expect(first.statements.filter(isWrite)).toEqual([]);
    const second = await observedUserdata();
    expect(second.statements).toHaveLength(1);
  });
});
