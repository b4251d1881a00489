import { createRequire } from 'node:module';
import i18next, { type i18n, type Module } from 'i18next';
import {
  compileCatalogue,
  CONTRACT_MESSAGES_SW,
  CONTRACT_VALUE_WORDS,
  matchMessage,
  type CompiledCatalogue,
  type MessageCatalogue,
} from '@tuzo/contracts/messages-sw';
import { ACCOUNT_TEXTS_SW, ACCOUNT_VALUE_WORDS, MONEY_TEXTS_SW } from '@tuzo/contracts/messages-sw-server';
import { REASON_PATTERN, reasonWord } from './reason-words.sw.ts';

/** See sms-templates.ts: i18next-icu's CommonJS build unwraps intl-messageformat, its ES build does not under Node. */
const ICU = (createRequire(import.meta.url)('i18next-icu') as { default: new () => Module }).default;

/**
 * A member's texts in their language (docs/decisions/039-server-texts-in-swahili.md): the English a service wrote
 * (exactly the spec's text) is matched against the catalogue of English templates and the Swahili ICU message is
 * formatted with the recovered values by i18next with i18next-icu. English passes through untouched, byte for byte.
 */
export type MessageLanguage = 'en' | 'sw';

/** Every member-facing text the server can send, English template -> Swahili: the contracts' and the server's own. */
export const MEMBER_TEXTS_SW: MessageCatalogue = { ...CONTRACT_MESSAGES_SW, ...MONEY_TEXTS_SW, ...ACCOUNT_TEXTS_SW };

const VALUE_WORDS = {
  ...CONTRACT_VALUE_WORDS,
  ...ACCOUNT_VALUE_WORDS,
  /** A declined withdrawal's refund: "KES 505.00 (amount and charge)". */
  refunded: (value: string) => value.replace(' (amount and charge)', ' (kiasi na ada)'),
  /** Why a deposit or payout failed: our own fixed reasons, in Swahili (reason-words.sw.ts). */
  reason: reasonWord,
};

const NAMESPACE = 'member';
let catalogue: CompiledCatalogue | null = null;
let instance: i18n | null = null;

function compiled(): CompiledCatalogue {
  catalogue ??= compileCatalogue(MEMBER_TEXTS_SW, VALUE_WORDS, { reason: REASON_PATTERN });
  return catalogue;
}

function translator(): i18n {
  if (instance) return instance;
  const created = i18next.createInstance();
  void created.use(ICU).init({
    initAsync: false,
    lng: 'sw',
    fallbackLng: false,
    resources: { sw: { [NAMESPACE]: MEMBER_TEXTS_SW } },
    ns: [NAMESPACE],
    defaultNS: NAMESPACE,
    // The keys are English sentences: their dots and colons are text, not paths.
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  instance = created;
  return created;
}

/** `text` in `language`: Swahili when the catalogue knows the text, else the text as it was written. */
export function localiseMessage(text: string, language: MessageLanguage): string {
  if (language === 'en' || text === '') return text;
  const match = matchMessage(compiled(), text);
  if (!match) return text;
  const rendered = translator().getFixedT('sw', NAMESPACE)(match.key, match.values);
  return typeof rendered === 'string' && rendered !== match.key ? rendered : text;
}

/** The English text of `text` has a Swahili entry (the coverage test and the notifications test ask). */
export function hasSwahili(text: string): boolean {
  return matchMessage(compiled(), text) !== null;
}

/**
 * The language an `Accept-Language` header names: its first tag's primary language when that is `sw` or `en`
 * (`sw`, `sw-KE`, `en-GB`), else null (no header, `*`, any other language).
 */
export function languageOfHeader(header: string | string[] | undefined): MessageLanguage | null {
  const value = Array.isArray(header) ? header[0] : header;
  const first = value?.split(',')[0]?.split(';')[0]?.trim().toLowerCase() ?? '';
  const primary = first.split('-')[0];
  return primary === 'sw' || primary === 'en' ? primary : null;
}
