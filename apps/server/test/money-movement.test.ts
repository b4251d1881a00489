import { beforeAll, describe, expect, it } from 'vitest';
import { callAction } from './harness.ts';
import { fund, wallets } from './money-fixtures.ts';
import { useCountriesApp, useMember } from './countries-app.ts';

/**
 * The one money-movement function (docs/decisions/008-one-money-movement.md): a replay answers with the first
 * result, a replay with different content is a 409 whatever the feature, concurrent identical requests move money
 * once, and the running totals stay equal to the ledger.
 */
const { t, c } = useCountriesApp();
const operator = useMember({ t, c }, { status: 'active', role: 'operator' });
const member = useMember({ t, c }, { status: 'active' });
const client = useMember({ t, c }, { sponsor: member });
beforeAll(async () => {
  await fund(t, member.id, 500_000n, 'balance');
  await fund(t, member.id, 100_000n, 'deposit');
});

const post = (action: string, token: string, payload: unknown, key: string) =>
  callAction(t.app, action, { method: 'POST', token, payload, headers: { 'idempotency-key': key } });
/** Each of `payloads`, sent under a key already used for other content, is refused with a 409. */
async function expectConflicts(action: string, token: string, key: string, payloads: unknown[]): Promise<void> {
  for (const payload of payloads) {
    expect(await post(action, token, payload, key), JSON.stringify(payload)).toMatchObject({ status: 409, code: 'CONFLICT' });
  }
}
const movementsWithKey = async (key: string) =>
  (await t.sql<{ n: string }>('SELECT count(*)::text AS n FROM ledger_transactions WHERE idempotency_key = $1', [key]))[0]!.n;

describe('a replay with different content is a 409', () => {
  it('withdrawal', async () => {
    const first = await post('systemwithdrawal', member.token, { acc: '1', amount: '300' }, 'wd-replay-0001');
    expect(first.status).toBe(200);
    const again = await post('systemwithdrawal', member.token, { acc: '1', amount: '300' }, 'wd-replay-0001');
    expect(again).toMatchObject({ status: 200, data: first.data });
    const other = await post('systemwithdrawal', member.token, { acc: '1', amount: '301' }, 'wd-replay-0001');
    expect(other).toMatchObject({ status: 409, code: 'CONFLICT' });
    expect(await movementsWithKey(`withdrawal:${member.id}:wd-replay-0001`)).toBe('1');
  });

  it('pay for client', async () => {
    const payload = { acc: '2', reusername: client.username, amount: '10' };
    const first = await post('payforclient', member.token, payload, 'pfc-replay-0001');
    expect(first.status).toBe(200);
    expect(await post('payforclient', member.token, payload, 'pfc-replay-0001')).toMatchObject({ status: 200, data: first.data });
    await expectConflicts('payforclient', member.token, 'pfc-replay-0001', [
      { ...payload, amount: '11' },
      { ...payload, acc: '1' },
    ]);
    expect((await wallets(t, client.id)).deposit).toBe(1_000n);
  });

  it('operator adjustment', async () => {
    const payload = { username: member.username, wallet: 'ads', amount: '5.00', reason: 'Ticket 77' };
    const first = await post('adminadjust', operator.token, payload, 'adj-replay-0001');
    expect(first).toMatchObject({ status: 200, data: { balance: '5.00', duplicate: false } });
    // The endpoint replays the first answer as it was (actions/idempotency.ts): the ledger is not asked again.
    expect(await post('adminadjust', operator.token, payload, 'adj-replay-0001')).toEqual(first);
    await expectConflicts('adminadjust', operator.token, 'adj-replay-0001', [
      { ...payload, amount: '6.00' },
      { ...payload, wallet: 'tiktok' },
    ]);
    expect((await wallets(t, member.id)).ads).toBe(500n);
    const audits = await t.sql<{ n: string }>("SELECT count(*)::text AS n FROM audit_log WHERE action = 'wallet.adjust'");
    expect(audits[0]!.n).toBe('1');
  });
});

describe('exactly once', () => {
  it('20 concurrent identical adjustments make one movement and 20 equal answers', async () => {
    const payload = { username: member.username, wallet: 'youtube', amount: '7.25', reason: 'Concurrent ticket' };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post('adminadjust', operator.token, payload, 'adj-concurrent-01')),
    );
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 20 }, () => 200));
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]!.data.duplicate).toBe(false);
    expect((await wallets(t, member.id)).youtube).toBe(725n);
    expect(await movementsWithKey(`adjust:${operator.id}:adj-concurrent-01`)).toBe('1');
  });

  it('keeps the running totals equal to the ledger', async () => {
    const drift = await t.sql(
      `SELECT * FROM member_totals s FULL JOIN member_totals_from_ledger l USING (member_id, bucket)
       WHERE COALESCE(s.total_minor, 0) <> COALESCE(l.total_minor, 0)`,
    );
    expect(drift).toEqual([]);
    const rows = await t.sql<{ bucket: string; total: string }>(
      'SELECT bucket, total_minor::text AS total FROM member_totals WHERE member_id = $1 ORDER BY bucket',
      [member.id.toString()],
    );
    expect(rows).toEqual(
      expect.arrayContaining([
        { bucket: 'adjustment', total: '1225' },
        { bucket: 'withdrawal_pending', total: String(30_000 + 3_000) },
      ]),
    );
  });
});
