import { describe, expect, it } from 'vitest';
import {
  minimumWithdrawalApplies,
  minimumWithdrawalMessage,
  WITHDRAW_ACCOUNTS,
  WithdrawAccountSchema,
  type WithdrawAccount,
} from '../src/withdrawals.ts';

describe('the minimum withdrawal rule (one function, asked by the server and the web form)', () => {
  it('applies to the Jumbo wallet only', () => {
    expect(minimumWithdrawalApplies('1')).toBe(true);
    for (const acc of ['3', '4', '5'] as const) expect(minimumWithdrawalApplies(acc)).toBe(false);
  });

  it('knows every wallet a member may withdraw from', () => {
    const applies = (Object.keys(WITHDRAW_ACCOUNTS) as WithdrawAccount[]).filter(minimumWithdrawalApplies);
    expect(applies.map((acc) => WITHDRAW_ACCOUNTS[acc])).toEqual(['balance']);
  });

  it("words the spec's message", () => {
    expect(minimumWithdrawalMessage('KES', '200.00')).toBe('Minimum withdrawal amount is KES 200.00');
  });
});

describe('the wallet code of a withdrawal', () => {
  it.each(['1', '3', '4', '5', 1, 5])('accepts %j', (value) => {
    expect(WithdrawAccountSchema.safeParse(value).success).toBe(true);
  });

  it.each(['', '2', 'balance', null, undefined])('refuses %j with the form message', (value) => {
    const parsed = WithdrawAccountSchema.safeParse(value);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('Please select an account');
  });
});
