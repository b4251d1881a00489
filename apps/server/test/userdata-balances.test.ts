import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { postTransaction, reverseTransaction } from '../src/ledger/ledger.ts';
import type { TransactionKind, WalletName } from '../src/ledger/accounts.ts';
import { callAction, type TestApp } from './harness.ts';
import { createMember, fund, shown, type TestCountries, type TestMember } from './money-fixtures.ts';
import { useCountriesApp } from './countries-app.ts';

let t: TestApp;
let c: TestCountries;

useCountriesApp((app) => ({ t, c } = app));

/** An earning as the tasks and bonus modules post it: from a house account into a member wallet. */
const earn = (memberId: bigint, kind: TransactionKind, amountMinor: bigint, wallet: WalletName = 'balance') =>
  t.app.deps.db.transaction((tx) =>
    postTransaction(tx, {
      kind,
      idempotencyKey: `test:${kind}:${randomBytes(6).toString('hex')}`,
      memberId,
      legs: [
        { account: { system: 'house:tasks' }, amountMinor: -amountMinor },
        { account: { memberId, wallet }, amountMinor },
      ],
    }),
  );

describe('balances', () => {
  it('starts with the promised bonus as profit and the fee as actbal', async () => {
    const m = await createMember(t, { countryId: c.kes, signupBonusMinor: 10_000n });
    expect(await shown(t, m.id)).toEqual({
      profit: '100.00',
      expense: '0.00',
      balance: '0.00',
      bonus: '0.00',
      totalwithdrawal: '0.00',
      pendingwithdrawal: '0.00',
      ads: '0.00',
      youtube: '0.00',
      trivia: '0.00',
      tiktok: '0.00',
      deposit: '0.00',
      actbal: '500.00',
      target: 5,
      reward: '100.00',
      remaining: 5,
      percent: 0,
      progress: 0,
      dailyclaimed: false,
      welcome_target: 15,
      welcome_progress: 0,
      welcome_reward: '100.00',
      welcomeclaimed: false,
    });
  });

  it('derives every figure from the ledger and withdrawal rows, in the member currency', async () => {
    const m = await createMember(t, { countryId: c.ugx, status: 'active', signupBonusMinor: 10_526n });
    await fund(t, m.id, 20_000n);
    await earn(m.id, 'trivia', 400n);
    await earn(m.id, 'welcome_bonus', 10_000n);
    await earn(m.id, 'ads', 500n, 'ads');
    await earn(m.id, 'youtube', 700n, 'youtube');
    await earn(m.id, 'tiktok', 300n, 'tiktok');
    const wrong = await earn(m.id, 'daily_bonus', 1_000n);
    await t.app.deps.db.transaction((tx) =>
      reverseTransaction(tx, { transactionId: wrong.transactionId, idempotencyKey: `test:rev:${m.id}`, memo: 'test' }),
    );
    await fund(t, m.id, 100_000n, 'balance');
    const res = await callAction(t.app, 'systemwithdrawal', {
      method: 'POST',
      token: m.token,
      payload: { acc: '1', amount: '7000' },
    });
    expect(res.status).toBe(200);
    const b = await shown(t, m.id);
    // Every figure is system minor units x 28.5, rounded to the cent.
    expect(b).toMatchObject({
      profit: '6391.41', // (400 + 10,000 + 500 + 700 + 300 + 10,526) x 28.5 / 100
      trivia: '114.00',
      bonus: '2850.00',
      ads: '142.50',
      youtube: '199.50',
      tiktok: '85.50',
      deposit: '5700.00',
      expense: '34200.00', // deposits in: 200 + 1,000 KES
      actbal: '0.00',
      // UGX 7,000 + 1,000 charge entered = KES 245.61 + 35.09 held; shown back at 28.5 that is 7,999.95 (rounding).
      pendingwithdrawal: '7999.95',
      totalwithdrawal: '0.00',
    });
    const rows = await t.sql<{ balance_minor: string }>(
      `SELECT balance_minor::text FROM ledger_accounts WHERE member_id = $1 AND wallet = 'balance'`,
      [m.id.toString()],
    );
    expect(rows[0]!.balance_minor).toBe(String(100_000 + 400 + 10_000 - 24_561 - 3_509));
    expect(b.balance).toBe('23464.05'); // 82,330 x 28.5
  });

  it('counts level-1 downlines activated today towards the daily target, capped at 100 percent', async () => {
    await t.sql(
      `INSERT INTO settings (key, value) VALUES ('daily_target', '2'), ('daily_reward', '"50.00"') ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
    );
    const s = await createMember(t, { countryId: c.kes, status: 'active' });
    const old = await createMember(t, { countryId: c.kes, status: 'active', sponsor: s }); // activated two days ago
    void old;
    const fresh: TestMember[] = [];
    for (let i = 0; i < 3; i += 1) {
      const d = await createMember(t, { countryId: c.kes, sponsor: s });
      await fund(t, d.id, 50_000n);
      fresh.push(d);
    }
    await callAction(t.app, 'activateaccount', { method: 'POST', token: fresh[0]!.token, payload: {} });
    expect(await shown(t, s.id)).toMatchObject({ target: 2, reward: '50.00', progress: 1, remaining: 1, percent: 50 });
    await callAction(t.app, 'activateaccount', { method: 'POST', token: fresh[1]!.token, payload: {} });
    await callAction(t.app, 'activateaccount', { method: 'POST', token: fresh[2]!.token, payload: {} });
    expect(await shown(t, s.id)).toMatchObject({ progress: 3, remaining: 0, percent: 100 });
    await t.sql(`DELETE FROM settings WHERE key IN ('daily_target', 'daily_reward')`);
  });

  it('is what userdata returns', async () => {
    const m = await createMember(t, { countryId: c.kes, signupBonusMinor: 10_000n });
    await fund(t, m.id, 12_000n);
    const res = await callAction(t.app, 'userdata', { token: m.token });
    expect(res.status).toBe(200);
    expect(res.data.balances).toEqual(await shown(t, m.id));
    expect(res.data.balances).toMatchObject({ deposit: '120.00', actbal: '380.00', expense: '120.00', profit: '100.00' });
  });
});
