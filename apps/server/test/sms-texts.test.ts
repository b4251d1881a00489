import { describe, expect, it } from 'vitest';
import { parseAtCost } from '../src/payments/sms/africas-talking-client.ts';
import { promotionRefusal, promotionSendAt } from '../src/modules/sms/promotion-rules.ts';
import { smsSize } from '../src/modules/sms/sms-parts.ts';
import { retryDelayMs } from '../src/modules/sms/sms.sender.ts';
import { renderPromotion, renderSms, SMS_LANGUAGES, SMS_TEXTS, type SmsEvent } from '../src/modules/sms/sms-templates.ts';

/** The SMS texts, their size, the provider's cost format, the backoff and the promotion rules (no database). */

const LONGEST_AMOUNT = 'KES 1,000,000.00';
const LONGEST_USERNAME = 'abcdefghijklmnopqrs';
/** Every event at its longest realistic values: the largest deposit, a 19-letter username, a full phone and receipt. */
const LONGEST: SmsEvent[] = [
  { kind: 'deposit_credited', params: { amount: LONGEST_AMOUNT } },
  { kind: 'withdrawal_paid', params: { amount: LONGEST_AMOUNT, phone: '+254712345678', receipt: 'QK12ABC3DE' } },
  { kind: 'withdrawal_failed', params: { amount: LONGEST_AMOUNT, refunded: LONGEST_AMOUNT, wallet: 'ads' } },
  { kind: 'account_activated', params: { fee: LONGEST_AMOUNT } },
  { kind: 'commission_earned', params: { amount: LONGEST_AMOUNT, level: 3, username: LONGEST_USERNAME } },
  { kind: 'phone_change_code', params: { code: '123456', minutes: 10 } },
  { kind: 'phone_changed', params: { phone: '+2547******78', hours: 720 } },
];

describe('SMS texts', () => {
  it.each(SMS_LANGUAGES.flatMap((language) => LONGEST.map((event) => [language, event.kind, event] as const)))(
    '%s %s fits one GSM-7 part at its longest',
    (language, _kind, event) => {
      const text = renderSms(event, language);
      expect(text).not.toMatch(/[{}]/);
      expect(smsSize(text)).toMatchObject({ encoding: 'gsm7', parts: 1 });
    },
  );

  it('has every text in both languages, and no Swahili text is the English one', () => {
    expect(Object.keys(SMS_TEXTS.sw).sort()).toEqual(Object.keys(SMS_TEXTS.en).sort());
    for (const key of Object.keys(SMS_TEXTS.en) as (keyof typeof SMS_TEXTS.en)[]) {
      expect(SMS_TEXTS.sw[key]).not.toBe(SMS_TEXTS.en[key]);
    }
  });

  it('writes the level as an ordinal in English and a Swahili word, and leaves out a missing phone or receipt', () => {
    const commission = (level: 1 | 2 | 3, language: 'en' | 'sw') =>
      renderSms({ kind: 'commission_earned', params: { amount: 'KES 5.00', level, username: 'amina' } }, language);
    expect(commission(1, 'en')).toContain('your 1st-level member amina');
    expect(commission(2, 'en')).toContain('your 2nd-level member');
    expect(commission(3, 'en')).toContain('your 3rd-level member');
    expect(commission(3, 'sw')).toContain('ngazi ya tatu, amina,');
    expect(
      renderSms({ kind: 'withdrawal_paid', params: { amount: 'KES 50.00', phone: '+254712345678', receipt: 'QK1' } }, 'sw'),
    ).toBe('Tuzo: Utoaji wako wa pesa wa KES 50.00 umelipwa kwa +254712345678. Risiti QK1.');
    expect(renderSms({ kind: 'withdrawal_paid', params: { amount: 'KES 50.00', phone: null, receipt: null } }, 'en')).toBe(
      'Tuzo: Your withdrawal of KES 50.00 has been paid.',
    );
    expect(renderPromotion(' Hi ', 'Kuacha kupokea ujumbe huu, piga *456*9*5#.')).toBe(
      'Hi Kuacha kupokea ujumbe huu, piga *456*9*5#.',
    );
    expect(renderSms({ kind: 'account_activated', params: { fee: 'KES 500.00' } }, 'sw')).toBe(
      'Tuzo: Akaunti yako imewezeshwa. Umelipa ada ya kuwezesha ya KES 500.00.',
    );
    expect(SMS_TEXTS.sw.withdrawal_failed).toContain('haukufanikiwa');
    for (const text of Object.values(SMS_TEXTS.sw)) expect(text).not.toMatch(/\bnamba\b|\bONDOKA\b/i);
  });
});

describe('smsSize', () => {
  it('counts the promotion footers: the opt-out instruction leaves room for the operator in one GSM-7 part', () => {
    expect(smsSize('To opt out, dial *456*9*5#.')).toEqual({ encoding: 'gsm7', units: 27, parts: 1 });
    expect(smsSize('Kuacha kupokea ujumbe huu, piga *456*9*5#.')).toEqual({ encoding: 'gsm7', units: 42, parts: 1 });
    expect(smsSize(`${'a'.repeat(117)} Kuacha kupokea ujumbe huu, piga *456*9*5#.`)).toMatchObject({ parts: 1, units: 160 });
    expect(smsSize(`${'a'.repeat(118)} Kuacha kupokea ujumbe huu, piga *456*9*5#.`)).toMatchObject({ parts: 2 });
    expect(smsSize('Habari’ za leo')).toMatchObject({ encoding: 'ucs2', parts: 1 });
  });

  it('counts GSM-7 septets (extension characters twice) and UCS-2 code units', () => {
    expect(smsSize('a'.repeat(160))).toEqual({ encoding: 'gsm7', units: 160, parts: 1 });
    expect(smsSize('a'.repeat(161))).toEqual({ encoding: 'gsm7', units: 161, parts: 2 });
    expect(smsSize('a'.repeat(306))).toMatchObject({ parts: 2 });
    expect(smsSize('a'.repeat(307))).toMatchObject({ parts: 3 });
    expect(smsSize('€'.repeat(80))).toEqual({ encoding: 'gsm7', units: 160, parts: 1 });
    expect(smsSize('€'.repeat(81))).toMatchObject({ parts: 2 });
    expect(smsSize('’'.padEnd(70, 'a'))).toEqual({ encoding: 'ucs2', units: 70, parts: 1 });
    expect(smsSize('’'.padEnd(71, 'a'))).toEqual({ encoding: 'ucs2', units: 71, parts: 2 });
  });
});

describe('Africa’s Talking cost', () => {
  it('reads "KES 0.8000" into minor units of its currency, rounding half up, never through a float', () => {
    expect(parseAtCost('KES 0.8000')).toEqual({ minor: 80n, currency: 'KES' });
    expect(parseAtCost('KES 1.6050')).toEqual({ minor: 161n, currency: 'KES' });
    expect(parseAtCost('USD 0.0040')).toEqual({ minor: 0n, currency: 'USD' });
    expect(parseAtCost('0')).toBeNull();
    expect(parseAtCost(undefined)).toBeNull();
    expect(parseAtCost('KES -1')).toBeNull();
  });
});

describe('retry backoff', () => {
  it('waits 30 s, then doubles, at most an hour', () => {
    expect([1, 2, 3, 4, 8, 20].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000, 3_600_000, 3_600_000]);
  });
});

describe('promotion rules', () => {
  const hours = { start: 8, end: 18 };
  const at = (iso: string) => promotionSendAt(new Date(iso), hours, 'Africa/Nairobi').toISOString();
  it('sends within 08:00-18:00 Nairobi time at once, and otherwise at the next 08:00', () => {
    expect(at('2026-11-25T05:00:00.000Z')).toBe('2026-11-25T05:00:00.000Z'); // 08:00
    expect(at('2026-11-25T14:59:59.000Z')).toBe('2026-11-25T14:59:59.000Z'); // 17:59:59
    expect(at('2026-11-25T15:00:00.000Z')).toBe('2026-11-26T05:00:00.000Z'); // 18:00
    expect(at('2026-11-25T21:15:30.500Z')).toBe('2026-11-26T05:00:00.000Z'); // 00:15 the next day
    expect(at('2026-11-25T02:45:00.000Z')).toBe('2026-11-25T05:00:00.000Z'); // 05:45
  });

  it('refuses texts about spins, betting or gambling, in English and Swahili', () => {
    const refused = ['Free SPINS today', 'Place your bet now', 'Casino night', 'Cheza kamari', 'Zungusha gurudumu'];
    // The glossary's Swahili words (swahili-review.md, "The gambling filter misses the glossary's own Swahili words").
    refused.push('Pata mizunguko ya bure ya kasino leo!', 'Mzunguko mmoja bure', 'Anza kuzungusha sasa', 'Weka dau leo');
    refused.push('Shinda bahati  nasibu', 'Beti na sisi', 'Jakpoti kubwa');
    for (const text of refused) expect(promotionRefusal(text), text).toMatch(/gambling/);
    expect(promotionRefusal('New lessons are out this week', 'Masomo mapya yametoka wiki hii')).toBeNull();
    expect(promotionRefusal('New lessons are out this week', 'Weka dau')).toMatch(/gambling/);
  });
});
