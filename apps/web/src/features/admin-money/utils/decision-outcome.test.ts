import type { PayoutSummary } from '@tuzo/contracts';
import { describe, expect, it } from 'vitest';
import { decisionOutcome, PAID_BY_HAND_TEXT } from './decision-outcome';

const payout = (over: Partial<PayoutSummary>): PayoutSummary => ({
  id: '7',
  state: 'sent',
  provider: 'mpesa_b2c',
  reference: 'TZ-7',
  receipt: null,
  reason: null,
  ...over,
});

describe('the toast after deciding one withdrawal', () => {
  it('shows the server’s words about a payout on its way or paid', () => {
    const onItsWay = 'Withdrawal approved: the payout is on its way by M-Pesa B2C';
    expect(decisionOutcome('2', { id: '1', status: '0', payout: payout({}) }, onItsWay)).toEqual({
      tone: 'success',
      text: onItsWay,
    });
    const paid = 'Withdrawal completed: paid by M-Pesa B2C, receipt TKA1B2C3D4';
    expect(
      decisionOutcome('2', { id: '1', status: '2', payout: payout({ state: 'paid', receipt: 'TKA1B2C3D4' }) }, paid),
    ).toEqual({ tone: 'success', text: paid });
  });

  it('shows a payout the provider refused at once as an error', () => {
    const refused = 'Withdrawal approved, but the M-Pesa B2C payout failed and the member was refunded: not registered';
    expect(decisionOutcome('2', { id: '1', status: '1', payout: payout({ state: 'failed', reason: 'x' }) }, refused)).toEqual({
      tone: 'error',
      text: refused,
    });
  });

  it('says an approval that started no payout (a country paid by hand) paid no one', () => {
    expect(decisionOutcome('2', { id: '1', status: '2', payout: null }, 'Withdrawal completed')).toEqual({
      tone: 'success',
      text: `Withdrawal completed. ${PAID_BY_HAND_TEXT}`,
    });
    expect(decisionOutcome('2', { id: '1', status: '2' }, 'Withdrawal completed').text).toContain(PAID_BY_HAND_TEXT);
  });

  it('keeps the server’s words for a decline and a four-eyes request', () => {
    expect(decisionOutcome('1', { id: '1', status: '1', payout: null }, 'Withdrawal declined and refunded in full')).toEqual({
      tone: 'success',
      text: 'Withdrawal declined and refunded in full',
    });
    const requested = {
      approval_id: '9',
      state: 'pending' as const,
      kind: 'withdrawal' as const,
      amount_system: '20000.00',
      threshold: '10000.00',
    };
    expect(decisionOutcome('2', requested, 'Waits for a second operator').text).toBe('Waits for a second operator');
  });
});
