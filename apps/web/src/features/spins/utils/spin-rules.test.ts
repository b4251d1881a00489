import { describe, expect, it } from 'vitest';
import { isStakeBelowMinimum, stakeError, wheelLabel } from './spin-rules';

const RULE = { minStakeMinor: 2000n, walletMinor: 10000n, currency: 'KES' };

describe('stakeError', () => {
  it('asks for the minimum when the stake is empty, unreadable or below it', () => {
    for (const stake of ['', 'abc', '-5', '19.99']) {
      expect(stakeError({ ...RULE, stake }), stake).toBe('Minimum stake is 20.00 KES');
    }
  });

  it('refuses a zero stake even while the server has not said the minimum (0)', () => {
    expect(stakeError({ ...RULE, minStakeMinor: 0n, stake: '0' })).toBe('Minimum stake is 0.00 KES');
  });

  it('refuses a stake above the chosen wallet', () => {
    expect(stakeError({ ...RULE, stake: '100.01' })).toBe('Insufficient balance');
  });

  it('accepts a stake from the minimum up to the whole wallet', () => {
    expect(stakeError({ ...RULE, stake: '20' })).toBeNull();
    expect(stakeError({ ...RULE, stake: '100.00' })).toBeNull();
  });
});

describe('isStakeBelowMinimum', () => {
  it('is true for an empty, unreadable or too small stake', () => {
    expect(isStakeBelowMinimum('', 2000n)).toBe(true);
    expect(isStakeBelowMinimum('  ', 0n)).toBe(true);
    expect(isStakeBelowMinimum('2O', 2000n)).toBe(true);
    expect(isStakeBelowMinimum('19.99', 2000n)).toBe(true);
  });

  it('is false from the minimum on', () => {
    expect(isStakeBelowMinimum('20', 2000n)).toBe(false);
    expect(isStakeBelowMinimum('0', 0n)).toBe(false);
  });
});

describe('wheelLabel', () => {
  it('prefixes casino multipliers with x and drops .00 from free prizes', () => {
    expect(wheelLabel('casino', '1600')).toBe('x1600');
    expect(wheelLabel('free', '90.00')).toBe('90');
    expect(wheelLabel('free', '2.50')).toBe('2.50');
  });
});
