import { describe, expect, it } from 'vitest';
import { checkSettingChange, isMoneyControlSetting, readSettingValue } from '@tuzo/contracts';
import {
  normaliseAddress,
  normaliseDevice,
  normaliseEmail,
  normaliseName,
  normalisePhone,
  signalHash,
} from '../src/modules/fraud-signals/normalise.ts';
import { deviceIdOf } from '../src/modules/fraud-signals/index.ts';
import { signalValues } from '../src/modules/fraud-signals/fraud-signals.service.ts';

/** Values as they are compared (decision 061): one person's spellings meet, other people's do not. */
describe('signal normalisation and hashing', () => {
  it('emails: case, +tags for every domain, Gmail dots and googlemail', () => {
    expect(normaliseEmail(' John.Doe+tuzo@GMAIL.com ')).toBe('johndoe@gmail.com');
    expect(normaliseEmail('j.o.h.n.doe@googlemail.com')).toBe('johndoe@gmail.com');
    expect(normaliseEmail('Jane.Doe+x@Example.co.ke')).toBe('jane.doe@example.co.ke');
    expect(normaliseEmail('not-an-email')).toBeNull();
    expect(normaliseEmail('+tag@gmail.com')).toBeNull();
  });

  it('phones: Kenyan spellings to +2547 / +2541, others keep their digits', () => {
    for (const spelling of ['0712345678', '712345678', '254712345678', '+254 712 345 678', '2540712345678'])
      expect(normalisePhone(spelling), spelling).toBe('+254712345678');
    expect(normalisePhone('0110 123 456')).toBe('+254110123456');
    expect(normalisePhone('+255 754 123 456')).toBe('+255754123456');
    expect(normalisePhone('12345')).toBeNull();
    expect(normalisePhone(null)).toBeNull();
  });

  it('addresses: the /24 of an IPv4 (mapped IPv6 too), the /48 of an IPv6', () => {
    expect(normaliseAddress('198.51.100.23')).toEqual({ ip: '198.51.100.23', network: '198.51.100.0/24' });
    expect(normaliseAddress('::ffff:198.51.100.23')).toEqual({ ip: '198.51.100.23', network: '198.51.100.0/24' });
    expect(normaliseAddress('2001:DB8:AB::1')).toEqual({ ip: '2001:db8:ab:0:0:0:0:1', network: '2001:db8:ab::/48' });
    expect(normaliseAddress('2001:0db8:00ab:1:2:3:4:5')?.network).toBe('2001:db8:ab::/48');
    expect(normaliseAddress('not an address')).toBeNull();
  });

  it('names: M-Pesa’s number prefix dropped, letters only, lowercase', () => {
    expect(normaliseName('254712345678 - JOHN  DOE')).toBe('john doe');
    expect(normaliseName('2547******78 - John O’Doe')).toBe('john o doe');
    expect(normaliseName('John Doe')).toBe('john doe');
    expect(normaliseName(' - ')).toBeNull();
  });

  it('device ids: 16 to 64 of A-Z a-z 0-9 _ -, from the X-Device-Id header only', () => {
    expect(normaliseDevice('abcdefghij_-1234')).toBe('abcdefghij_-1234');
    expect(normaliseDevice('short')).toBeNull();
    expect(normaliseDevice('x'.repeat(65))).toBeNull();
    expect(normaliseDevice('has space in it 1234')).toBeNull();
    expect(deviceIdOf({ 'x-device-id': 'abcdefghij_-1234' })).toBe('abcdefghij_-1234');
    expect(deviceIdOf({ 'x-device-id': ['abcdefghij_-1234', 'abcdefghij_-5678'] })).toBeNull();
    expect(deviceIdOf({})).toBeNull();
  });

  it('hashes are keyed and bound to the kind; one value read from raw signals gives each kind once', () => {
    const key = Buffer.alloc(32, 1);
    const other = Buffer.alloc(32, 2);
    expect(signalHash(key, 'phone', '+254712345678')).toMatch(/^[0-9a-f]{64}$/);
    expect(signalHash(key, 'phone', '+254712345678')).toBe(signalHash(key, 'phone', '+254712345678'));
    expect(signalHash(key, 'phone', '+254712345678')).not.toBe(signalHash(key, 'payer_phone', '+254712345678'));
    expect(signalHash(key, 'phone', '+254712345678')).not.toBe(signalHash(other, 'phone', '+254712345678'));
    expect(signalValues({ ip: '10.0.0.1', payerPhone: '0712345678', device: 'bad', email: null })).toEqual([
      { kind: 'ip', value: '10.0.0.1' },
      { kind: 'network', value: '10.0.0.0/24' },
      { kind: 'payer_phone', value: '+254712345678' },
    ]);
  });

  it('the fraud setting: defaults, validation, and a change of it is a four-eyes request', () => {
    expect(readSettingValue('fraud', undefined)).toEqual({ collect: true, raw_retention_days: 90, max_accounts_per_signal: 25 });
    expect(checkSettingChange('fraud', { collect: false, raw_retention_days: 30, max_accounts_per_signal: 10 })).toMatchObject({
      ok: true,
    });
    expect(checkSettingChange('fraud', { collect: true, raw_retention_days: 0, max_accounts_per_signal: 10 })).toEqual({
      ok: false,
      message: 'fraud: Keep raw signals at least 1 day (at raw_retention_days)',
    });
    expect(isMoneyControlSetting('fraud')).toBe(true);
  });
});
