import { beforeAll, describe, expect, it } from 'vitest';
import { createMember, enableTotpFor, fund, wallets, type TestMember } from './money-fixtures.ts';
import { storeSetting } from '../src/modules/settings/settings.service.ts';
import { depositTransactions, useDepositTestApp, waitFor } from './deposits-fixtures.ts';
import { callAction } from './harness.ts';

/**
 * Four-eyes on money (docs/decisions/018-four-eyes.md): above `four_eyes_threshold` (default KES 10,000.00) a wallet
 * adjustment, manual deposit, code credited for a typed amount or withdrawal approval is a request that a second,
 * different operator approves; the ledger moves once, at approval. Nobody approves their own request, no staff member
 * moves money into or out of their own account, support credits a code only for a provider's notification.
 */
let kenya: number;
let operatorA: TestMember;
let operatorB: TestMember;
let operatorC: TestMember;
let support: TestMember;

const c = useDepositTestApp();
beforeAll(async () => {
  kenya = (await c.t.sql<{ id: number }>("SELECT id FROM countries WHERE abbreviation = 'KE'"))[0]!.id;
  // Four-eyes on the decision, not the payout: Kenya's withdrawals are paid by hand here (payouts.test.ts pays them
  // by M-Pesa B2C, four-eyes approvals included).
  await storeSetting(c.t.app.deps.db, { key: 'payouts.providers', value: {}, at: new Date() });
  operatorA = await createMember(c.t, { countryId: kenya, status: 'active', role: 'operator', prefix: 'opa' });
  operatorB = await createMember(c.t, { countryId: kenya, status: 'active', role: 'operator', prefix: 'opb' });
  operatorC = await createMember(c.t, { countryId: kenya, status: 'active', role: 'operator', prefix: 'opc' });
  support = await createMember(c.t, { countryId: kenya, status: 'active', role: 'support', prefix: 'sup' });
});

const post = (action: string, payload: unknown, by: TestMember) =>
  callAction(c.t.app, action, { method: 'POST', token: by.token, payload });
const get = (action: string, query: Record<string, string>, by: TestMember) =>
  callAction(c.t.app, action, { method: 'GET', token: by.token, query });
/** operatorA adjusts `m`'s wallet by `amount` (a decimal string) for `reason`. */
const adjust = (m: TestMember, amount: string, reason: string, wallet = 'balance') =>
  post('adminadjust', { username: m.username, wallet, amount, reason }, operatorA);
const member = () => createMember(c.t, { countryId: kenya, status: 'active' });
const requestState = async (id: string) =>
  (
    await c.t.sql<{ state: string; decided_by: string | null }>(
      'SELECT state, decided_by::text FROM approval_requests WHERE id = $1',
      [id],
    )
  )[0];
const audits = (id: string) =>
  c.t.sql<{ action: string; actor_id: string }>(
    "SELECT action, actor_id::text FROM audit_log WHERE target_type = 'approval_request' AND target_id = $1 ORDER BY id",
    [id],
  );
const adjustmentsOf = async (m: TestMember) =>
  Number(
    (
      await c.t.sql<{ n: string }>("SELECT count(*) AS n FROM ledger_transactions WHERE kind = 'adjustment' AND member_id = $1", [
        m.id.toString(),
      ])
    )[0]!.n,
  );

describe('one operator at or below the threshold', () => {
  it('adjusts and records a deposit of exactly the threshold at once (200), each for a member who got nothing yet', async () => {
    const m = await member();
    const other = await member();
    const adjusted = await adjust(m, '10000.00', 'Ticket 1');
    expect(adjusted).toMatchObject({ httpStatus: 200, data: { balance: '10000.00', duplicate: false } });
    const deposited = await post(
      'admindeposit',
      { username: other.username, amount: '10000', reference: 'BANK-AT-LIMIT' },
      operatorA,
    );
    expect(deposited).toMatchObject({ httpStatus: 200, data: { amount: '10000.00', duplicate: false } });
    expect(await wallets(c.t, m.id)).toMatchObject({ balance: 1_000_000n });
    expect(await wallets(c.t, other.id)).toMatchObject({ deposit: 1_000_000n });
    expect(
      await c.t.sql('SELECT id FROM approval_requests WHERE member_id IN ($1, $2)', [m.id.toString(), other.id.toString()]),
    ).toEqual([]);
    // The threshold counts what one member received over 24 hours (decision 044): one more cent for m is a request.
    expect(await adjust(m, '0.01', 'Ticket 1b')).toMatchObject({ httpStatus: 202, data: { amount_system: '0.01' } });
  });
});

describe('above the threshold: one operator asks, a second approves', () => {
  it('answers 202 with the request, moves nothing, and the asker cannot approve it', async () => {
    const m = await member();
    const asked = await adjust(m, '10000.01', 'Missed commissions, ticket 7');
    expect(asked).toMatchObject({
      httpStatus: 202,
      resultcode: true,
      data: {
        approval_id: expect.any(String),
        state: 'pending',
        kind: 'adjust',
        amount_system: '10000.01',
        threshold: '10000.00',
      },
    });
    expect(asked.msg).toContain('second operator');
    const id: string = asked.data.approval_id;
    expect((await wallets(c.t, m.id)).balance).toBe(0n);

    const own = await post('adminapproverequest', { id }, operatorA);
    expect(own).toMatchObject({ httpStatus: 403, code: 'FORBIDDEN' });
    expect((await wallets(c.t, m.id)).balance).toBe(0n);

    // Both operators see it; only the other one may approve it.
    const seenByA = (await get('adminapprovals', {}, operatorA)).data.rows.find((row: { id: string }) => row.id === id);
    expect(seenByA).toMatchObject({
      kind: 'adjust',
      state: 'pending',
      requested_by: operatorA.username,
      is_mine: true,
      username: m.username,
      amount: '10000.01',
      currency: 'KES',
      amount_system: '10000.01',
      detail: 'Wallet adjustment: Jumbo wallet',
      reason: 'Missed commissions, ticket 7',
      decided_by: null,
    });
    const seenByB = (await get('adminapprovals', { view: 'pending' }, operatorB)).data.rows.find(
      (row: { id: string }) => row.id === id,
    );
    expect(seenByB).toMatchObject({ is_mine: false });

    const approved = await post('adminapproverequest', { id, note: 'Checked the ticket' }, operatorB);
    expect(approved).toMatchObject({
      httpStatus: 200,
      data: { id, state: 'approved', kind: 'adjust', username: m.username, amount_system: '10000.01' },
    });
    expect((await wallets(c.t, m.id)).balance).toBe(1_000_001n);
    // The movement is the approver's, the request's steps are each audited.
    const moved = await c.t.sql<{ actor_id: string }>(
      "SELECT actor_id::text FROM audit_log WHERE action = 'wallet.adjust' AND target_id = $1",
      [m.id.toString()],
    );
    expect(moved).toEqual([{ actor_id: operatorB.id.toString() }]);
    expect(await audits(id)).toEqual([
      { action: 'approval.request', actor_id: operatorA.id.toString() },
      { action: 'approval.approve', actor_id: operatorB.id.toString() },
    ]);

    // A second approval moves nothing.
    expect(await post('adminapproverequest', { id }, operatorC)).toMatchObject({ httpStatus: 409, code: 'ALREADY_DONE' });
    expect(await post('adminrejectrequest', { id, reason: 'too late' }, operatorC)).toMatchObject({
      httpStatus: 409,
      code: 'ALREADY_DONE',
    });
    expect((await wallets(c.t, m.id)).balance).toBe(1_000_001n);
    expect(await adjustmentsOf(m)).toBe(1);
    const history = (await get('adminapprovals', { view: 'decided' }, operatorA)).data.rows.find(
      (row: { id: string }) => row.id === id,
    );
    expect(history).toMatchObject({ state: 'approved', decided_by: operatorB.username, decision_note: 'Checked the ticket' });
  });

  it('concurrent approvals by two operators move the money exactly once', async () => {
    const m = await member();
    const asked = await adjust(m, '12500', 'Ads campaign payout', 'ads');
    const id: string = asked.data.approval_id;
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => post('adminapproverequest', { id }, i % 2 === 0 ? operatorB : operatorC)),
    );
    expect(answers.filter((answer) => answer.httpStatus === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.httpStatus === 409).length).toBe(5);
    expect((await wallets(c.t, m.id)).ads).toBe(1_250_000n);
    expect(await adjustmentsOf(m)).toBe(1);
  });

  it('a rejected request moves nothing; the asker can only cancel their own', async () => {
    const m = await member();
    const asked = await post(
      'admindeposit',
      { username: m.username, amount: '20000', reference: 'bank-big-1', reason: 'Cash at the office' },
      operatorA,
    );
    expect(asked).toMatchObject({ httpStatus: 202, data: { kind: 'deposit', amount_system: '20000.00' } });
    // One pending request per receipt.
    expect(
      await post('admindeposit', { username: m.username, amount: '20000', reference: 'BANK-BIG-1' }, operatorC),
    ).toMatchObject({ httpStatus: 409 });
    expect(await post('adminrejectrequest', { id: asked.data.approval_id, reason: '' }, operatorB)).toMatchObject({
      httpStatus: 400,
    });
    const rejected = await post(
      'adminrejectrequest',
      { id: asked.data.approval_id, reason: 'No such receipt on the statement' },
      operatorB,
    );
    expect(rejected).toMatchObject({ httpStatus: 200, data: { state: 'rejected' } });
    expect(await post('adminapproverequest', { id: asked.data.approval_id }, operatorC)).toMatchObject({
      httpStatus: 409,
      code: 'ALREADY_DONE',
    });
    expect((await wallets(c.t, m.id)).deposit).toBe(0n);
    expect(await c.deposits(m)).toEqual([]);
    expect((await audits(asked.data.approval_id)).map((row) => row.action)).toEqual(['approval.request', 'approval.reject']);

    const again = await post('admindeposit', { username: m.username, amount: '20000', reference: 'BANK-BIG-1' }, operatorA);
    expect(again.httpStatus).toBe(202);
    const cancelled = await post(
      'adminrejectrequest',
      { id: again.data.approval_id, reason: 'Typed the wrong member' },
      operatorA,
    );
    expect(cancelled).toMatchObject({ httpStatus: 200, data: { state: 'cancelled' } });
    expect(await requestState(again.data.approval_id)).toEqual({ state: 'cancelled', decided_by: operatorA.id.toString() });
    expect((await wallets(c.t, m.id)).deposit).toBe(0n);
  });

  it('an approved deposit credits once; the same receipt later is a replay, not a new request', async () => {
    const m = await member();
    const asked = await post('admindeposit', { username: m.username, amount: '15000.50', reference: 'MPESA-STMT-9' }, operatorA);
    const approved = await post('adminapproverequest', { id: asked.data.approval_id }, operatorB);
    expect(approved).toMatchObject({ httpStatus: 200, data: { state: 'approved' } });
    expect((await wallets(c.t, m.id)).deposit).toBe(1_500_050n);
    const replay = await post('admindeposit', { username: m.username, amount: '15000.50', reference: 'mpesa-stmt-9' }, operatorC);
    expect(replay).toMatchObject({ httpStatus: 200, data: { duplicate: true } });
    expect(await depositTransactions(c.t, m.id)).toBe(1);
  });

  it('a withdrawal approval above the threshold waits; declining stays one operator', async () => {
    const m = await member();
    await fund(c.t, m.id, 5_000_000n, 'balance');
    const big = await post('systemwithdrawal', { acc: '1', amount: '12000' }, m);
    const small = await post('systemwithdrawal', { acc: '1', amount: '3000' }, m);
    const other = await post('systemwithdrawal', { acc: '1', amount: '11000' }, m);
    expect([big.httpStatus, small.httpStatus, other.httpStatus]).toEqual([200, 200, 200]);

    const asked = await post('updatetrans', { tid: big.data.id, value: '2' }, operatorA);
    expect(asked).toMatchObject({ httpStatus: 202, data: { kind: 'withdrawal', amount_system: '12000.00' } });
    const status = async (id: string) =>
      (await c.t.sql<{ status: number }>('SELECT status FROM withdrawals WHERE id = $1', [id]))[0]!.status;
    expect(await status(big.data.id)).toBe(0);
    expect(await post('updatetrans', { tid: big.data.id, value: '2' }, operatorC)).toMatchObject({ httpStatus: 409 });
    expect(await post('adminapproverequest', { id: asked.data.approval_id }, operatorA)).toMatchObject({ httpStatus: 403 });
    expect(await post('adminapproverequest', { id: asked.data.approval_id }, operatorB)).toMatchObject({ httpStatus: 200 });
    expect(await status(big.data.id)).toBe(2);

    const bulk = await post('adminbulkdecide', { ids: [small.data.id, other.data.id], value: '2' }, operatorA);
    expect(bulk).toMatchObject({ httpStatus: 200, data: { done: 1, requested: 1, failed: 0 } });
    expect(await status(small.data.id)).toBe(2);
    expect(await status(other.data.id)).toBe(0);
    const pendingId = bulk.data.results.find((row: { id: string }) => row.id === other.data.id).approval_id as string;
    expect(pendingId).toMatch(/^\d+$/);
    // A refund needs no second operator, whatever the amount; declining closes the pending request (the operator who
    // asked declined, so it is cancelled), which then cannot execute.
    expect(await post('updatetrans', { tid: other.data.id, value: '1' }, operatorA)).toMatchObject({
      httpStatus: 200,
      data: { status: '1' },
    });
    expect(await requestState(pendingId)).toMatchObject({ state: 'cancelled' });
    expect(await post('adminapproverequest', { id: pendingId }, operatorB)).toMatchObject({ httpStatus: 409 });
    expect(await status(other.data.id)).toBe(1);

    // Declined by another operator, the request reads as rejected, with the reason.
    const third = await post('systemwithdrawal', { acc: '1', amount: '10500' }, m);
    const thirdAsked = await post('updatetrans', { tid: third.data.id, value: '2' }, operatorA);
    expect(thirdAsked).toMatchObject({ httpStatus: 202 });
    expect(await post('updatetrans', { tid: third.data.id, value: '1' }, operatorB)).toMatchObject({
      httpStatus: 200,
      data: { status: '1' },
    });
    expect(await requestState(thirdAsked.data.approval_id)).toMatchObject({ state: 'rejected' });
  });

  it('follows the operator setting (itself a four-eyes change)', async () => {
    const lower = await post('adminsetting', { key: 'four_eyes_threshold', value: '500.00' }, operatorA);
    expect(lower).toMatchObject({ httpStatus: 202, data: { kind: 'setting' } });
    expect(await post('adminapproverequest', { id: lower.data.approval_id }, operatorB)).toMatchObject({ httpStatus: 200 });
    const m = await member();
    expect(await adjust(m, '-500.01', 'Clawback')).toMatchObject({
      httpStatus: 202,
      data: { amount_system: '500.01', threshold: '500.00' },
    });
    expect((await get('adminapprovals', {}, operatorB)).data).toMatchObject({ threshold: '500.00', currency: 'KES' });
    const back = await post('adminsetting', { key: 'four_eyes_threshold', value: '10000.00' }, operatorA);
    expect(back).toMatchObject({ httpStatus: 202 });
    expect(await post('adminapproverequest', { id: back.data.approval_id }, operatorB)).toMatchObject({ httpStatus: 200 });
  });

  it('is for operators only', async () => {
    expect(await get('adminapprovals', {}, support)).toMatchObject({ httpStatus: 403 });
    expect(await post('adminapproverequest', { id: '1' }, support)).toMatchObject({ httpStatus: 403 });
    expect(await post('adminapproverequest', { id: '999999' }, operatorB)).toMatchObject({ httpStatus: 404 });
  });
});

describe('no staff member moves money into or out of their own account', () => {
  it('refuses adjusting, depositing into and deciding their own, below the threshold too', async () => {
    // A staff account is no member target at all (decision 019): their own account is "not found" before the self check.
    expect(await adjust(operatorA, '1.00', 'for me')).toMatchObject({ httpStatus: 404, msg: 'Member not found' });
    expect(
      await post('admindeposit', { username: operatorA.username, amount: '1', reference: 'SELF-1' }, operatorA),
    ).toMatchObject({ httpStatus: 404, msg: 'Member not found' });
    expect((await wallets(c.t, operatorA.id)).balance).toBe(0n);
    expect((await wallets(c.t, operatorA.id)).deposit).toBe(0n);

    // A member with a pending withdrawal who later becomes staff cannot pay it out to themselves.
    const m = await member();
    await fund(c.t, m.id, 100_000n, 'balance');
    const withdrawal = await post('systemwithdrawal', { acc: '1', amount: '300' }, m);
    expect(withdrawal.httpStatus).toBe(200);
    await c.t.sql("UPDATE members SET role = 'operator' WHERE id = $1", [m.id.toString()]);
    await enableTotpFor(c.t, m.id);
    expect(await post('updatetrans', { tid: withdrawal.data.id, value: '2' }, m)).toMatchObject({ httpStatus: 403 });
    expect(await post('adminbulkdecide', { ids: [withdrawal.data.id], value: '2' }, m)).toMatchObject({
      data: { done: 0, failed: 1, results: [{ code: 'FORBIDDEN' }] },
    });
    expect(await post('updatetrans', { tid: withdrawal.data.id, value: '2' }, operatorB)).toMatchObject({ httpStatus: 200 });
  });
});

describe('the approver is not the member either', () => {
  it('a member who became an operator cannot approve a request for their own wallet', async () => {
    const m = await member();
    const asked = await adjust(m, '20000', 'Prize');
    expect(asked.httpStatus).toBe(202);
    await c.t.sql("UPDATE members SET role = 'operator' WHERE id = $1", [m.id.toString()]);
    await enableTotpFor(c.t, m.id);
    expect(await post('adminapproverequest', { id: asked.data.approval_id }, m)).toMatchObject({
      httpStatus: 403,
      code: 'FORBIDDEN',
    });
    expect((await wallets(c.t, m.id)).balance).toBe(0n);
    expect(await requestState(asked.data.approval_id)).toMatchObject({ state: 'pending' });
  });
});

describe('amounts in another currency are compared in the system currency', () => {
  it('a deposit of UGX 300,000 (KES 10,526.32 at 28.5) needs a second operator; UGX 285,000 (KES 10,000.00) does not', async () => {
    const ugandan = await c.member('UG');
    const asked = await post('admindeposit', { username: ugandan.username, amount: '300000', reference: 'UG-BANK-1' }, operatorA);
    expect(asked).toMatchObject({ httpStatus: 202, data: { kind: 'deposit', amount_system: '10526.32' } });
    const row = (await get('adminapprovals', {}, operatorB)).data.rows.find(
      (r: { id: string }) => r.id === asked.data.approval_id,
    );
    expect(row).toMatchObject({
      amount: '300000.00',
      currency: 'UGX',
      amount_system: '10526.32',
      detail: 'Manual deposit: Receipt UG-BANK-1',
    });
    // Another member (the first one's pending request counts in their 24-hour window, decision 044).
    const second = await c.member('UG');
    expect(
      await post('admindeposit', { username: second.username, amount: '285000', reference: 'UG-BANK-2' }, operatorA),
    ).toMatchObject({
      httpStatus: 200,
      data: { amount_system: '10000.00' },
    });
  });
});

describe('manual codes: support credits only what the provider reported', () => {
  /** A C2B confirmation is usable once M-Pesa's transaction status query confirmed it (the provider's check). */
  const confirmC2B = async (code: string, amount: string) => {
    await c.sim.mpesa.sendC2B({ TransID: code, TransAmount: amount, MSISDN: '254712345678' });
    await waitFor(
      async () =>
        (await c.t.sql(`SELECT 1 FROM payment_notifications WHERE trans_id = $1 AND verification = 'verified'`, [code])).length >
        0,
    );
  };
  const queue = async (code: string) => {
    const m = await c.member('KE');
    expect(await c.call('recovercode', m, { method: 'POST', payload: { ref_code: code } })).toMatchObject({ httpStatus: 202 });
    const review = (
      await c.t.sql<{ id: string }>('SELECT id::text FROM code_reviews WHERE member_id = $1 AND code = $2', [
        m.id.toString(),
        code,
      ])
    )[0]!;
    return { m, reviewId: review.id };
  };

  it('support cannot type an amount, and without a notification cannot credit at all', async () => {
    const { m, reviewId } = await queue('SUPNOAMT01');
    expect(await post('adminresolvecode', { id: reviewId, approve: true, amount: '150' }, support)).toMatchObject({
      httpStatus: 403,
      code: 'FORBIDDEN',
    });
    const unmatched = await post('adminresolvecode', { id: reviewId, approve: true }, support);
    expect(unmatched).toMatchObject({ httpStatus: 409, code: 'CONFLICT' });
    expect(unmatched.msg).toContain('No payment notification');
    expect(await c.depositWallet(m)).toBe(0n);
    expect(await post('adminresolvecode', { id: reviewId, approve: false, note: 'Not on the statement' }, support)).toMatchObject(
      { httpStatus: 200, data: { status: 'rejected' } },
    );
    expect(await c.depositWallet(m)).toBe(0n);
  });

  it("support credits a code for the provider's amount once its notification arrives", async () => {
    const { m, reviewId } = await queue('SUPMATCH01');
    await confirmC2B('SUPMATCH01', '350.00');
    const credited = await post('adminresolvecode', { id: reviewId, approve: true }, support);
    expect(credited).toMatchObject({ httpStatus: 200, data: { status: 'credited', amount_system: '350.00' } });
    expect(await c.depositWallet(m)).toBe(35_000n);
    expect(await depositTransactions(c.t, m.id)).toBe(1);
  });

  it('an operator credits a typed amount at once at or below the threshold, above it after a second operator', async () => {
    const small = await queue('OPTYPED001');
    expect(await post('adminresolvecode', { id: small.reviewId, approve: true, amount: '400' }, operatorA)).toMatchObject({
      httpStatus: 200,
      data: { amount_system: '400.00' },
    });
    expect(await c.depositWallet(small.m)).toBe(40_000n);

    const big = await queue('OPTYPED002');
    const asked = await post(
      'adminresolvecode',
      { id: big.reviewId, approve: true, amount: '25000', note: 'Bank statement line 4' },
      operatorA,
    );
    expect(asked).toMatchObject({ httpStatus: 202, data: { kind: 'code', amount_system: '25000.00' } });
    expect(await c.depositWallet(big.m)).toBe(0n);
    const row = (await get('adminapprovals', {}, operatorB)).data.rows.find(
      (r: { id: string }) => r.id === asked.data.approval_id,
    );
    expect(row).toMatchObject({
      detail: 'Code credited by hand: Code OPTYPED002',
      username: big.m.username,
      reason: 'Bank statement line 4',
    });
    expect(await post('adminapproverequest', { id: asked.data.approval_id }, operatorA)).toMatchObject({ httpStatus: 403 });
    expect(await post('adminapproverequest', { id: asked.data.approval_id }, operatorB)).toMatchObject({ httpStatus: 200 });
    expect(await c.depositWallet(big.m)).toBe(2_500_000n);
    expect(await post('adminresolvecode', { id: big.reviewId, approve: true }, support)).toMatchObject({ httpStatus: 409 });
    expect(await depositTransactions(c.t, big.m.id)).toBe(1);
  });

  it('staff cannot resolve a code they submitted', async () => {
    const { m, reviewId } = await queue('OWNCODE001');
    await confirmC2B('OWNCODE001', '50.00');
    await c.t.sql("UPDATE members SET role = 'support', status = 'active' WHERE id = $1", [m.id.toString()]);
    await enableTotpFor(c.t, m.id);
    expect(await post('adminresolvecode', { id: reviewId, approve: true }, m)).toMatchObject({ httpStatus: 403 });
    expect(await post('adminresolvecode', { id: reviewId, approve: false }, m)).toMatchObject({ httpStatus: 403 });
    expect(await c.depositWallet(m)).toBe(0n);
    expect(await post('adminresolvecode', { id: reviewId, approve: true }, support)).toMatchObject({
      httpStatus: 200,
      data: { amount_system: '50.00' },
    });
  });
});
