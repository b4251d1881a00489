import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import IntlMessageFormat from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { defineTexts, definedBundles, translate } from '@/i18n';

// Every texts module of the app, loaded so its bundle registers (a feature's `texts.ts`, a component's `*.texts.ts`).
import.meta.glob(['../**/texts.ts', '../**/*.texts.ts'], { eager: true });

/**
 * Words that are rightly the same in English and Swahili: names, and a few loanwords members read as they are.
 * A Swahili text equal to its English text fails unless it is made only of these and of ICU placeholders.
 */
const SAME_IN_BOTH = new Set([
  'M-Pesa',
  'Tuzo',
  'Jumbo',
  'KES',
  'YouTube',
  'TikTok',
  'WhatsApp',
  'Forex',
  'OK',
  'PIN',
  'Email',
  'SMS',
]);

function onlySharedWords(text: string): boolean {
  const words = text
    .replace(/\{[^{}]*\}/g, ' ')
    .split(/[^\p{L}\p{N}-]+/u)
    .filter((word) => /\p{L}/u.test(word));
  return words.every((word) => SAME_IN_BOTH.has(word));
}

/** The names of a message's placeholders (arguments, numbers, dates, selects, plurals, tags), at any depth. */
function placeholders(elements: MessageFormatElement[], found = new Set<string>()): Set<string> {
  for (const element of elements) {
    if ('options' in element)
      for (const option of Object.values(element.options) as { value: MessageFormatElement[] }[]) {
        placeholders(option.value, found);
      }
    if ('children' in element) placeholders(element.children, found);
    if (element.type !== 0 && element.type !== 7) found.add(element.value);
  }
  return found;
}

describe('member app texts', () => {
  it('formats ICU plurals in both languages', () => {
    const bundle = defineTexts('i18n-self-test', {
      en: { count: '{count, plural, one {# referral} other {# referrals}}' },
      sw: { count: '{count, plural, one {rufaa #} other {rufaa #}}' },
    });
    expect(translate(bundle, 'count', { count: 1 })).toBe('1 referral');
    expect(translate(bundle, 'count', { count: 3 })).toBe('3 referrals');
  });

  it('found the texts modules', () => {
    expect(definedBundles.length).toBeGreaterThan(0);
  });

  it('has no namespace defined twice', () => {
    const names = definedBundles.map((bundle) => bundle.ns);
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
  });

  for (const bundle of definedBundles) {
    describe(bundle.ns, () => {
      it('has every key in both languages, none empty', () => {
        expect(Object.keys(bundle.sw).sort()).toEqual(Object.keys(bundle.en).sort());
        for (const [key, text] of [...Object.entries(bundle.en), ...Object.entries(bundle.sw)]) {
          expect(text.trim(), key).not.toBe('');
        }
      });

      it('has no Swahili text left as the English one', () => {
        const same = Object.keys(bundle.en).filter(
          (key) => bundle.en[key] === bundle.sw[key] && !onlySharedWords(bundle.en[key] ?? ''),
        );
        expect(same).toEqual([]);
      });

      it('is valid ICU in both languages, with the same placeholders', () => {
        for (const key of Object.keys(bundle.en)) {
          const en = new IntlMessageFormat(bundle.en[key] ?? '', 'en');
          const sw = new IntlMessageFormat(bundle.sw[key] ?? '', 'sw');
          expect(placeholders(sw.getAst()), key).toEqual(placeholders(en.getAst()));
        }
      });
    });
  }
});
