import { CONTRACT_MESSAGES_SW } from '@tuzo/contracts/messages-sw';
import IntlMessageFormat from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { definedBundles } from '@/i18n';
import { formatMessage, parseMessage } from './icu';

// Every texts module of the app, loaded so its bundle registers.
import.meta.glob(['../**/texts.ts', '../**/*.texts.ts'], { eager: true });

const SECONDS = {
  en: '{seconds, plural, one {# second left} other {# seconds left}}',
  sw: '{seconds, plural, one {Imebaki sekunde #} other {Zimebaki sekunde #}}',
};

describe('the app’s ICU formatter', () => {
  it('picks the plural form by the language’s rules, with # as the count', () => {
    expect(formatMessage(SECONDS.sw, 'sw', { seconds: 1 })).toBe('Imebaki sekunde 1');
    expect(formatMessage(SECONDS.sw, 'sw', { seconds: 5 })).toBe('Zimebaki sekunde 5');
    expect(formatMessage(SECONDS.en, 'en', { seconds: 1 })).toBe('1 second left');
    expect(formatMessage(SECONDS.en, 'en', { seconds: '5' })).toBe('5 seconds left');
    expect(formatMessage(SECONDS.en, 'en', { seconds: 1500 })).toBe('1,500 seconds left');
  });

  it('fills in arguments, also inside plural and select options, and takes exact options first', () => {
    const unread = 'Arifa, {count, plural, one {{count} haijasomwa} other {{count} hazijasomwa}}';
    expect(formatMessage(unread, 'sw', { count: '1' })).toBe('Arifa, 1 haijasomwa');
    expect(formatMessage(unread, 'sw', { count: '99+' })).toBe('Arifa, 99+ hazijasomwa');
    const cart = '{n, plural, =0 {No items for {name}} one {# item} other {# items}}';
    expect(formatMessage(cart, 'en', { n: 0, name: 'Amina' })).toBe('No items for Amina');
    const who = '{role, select, member {Mwanachama {name}} other {Mfanyakazi}}';
    expect(formatMessage(who, 'sw', { role: 'member', name: 'Juma' })).toBe('Mwanachama Juma');
    expect(formatMessage(who, 'sw', { role: 'operator' })).toBe('Mfanyakazi');
    expect(formatMessage('{n, plural, offset:1 one {# more} other {# more}}', 'en', { n: 3 })).toBe('2 more');
  });

  it('reads apostrophes as ICU does', () => {
    expect(formatMessage("Don't have an account?", 'en')).toBe("Don't have an account?");
    expect(formatMessage("It''s '{literal}' {x}", 'en', { x: 1 })).toBe("It's {literal} 1");
    expect(formatMessage("{n, plural, other {'#' is #}}", 'en', { n: 2 })).toBe('# is 2');
  });

  it('shows a message it cannot format as it is', () => {
    expect(formatMessage('Hello {name}', 'en')).toBe('Hello {name}');
    expect(formatMessage('{amount, number}', 'en', { amount: 1 })).toBe('{amount, number}');
    expect(() => parseMessage('{n, plural, one {x}}')).toThrow(/other/);
    expect(() => parseMessage('{n, date}')).toThrow(/unsupported/);
  });

  it('formats every text of the app and every contract message as intl-messageformat does', () => {
    const messages = definedBundles.flatMap((bundle) =>
      (['en', 'sw'] as const).flatMap((language) => Object.values(bundle[language]).map((text) => ({ language, text }))),
    );
    messages.push(...Object.values(CONTRACT_MESSAGES_SW).map((text) => ({ language: 'sw' as const, text })));
    expect(messages.length).toBeGreaterThan(1000);
    for (const { language, text } of messages) {
      const names = [...new Set([...text.matchAll(/\{(\w+)[,}]/g)].map((match) => match[1] ?? ''))];
      for (const count of [1, 7]) {
        const values = Object.fromEntries(names.map((name) => [name, count]));
        expect(formatMessage(text, language, values), text).toBe(
          new IntlMessageFormat(text, language, undefined, { ignoreTag: true }).format(values),
        );
      }
    }
  });
});
