import { PAYOUT_STATES, type ProviderAnswer } from '@tuzo/contracts';
import { describe, expect, it } from 'vitest';
import {
  canCheckPayout,
  canRetryPayout,
  canSettlePayoutByHand,
  countryPayoutMethods,
  exchangeBodyText,
  PAYOUT_QUEUE_STATES,
} from './payout-rules';

const COUNTRIES = [
  { name: 'Kenya', abbreviation: 'KE', currency: 'KES', enabled: true },
  { name: 'Uganda', abbreviation: 'UG', currency: 'UGX', enabled: true },
  { name: 'Tanzania', abbreviation: 'TZ', currency: 'TZS', enabled: false },
  { name: 'Nigeria', abbreviation: 'NG', currency: 'NGN', enabled: true },
];

describe('how each country is paid', () => {
  it('reads payouts.providers by abbreviation; a country it does not list is paid by hand', () => {
    expect(countryPayoutMethods(COUNTRIES, { KE: 'mpesa_b2c', NG: 'flutterwave' })).toEqual([
      { name: 'Kenya', abbreviation: 'KE', currency: 'KES', method: 'mpesa_b2c', label: 'M-Pesa B2C' },
      { name: 'Uganda', abbreviation: 'UG', currency: 'UGX', method: 'manual', label: 'Paid by hand' },
      { name: 'Nigeria', abbreviation: 'NG', currency: 'NGN', method: 'flutterwave', label: 'Flutterwave transfer' },
    ]);
  });

  it('lists enabled countries only, and shows "manual" where the setting says so', () => {
    const methods = countryPayoutMethods(COUNTRIES, { KE: 'manual', TZ: 'mpesa_b2c' });
    expect(methods.map((each) => [each.abbreviation, each.method])).toEqual([
      ['KE', 'manual'],
      ['UG', 'manual'],
      ['NG', 'manual'],
    ]);
  });

  it('never names a provider from a value the contract cannot read', () => {
    for (const unreadable of [undefined, null, 'mpesa_b2c', { KE: 'cash' }, { kenya: 'mpesa_b2c' }]) {
      expect(countryPayoutMethods(COUNTRIES, unreadable).every((each) => each.method === 'manual')).toBe(true);
    }
  });
});

describe('the payout queue', () => {
  it('has a tab for every state of the contract', () => {
    expect([...PAYOUT_QUEUE_STATES].sort()).toEqual([...PAYOUT_STATES].sort());
  });

  it('asks the provider only while the result is outstanding', () => {
    expect(PAYOUT_STATES.filter(canCheckPayout)).toEqual(['sent', 'unknown']);
  });

  it('settles by hand only a live payout the provider said it did not pay (failed, not found), never a failed or paid one', () => {
    const settleable = (answer: ProviderAnswer | null) =>
      PAYOUT_STATES.filter((state) => canSettlePayoutByHand({ state, provider_answer: answer })).sort();
    expect(settleable('not-found')).toEqual(['approved', 'sent', 'unknown']);
    expect(settleable('failed')).toEqual(['approved', 'sent', 'unknown']);
    expect(settleable('completed')).toEqual([]);
    expect(settleable(null)).toEqual([]);
  });

  it('retries a failed payout, or an unknown one the provider does not know', () => {
    expect(canRetryPayout({ state: 'failed', provider_answer: null })).toBe(true);
    expect(canRetryPayout({ state: 'unknown', provider_answer: 'not-found' })).toBe(true);
    expect(canRetryPayout({ state: 'unknown', provider_answer: null })).toBe(false);
    expect(canRetryPayout({ state: 'paid', provider_answer: 'completed' })).toBe(false);
  });

  it('shows an exchange body as indented JSON, text as it is, and nothing as a dash', () => {
    expect(exchangeBodyText({ ResultCode: 0, SecurityCredential: '[redacted]' })).toBe(
      '{\n  "ResultCode": 0,\n  "SecurityCredential": "[redacted]"\n}',
    );
    expect(exchangeBodyText('upstream connect error')).toBe('upstream connect error');
    expect(exchangeBodyText(null)).toBe('—');
    expect(exchangeBodyText('')).toBe('—');
  });
});
