import { WITHDRAWAL_MESSAGES } from '@tuzo/contracts';
import { describe, expect, it } from 'vitest';
import { buildUserData } from '@/testing/user-data';
import { buildWithdrawFormSchema, chargeMinor, toTariffBrackets, walletBalanceMinor } from './withdraw-rules';

const user = buildUserData();
const brackets = toTariffBrackets(user.fee);

/** The first message the form schema gives for each field, as the form shows them. */
function messages(values: { acc: string; amount: string }, member = user): Record<string, string> {
  const parsed = buildWithdrawFormSchema(member).safeParse(values);
  const found: Record<string, string> = {};
  for (const issue of parsed.success ? [] : parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
  return found;
}

describe('tariff brackets and the charge', () => {
  it('reads the fee table into minor units and leaves out unreadable rows', () => {
    expect(brackets).toEqual([
      { minMinor: 100n, maxMinor: 100000n, tariffMinor: 3000n },
      { minMinor: 100001n, maxMinor: 500000n, tariffMinor: 5000n },
    ]);
    const fee = { min_with: '0.00', tariff: [{ min_brackets: 'x', max_brackets: '10.00', tariff: '1.00' }] };
    expect(toTariffBrackets(fee)).toEqual([]);
  });

  it('charges the Jumbo wallet by the bracket of the amount, the last bracket above the table', () => {
    expect(chargeMinor({ acc: '1', amountMinor: 50000n, brackets })).toBe(3000n);
    expect(chargeMinor({ acc: '1', amountMinor: 100000n, brackets })).toBe(3000n);
    expect(chargeMinor({ acc: '1', amountMinor: 100001n, brackets })).toBe(5000n);
    expect(chargeMinor({ acc: '1', amountMinor: 900000n, brackets })).toBe(5000n);
  });

  it('charges nothing on the other wallets', () => {
    for (const acc of ['3', '4', '5']) expect(chargeMinor({ acc, amountMinor: 50000n, brackets })).toBe(0n);
  });

  it('finds the balance of each withdrawable wallet', () => {
    expect(walletBalanceMinor(user, '1')).toBe(100000n);
    expect(walletBalanceMinor(user, '3')).toBe(25050n);
    expect(walletBalanceMinor(user, '5')).toBe(4000n);
    expect(walletBalanceMinor(user, '2')).toBeNull();
  });
});

describe('the Withdraw Funds form schema', () => {
  it('asks for an account the contract accepts and an amount', () => {
    expect(messages({ acc: '', amount: '' })).toEqual({ acc: WITHDRAWAL_MESSAGES.selectAccount, amount: 'Amount is required' });
    expect(messages({ acc: '2', amount: '150' }).acc).toBe(WITHDRAWAL_MESSAGES.selectAccount);
  });

  it('refuses amounts that are not numbers or not above zero', () => {
    expect(messages({ acc: '1', amount: '12abc' })).toEqual({ amount: 'Must be a valid number' });
    expect(messages({ acc: '1', amount: '-5' })).toEqual({ amount: 'Must be a valid number' });
    expect(messages({ acc: '3', amount: '0' })).toEqual({ amount: 'Amount must be greater than 0' });
  });

  it('holds the Jumbo wallet to the minimum withdrawal, the other wallets not', () => {
    expect(messages({ acc: '1', amount: '99.99' })).toEqual({ amount: 'Minimum withdrawal amount is KES 100.00' });
    expect(messages({ acc: '3', amount: '50' })).toEqual({});
  });

  it('counts the charge against the balance', () => {
    // 970 + 30 charge = the whole 1,000.00; one cent more does not fit.
    expect(messages({ acc: '1', amount: '970' })).toEqual({});
    expect(messages({ acc: '1', amount: '970.01' })).toEqual({ amount: WITHDRAWAL_MESSAGES.exceedsBalance });
    expect(messages({ acc: '5', amount: '40.00' })).toEqual({});
    expect(messages({ acc: '5', amount: '40.01' })).toEqual({ amount: WITHDRAWAL_MESSAGES.exceedsBalance });
  });

  it('reads the minimum from the member fee settings', () => {
    const member = buildUserData({ fee: { min_with: '500.00' } });
    expect(messages({ acc: '1', amount: '499' }, member)).toEqual({ amount: 'Minimum withdrawal amount is KES 500.00' });
  });
});
