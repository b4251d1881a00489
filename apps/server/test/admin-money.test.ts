import { beforeAll, describe, expect, it } from 'vitest';
import { madeBeforeAll } from './before-all.ts';
import { reconcileLedger } from '../src/ledger/reconcile.ts';
import { callAction } from './harness.ts';
import { sleep, useDepositTestApp } from './deposits-fixtures.ts';
import { createMember, ensureTestCountries, fund, systemBalance, wallets, type TestMember } from './money-fixtures.ts';

let member: TestMember;

const c = useDepositTestApp();
const countries = madeBeforeAll(() => ensureTestCountries(c.t));
const operator = madeBeforeAll(() => createMember(c.t, { countryId: countries.kes, status: 'active', role: 'operator' }));
beforeAll(async () => {
  member = await createMember(c.t, { countryId: countries.kes, status: 'active' });
});

const admin = (action: string, payload?: unknown, token = operator.token, query?: Record<string, string>) =>
  callAction(c.t.app, action, { method: payload === undefined ? 'GET' : 'POST', token, payload, query });
const get = (action: string, query: Record<string, string>) =>
  callAction(c.t.app, action, { method: 'GET', token: operator.token, query });
const auditOf = (action: string, targetId: string) =>
  c.t.sql<{ actor_id: string; before: unknown; after: unknown }>(
    'SELECT actor_id::text, before, after FROM audit_log WHERE action = $1 AND target_id = $2 ORDER BY id',
    [action, targetId],
  );

async function pendingWithdrawal(m: TestMember, amount = '500'): Promise<string> {
  const response = await callAction(c.t.app, 'systemwithdrawal', {
    method: 'POST',
    token: m.token,
    payload: { acc: '1', amount },
  });
  expect(response.status).toBe(200);
  return response.data.id as string;
}

describe('access', () => {
  it.each(['adminwithdrawalqueue', 'adminbulkdecide', 'admindeposits', 'admincheckdeposit'])(
    '%s refuses members (403) and visitors (401)',
    async (action) => {
      const payload =
        action.startsWith('admin') && (action === 'adminbulkdecide' || action === 'admincheckdeposit') ? {} : undefined;
      expect((await admin(action, payload, member.token)).status).toBe(403);
      expect((await admin(action, payload, '')).status).toBe(401);
    },
  );
});

describe('support staff', () => {
  it('read the queues but decide nothing', async () => {
    const support = await createMember(c.t, { countryId: countries.kes, status: 'active', role: 'support' });
    expect((await admin('adminwithdrawalqueue', undefined, support.token)).status).toBe(200);
    expect((await admin('admindeposits', undefined, support.token)).status).toBe(200);
    expect((await admin('adminbulkdecide', { ids: ['1'], value: '2' }, support.token)).status).toBe(403);
    expect((await admin('admincheckdeposit', { id: '1' }, support.token)).status).toBe(403);
  });
});

describe('adminwithdrawalqueue and adminbulkdecide', () => {
  it('filters the queue, approves and declines several at once through the ledger, audited one by one', async () => {
    const a = await createMember(c.t, { countryId: countries.kes, status: 'active' });
    const b = await createMember(c.t, { countryId: countries.kes, status: 'active' });
    await fund(c.t, a.id, 200_000n, 'balance');
    await fund(c.t, b.id, 200_000n, 'balance');
    const [a1, a2, b1] = [await pendingWithdrawal(a), await pendingWithdrawal(a, '600'), await pendingWithdrawal(b)];
    const queue = await get('adminwithdrawalqueue', { status: '0', username: a.username.toUpperCase() });
    expect(queue.data.rows.map((row: { id: string }) => row.id)).toEqual([a2, a1]);
    expect(queue.data.total).toBe(2);
    expect((await get('adminwithdrawalqueue', { username: a.username, wallet: 'ads' })).data.total).toBe(0);
    expect((await get('adminwithdrawalqueue', { username: a.username, to: '2000-01-01' })).data.total).toBe(0);
    expect((await get('adminwithdrawalqueue', { username: a.username, limit: '1', page: '2' })).data.rows[0].id).toBe(a1);

    const payouts = await systemBalance(c.t, 'provider:payouts');
    const approved = await admin('adminbulkdecide', { ids: [a1, b1], value: '2' });
    expect(approved).toMatchObject({ status: 200, data: { done: 2, requested: 0, failed: 0 } });
    expect((await systemBalance(c.t, 'provider:payouts')) - payouts).toBe(100_000n);
    const declined = await admin('adminbulkdecide', { ids: [a2, a1, '999999'], value: '1' });
    expect(declined.data).toMatchObject({ done: 1, requested: 0, failed: 2 });
    expect(declined.data.results).toEqual(
      expect.arrayContaining([
        { id: a2, status: '1', approval_id: null, code: null, msg: null },
        expect.objectContaining({ id: a1, status: null, code: 'CONFLICT' }),
        expect.objectContaining({ id: '999999', status: null, code: 'NOT_FOUND' }),
      ]),
    );
    // a: 2,000 - (500 + 30 fee) paid; 600 + 30 refunded. b: 2,000 - 530.
    expect((await wallets(c.t, a.id)).balance).toBe(147_000n);
    expect((await wallets(c.t, b.id)).balance).toBe(147_000n);
    expect(await auditOf('withdrawal.complete', a1)).toEqual([
      expect.objectContaining({ actor_id: operator.id.toString(), before: { status: 0 } }),
    ]);
    expect(await auditOf('withdrawal.decline', a2)).toHaveLength(1);
    expect((await get('adminwithdrawalqueue', { status: '0', username: a.username })).data.total).toBe(0);
    expect((await reconcileLedger(c.t.app.deps.db)).ok).toBe(true);
  });

  it('refuses bad input', async () => {
    for (const payload of [
      { ids: [], value: '2' },
      { ids: ['x'], value: '2' },
      { ids: ['1'], value: '3' },
      { ids: Array.from({ length: 101 }, (_, i) => String(i + 1)), value: '1' },
    ]) {
      expect((await admin('adminbulkdecide', payload)).status).toBe(400);
    }
    const queries: Array<Record<string, string>> = [
      { status: '5' },
      { wallet: 'savings' },
      { from: 'yesterday' },
      { limit: '500' },
    ];
    for (const query of queries) {
      expect((await get('adminwithdrawalqueue', query)).status).toBe(400);
    }
  });
});

describe('adminwithdrawals beside adminwithdrawalqueue', () => {
  it('lists the same withdrawals from the one query, each in its own answer shape', async () => {
    const m = await createMember(c.t, { countryId: countries.kes, status: 'active' });
    await fund(c.t, m.id, 200_000n, 'balance');
    const declined = await pendingWithdrawal(m, '300');
    const pending = await pendingWithdrawal(m, '400');
    expect((await admin('updatetrans', { tid: declined, value: 1 })).status).toBe(200);
    const queue = await get('adminwithdrawalqueue', { username: m.username });
    const old = await get('adminwithdrawals', { limit: '100' });
    const mine = old.data.rows.filter((row: { username: string }) => row.username === m.username);
    expect(mine.map((row: { id: string }) => row.id)).toEqual([pending, declined]);
    // The older answer names the deciding operator by id and has no is_total_capped; the queue names them.
    expect(mine).toEqual(
      queue.data.rows.map((row: { decided_by: string | null }) => ({
        ...row,
        decided_by: row.decided_by === null ? null : operator.id.toString(),
      })),
    );
    expect(queue.data.rows[1].decided_by).toBe(operator.username);
    expect(Object.keys(old.data).sort()).toEqual(['limit', 'page', 'rows', 'total']);
    expect(queue.data.is_total_capped).toBe(false);
  });
});

describe('admindeposits and admincheckdeposit', () => {
  it('lists deposits by status and provider, finds stuck pushes and settles one by asking M-Pesa', async () => {
    c.sim.mpesa.behaviour.dropCallbacks = true;
    const m = await c.member('KE');
    const pushed = await c.call('stkpush', m, { method: 'POST', payload: { phone: '0712000777', amount: 80 } });
    await sleep(300);
    c.sim.mpesa.behaviour.dropCallbacks = false;
    const id: string = pushed.data.depositId;
    const pending = await get('admindeposits', { status: '0', method: 'stkpush', username: m.username });
    expect(pending.data).toMatchObject({
      total: 1,
      rows: [{ id, status: '0', method: 'stkpush', amount: '80.00', currency: 'KES' }],
    });
    expect((await get('admindeposits', { stuck: 'true', username: m.username })).data.total).toBe(0);
    await c.t.sql(`UPDATE deposits SET created_at = now() - interval '1 hour' WHERE id = $1`, [id]);
    expect((await get('admindeposits', { stuck: 'true', username: m.username })).data.rows[0].id).toBe(id);
    expect((await get('admindeposits', { method: 'manual', username: m.username })).data.total).toBe(0);

    const provider = await systemBalance(c.t, 'provider:mpesa');
    const checked = await admin('admincheckdeposit', { id });
    expect(checked).toMatchObject({ status: 200, data: { id, status_before: '0', status: '2' }, msg: 'Deposit credited' });
    expect(await c.depositWallet(m)).toBe(8_000n);
    expect((await systemBalance(c.t, 'provider:mpesa')) - provider).toBe(-8_000n);
    expect(await auditOf('deposit.check', id)).toEqual([
      expect.objectContaining({ actor_id: operator.id.toString(), before: { status: 0 }, after: { status: 2 } }),
    ]);
    // Checking again changes nothing and credits nothing.
    expect((await admin('admincheckdeposit', { id })).data).toMatchObject({ status_before: '2', status: '2' });
    expect(await c.depositWallet(m)).toBe(8_000n);
    expect((await reconcileLedger(c.t.app.deps.db)).ok).toBe(true);
  });

  it('refuses manual deposits, unknown ids and bad filters', async () => {
    const m = await createMember(c.t, { countryId: countries.kes });
    const manual = await admin('admindeposit', { username: m.username, amount: '20', reference: 'CASH-778' });
    expect((await admin('admincheckdeposit', { id: manual.data.deposit_id })).status).toBe(400);
    expect((await admin('admincheckdeposit', { id: '99999999' })).status).toBe(404);
    expect((await admin('admincheckdeposit', { id: 'abc' })).status).toBe(400);
    expect((await get('admindeposits', { method: 'paypal' })).status).toBe(400);
    expect((await get('admindeposits', { status: '7' })).status).toBe(400);
  });
});
