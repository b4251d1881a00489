import { beforeAll, describe, expect, it } from 'vitest';
import { madeBeforeAll } from './before-all.ts';
import { SettableClock } from '../src/lib/clock.ts';
import { runClosureSweep } from '../src/modules/my-data/closure.service.ts';
import { loginOk, memberRow, registerOk } from './auth-helpers.ts';
import { useDepositTestApp, waitFor } from './deposits-fixtures.ts';
import { callAction } from './harness.ts';
import { createMember, type TestMember } from './money-fixtures.ts';

/**
 * Issue 23 §6: an account closure waits while any money request for the member is open, not only a pending
 * withdrawal or a wallet with money: a four-eyes request about them, a payment code waiting for review, and a payment
 * they claimed that M-Pesa has not confirmed yet. Each refuses the request to close and, when it appears after the
 * request, the completion (by an operator or the sweep); once it is decided the closure goes on.
 */
const clock = new SettableClock();
let secondOperator: TestMember;
const c = useDepositTestApp({ clock });
const operator = madeBeforeAll(() => createMember(c.t, { countryId: 1, status: 'active', role: 'operator', prefix: 'op' }));
beforeAll(async () => {
  secondOperator = await createMember(c.t, { countryId: 1, status: 'active', role: 'operator', prefix: 'op' });
});

const post = (action: string, token: string, payload: unknown) => callAction(c.t.app, action, { method: 'POST', token, payload });

/** A signed-up member with the password "secret123", signed in, wallets at zero. */
async function signedUp() {
  const payload = await registerOk(c.t);
  const token = await loginOk(c.t, payload.username);
  const row = await memberRow(c.t, payload.username);
  return { username: payload.username, token, id: BigInt(row!.id) };
}
const askToClose = (token: string) => post('closeaccount', token, { password: 'secret123' });

const APPROVAL_MSG = 'A change to your money is waiting for a second operator. Wait until it is decided, then ask again.';
const REVIEW_MSG = 'A payment code you sent is waiting for review. Wait until it is checked, then ask again.';
const VERIFYING_MSG = 'A payment you claimed is still being confirmed with M-Pesa. Wait until it is confirmed, then ask again.';

describe('a closure waits for every open money request of the member', () => {
  it('a pending four-eyes request about the member', async () => {
    const m = await signedUp();
    const requested = await post('adminadjust', operator.token, {
      username: m.username,
      wallet: 'balance',
      amount: '900000.00',
      reason: 'Prize agreed on ticket 77',
    });
    expect(requested, requested.msg).toMatchObject({ httpStatus: 202, data: { state: 'pending' } });
    expect(await askToClose(m.token)).toMatchObject({ httpStatus: 409, code: 'CONFLICT', msg: APPROVAL_MSG });
    expect(
      await post('adminrejectrequest', secondOperator.token, { id: requested.data.approval_id, reason: 'No ticket' }),
    ).toMatchObject({
      httpStatus: 200,
      data: { state: 'rejected' },
    });
    expect(await askToClose(m.token)).toMatchObject({ httpStatus: 200, data: { state: 'requested' } });
  });

  it('a payment code waiting for review', async () => {
    const m = await signedUp();
    const code = `QR${String(Date.now()).slice(-8)}`;
    expect(await post('recovercode', m.token, { ref_code: code })).toMatchObject({ httpStatus: 202, data: { state: 'review' } });
    expect(await askToClose(m.token)).toMatchObject({ httpStatus: 409, msg: REVIEW_MSG });
    const queue = await callAction(c.t.app, 'adminreviewcodes', { token: operator.token, query: { limit: '100' } });
    expect(queue.httpStatus, queue.msg).toBe(200);
    const row = queue.data.rows.find((r: { ref_code: string }) => r.ref_code === code) as { id: string };
    const rejected = await post('adminresolvecode', operator.token, { id: row.id, approve: false, note: 'No such payment' });
    expect(rejected.httpStatus, rejected.msg).toBe(200);
    expect((await askToClose(m.token)).httpStatus).toBe(200);
  });

  it('a payment the member claimed that M-Pesa has not confirmed yet', async () => {
    const m = await signedUp();
    // M-Pesa takes its time to answer the transaction status query.
    c.sim.mpesa.behaviour.callbackDelayMs = 60_000;
    try {
      await c.sim.mpesa.sendC2B({ TransID: 'CLOSE00001', TransAmount: '640.00', MSISDN: '254712345678' });
      await waitFor(async () => (await c.t.sql("SELECT 1 FROM payment_notifications WHERE trans_id = 'CLOSE00001'")).length > 0);
      expect(await post('recovercode', m.token, { ref_code: 'CLOSE00001' })).toMatchObject({
        httpStatus: 202,
        data: { state: 'verifying' },
      });
      expect(await askToClose(m.token)).toMatchObject({ httpStatus: 409, msg: VERIFYING_MSG });
      // Another member's unconfirmed claim does not hold this one's closure.
      const other = await signedUp();
      expect((await askToClose(other.token)).httpStatus).toBe(200);
    } finally {
      c.sim.mpesa.behaviour.callbackDelayMs = 150;
    }
    const [refused] = await c.t.sql<{ verification: string }>(
      "UPDATE payment_notifications SET verification = 'refused', verification_note = 'test: M-Pesa refused it' WHERE trans_id = 'CLOSE00001' RETURNING verification",
    );
    expect(refused?.verification).toBe('refused');
    expect((await askToClose(m.token)).httpStatus).toBe(200);
  });
  // Last: it moves the clock eight days on.
  it('a four-eyes request made after the member asked blocks the completion, by an operator and by the sweep', async () => {
    const m = await signedUp();
    expect((await askToClose(m.token)).httpStatus).toBe(200);
    const id = (await callAction(c.t.app, 'myclosure', { token: m.token })).data.closure.id as string;
    const requested = await post('adminadjust', operator.token, {
      username: m.username,
      wallet: 'deposit',
      amount: '900000.00',
      reason: 'Refund agreed on ticket 78',
    });
    expect(requested.httpStatus).toBe(202);
    expect(await post('admincompleteclosure', secondOperator.token, { id })).toMatchObject({
      httpStatus: 409,
      msg: `This account cannot be closed yet: ${APPROVAL_MSG}`,
    });
    clock.advance(8 * 86_400_000);
    expect((await runClosureSweep(c.t.app.deps)).blocked).toBe(1);
    expect(await memberRow(c.t, m.username)).toBeDefined();
    // Eight days on, the operators' sessions have been idle too long: they are seen again now (as after a sign-in).
    await c.t.sql(
      "UPDATE sessions SET last_seen_at = $1, expires_at = $1::timestamptz + interval '1 day' WHERE member_id = ANY($2::bigint[])",
      [clock.now(), [operator.id.toString(), secondOperator.id.toString()]],
    );
    const rejected = await post('adminrejectrequest', operator.token, { id: requested.data.approval_id, reason: 'Withdrawn' });
    expect(rejected.httpStatus, rejected.msg).toBe(200);
    expect((await runClosureSweep(c.t.app.deps)).completed).toBeGreaterThanOrEqual(1);
    expect((await memberRow(c.t, `closed_${m.id}`))?.id).toBe(m.id.toString());
  });
});
