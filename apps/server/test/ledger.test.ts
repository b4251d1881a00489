import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getWalletBalances, postTransaction, reverseTransaction } from '../src/ledger/ledger.ts';
import { reconcileLedger } from '../src/ledger/reconcile.ts';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
let memberId: bigint;
let otherId: bigint;

async function insertMember(name: string): Promise<bigint> {
  const rows = await t.sql<{ id: string }>(
    `INSERT INTO members (username, email, phone, password_hash, country_id)
     VALUES ($1, $1 || '@test.local', '+2547' || lpad((floor(random() * 100000000))::text, 8, '0'), 'x',
             (SELECT id FROM countries ORDER BY id LIMIT 1)) RETURNING id`,
    [name],
  );
  return BigInt(rows[0]!.id);
}

beforeAll(async () => {
  t = await createTestApp();
  const countries = await t.sql('SELECT id FROM countries LIMIT 1');
  if (countries.length === 0) {
    await t.sql(
      `INSERT INTO countries (name, dial, abbreviation, currency, rate_micro, is_default) VALUES ('Kenya', '+254', 'KE', 'KES', 1000000, true)`,
    );
  }
  memberId = await insertMember('ledger_a');
  otherId = await insertMember('ledger_b');
});
afterAll(async () => t.close());

const deposit = (id: bigint, amountMinor: bigint, key: string) =>
  t.app.deps.db.transaction((tx) =>
    postTransaction(tx, {
      kind: 'deposit',
      idempotencyKey: key,
      memberId: id,
      legs: [
        { account: { system: 'provider:mpesa' }, amountMinor: -amountMinor },
        { account: { memberId: id, wallet: 'deposit' }, amountMinor },
      ],
    }),
  );

describe('ledger', () => {
  it('credits once per idempotency key', async () => {
    const first = await deposit(memberId, 10_000n, 'test:deposit:1');
    const again = await deposit(memberId, 10_000n, 'test:deposit:1');
    expect(first.duplicate).toBe(false);
    expect(again).toEqual({ transactionId: first.transactionId, duplicate: true });
    expect((await getWalletBalances(t.app.deps.db, memberId)).deposit).toBe(10_000n);
  });

  it('refuses an unbalanced or zero-leg transaction before writing', async () => {
    await expect(
      t.app.deps.db.transaction((tx) =>
        postTransaction(tx, {
          kind: 'adjustment',
          idempotencyKey: 'test:unbalanced',
          legs: [
            { account: { system: 'house:adjustments' }, amountMinor: -5n },
            { account: { memberId, wallet: 'balance' }, amountMinor: 6n },
          ],
        }),
      ),
    ).rejects.toThrow(/Unbalanced/);
    const rows = await t.sql(`SELECT 1 FROM ledger_transactions WHERE idempotency_key = 'test:unbalanced'`);
    expect(rows).toHaveLength(0);
  });

  it('never lets a member wallet go negative, and rolls the whole transaction back', async () => {
    await expect(
      t.app.deps.db.transaction((tx) =>
        postTransaction(tx, {
          kind: 'pay_for_client',
          idempotencyKey: 'test:overspend',
          memberId,
          insufficientMessage: 'Insufficient balance in Deposit Wallet',
          legs: [
            { account: { memberId, wallet: 'deposit' }, amountMinor: -10_001n },
            { account: { memberId: otherId, wallet: 'deposit' }, amountMinor: 10_001n },
          ],
        }),
      ),
    ).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS', message: 'Insufficient balance in Deposit Wallet' });
    expect((await getWalletBalances(t.app.deps.db, memberId)).deposit).toBe(10_000n);
    expect((await getWalletBalances(t.app.deps.db, otherId)).deposit).toBe(0n);
  });

  it('backs the code check with a database CHECK', async () => {
    await expect(
      t.sql(`UPDATE ledger_accounts SET balance_minor = -1 WHERE member_id = $1`, [memberId.toString()]),
    ).rejects.toThrow(/ledger_accounts_not_negative/);
  });

  it('keeps postings append-only', async () => {
    await expect(t.sql('UPDATE ledger_postings SET amount_minor = 1')).rejects.toThrow(/append-only/);
    await expect(t.sql('DELETE FROM ledger_transactions')).rejects.toThrow(/append-only/);
  });

  it('corrects by a reversing transaction, once', async () => {
    const posted = await deposit(otherId, 500n, 'test:deposit:reverse-me');
    await t.app.deps.db.transaction((tx) =>
      reverseTransaction(tx, { transactionId: posted.transactionId, idempotencyKey: 'test:reversal:1', memo: 'wrong member' }),
    );
    await expect(
      t.app.deps.db.transaction((tx) =>
        reverseTransaction(tx, { transactionId: posted.transactionId, idempotencyKey: 'test:reversal:2', memo: 'again' }),
      ),
    ).rejects.toThrow();
    expect((await getWalletBalances(t.app.deps.db, otherId)).deposit).toBe(0n);
  });

  it('lets exactly one of 50 concurrent debits through when the wallet affords one', async () => {
    const member = await insertMember('ledger_race');
    await deposit(member, 1_000n, 'test:race:fund');
    const attempts = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        t.app.deps.db.transaction((tx) =>
          postTransaction(tx, {
            kind: 'withdrawal_hold',
            idempotencyKey: `test:race:${i}`,
            memberId: member,
            legs: [
              { account: { memberId: member, wallet: 'deposit' }, amountMinor: -800n },
              { account: { system: 'hold:withdrawals' }, amountMinor: 800n },
            ],
          }),
        ),
      ),
    );
    expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
    expect((await getWalletBalances(t.app.deps.db, member)).deposit).toBe(200n);
    const report = await reconcileLedger(t.app.deps.db);
    expect(report).toMatchObject({ ok: true, mismatches: [], unbalanced: [], negative: [] });
  });

  it('reports a cached balance that drifted from the postings', async () => {
    const before = await reconcileLedger(t.app.deps.db);
    expect(before.ok).toBe(true);
    await t.app.deps.db.execute(sql`UPDATE ledger_accounts SET balance_minor = balance_minor + 1 WHERE member_id = ${memberId}`);
    const after = await reconcileLedger(t.app.deps.db);
    expect(after.ok).toBe(false);
    expect(after.mismatches[0]).toMatchObject({ cachedMinor: 10_001n, postedMinor: 10_000n });
    await t.app.deps.db.execute(sql`UPDATE ledger_accounts SET balance_minor = balance_minor - 1 WHERE member_id = ${memberId}`);
  });

  it('reports running totals and top-earner figures that drifted from the ledger', async () => {
    await postTransaction(t.app.deps.db, {
      kind: 'daily_bonus',
      idempotencyKey: `test:earn:${memberId}`,
      memberId,
      legs: [
        { account: { system: 'house:bonuses' }, amountMinor: -500n },
        { account: { memberId, wallet: 'balance' }, amountMinor: 500n },
      ],
    });
    expect((await reconcileLedger(t.app.deps.db)).ok).toBe(true);
    await t.app.deps.db.execute(sql`UPDATE member_earnings SET total_minor = total_minor + 1 WHERE member_id = ${memberId}`);
    const drifted = await reconcileLedger(t.app.deps.db);
    expect(drifted.ok).toBe(false);
    expect(drifted.totals).toEqual([
      expect.objectContaining({ bucket: 'member_earnings', storedMinor: 501n, ledgerMinor: 500n }),
    ]);
    await t.app.deps.db.execute(sql`UPDATE member_earnings SET total_minor = total_minor - 1 WHERE member_id = ${memberId}`);
    expect((await reconcileLedger(t.app.deps.db)).ok).toBe(true);
  });
});
