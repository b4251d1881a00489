import { describe, expect, it } from 'vitest';
import { withdrawalOutcome } from './withdrawal-outcome';

describe('what the withdrawal history shows under a status', () => {
  it('shows the receipt of a completed withdrawal', () => {
    expect(withdrawalOutcome({ Status: '2', Receipt: 'TKA1B2C3D4', Reason: null })).toEqual({
      kind: 'receipt',
      text: 'TKA1B2C3D4',
    });
  });

  it('shows why a failed payout came back on a declined withdrawal', () => {
    const reason = 'M-Pesa could not pay this phone number: it is not registered for M-Pesa. The money is back in your wallet.';
    expect(withdrawalOutcome({ Status: '1', Receipt: null, Reason: reason })).toEqual({ kind: 'reason', text: reason });
  });

  it('shows nothing for a pending one, one paid by hand, an operator decline or an older server', () => {
    expect(withdrawalOutcome({ Status: '0', Receipt: null, Reason: null })).toBeNull();
    expect(withdrawalOutcome({ Status: '2', Receipt: null, Reason: null })).toBeNull();
    expect(withdrawalOutcome({ Status: '1', Receipt: null, Reason: '  ' })).toBeNull();
    expect(withdrawalOutcome({ Status: '2' })).toBeNull();
  });

  it('never shows a receipt on a row that is not completed, nor a reason on one that is not declined', () => {
    expect(withdrawalOutcome({ Status: '0', Receipt: 'TKA1B2C3D4', Reason: 'x' })).toBeNull();
    expect(withdrawalOutcome({ Status: '2', Receipt: null, Reason: 'x' })).toBeNull();
    expect(withdrawalOutcome({ Status: '1', Receipt: 'TKA1B2C3D4', Reason: null })).toBeNull();
  });
});
