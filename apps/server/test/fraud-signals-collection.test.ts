import { describe, expect, it } from 'vitest';
import { callAction } from './harness.ts';
import { useDepositTestApp, waitFor } from './deposits-fixtures.ts';
import { fund, createMember } from './money-fixtures.ts';
import { usePayoutTestApp } from './payout-app.ts';
import { approve, payee, waitForState } from './payouts-fixtures.ts';
import type { TestApp } from './harness.ts';

/** The collection points of decision 061 record their signals in the event's own transaction. */
const DEVICE = { 'x-device-id': 'collection_device_0001' };

const signalsOf = async (t: TestApp, memberId: bigint) =>
  (
    await t.sql<{ kind: string; event: string }>(
      'SELECT kind, event FROM fraud_signals WHERE member_id = $1 ORDER BY event, kind',
      [memberId.toString()],
    )
  ).map((row) => `${row.event}:${row.kind}`);

describe('activation, withdrawal request and payout', () => {
  const ctx = usePayoutTestApp();

  it('records the device and address at activation', async () => {
    const m = await createMember(ctx.t, { countryId: ctx.c.kes });
    await fund(ctx.t, m.id, 50_000n);
    const res = await callAction(ctx.t.app, 'activateaccount', { method: 'POST', token: m.token, payload: {}, headers: DEVICE });
    expect(res).toMatchObject({ status: 200, resultcode: true });
    expect(await signalsOf(ctx.t, m.id)).toEqual(['activation:device', 'activation:ip', 'activation:network']);
  });

  it('records device, address and payout phone at the request, and the name M-Pesa paid when the payout settles', async () => {
    const m = await payee(ctx);
    const asked = await callAction(ctx.t.app, 'systemwithdrawal', {
      method: 'POST',
      token: m.token,
      payload: { acc: '1', amount: '500' },
      headers: DEVICE,
    });
    expect(asked).toMatchObject({ status: 200 });
    expect(await signalsOf(ctx.t, m.id)).toEqual([
      'withdrawal:device',
      'withdrawal:ip',
      'withdrawal:network',
      'withdrawal:payout_phone',
    ]);
    await approve(ctx, asked.data.id as string);
    await waitForState(ctx, asked.data.id as string, 'paid');
    expect(await signalsOf(ctx.t, m.id)).toContain('payout:receiver_name');
  });
});

describe('deposits', () => {
  const c = useDepositTestApp();

  it('records the M-Pesa number that paid a confirmed STK push', async () => {
    const member = await c.member('KE');
    const response = await c.call('stkpush', member, { method: 'POST', payload: { phone: '0712345678', amount: 100 } });
    expect(response).toMatchObject({ status: 200 });
    await waitFor(async () => (await c.deposits(member)).find((d) => d.status === 2));
    expect(await signalsOf(c.t, member.id)).toEqual(['deposit:payer_phone']);
  });
});
