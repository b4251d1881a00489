import { createElement, Fragment, useSyncExternalStore, type ReactNode } from 'react';
import { formatMessage } from './icu';

/**
 * The member app's languages (issue 15, decision 038): English, exactly the spec's texts, and Swahili, whose money words
 * follow docs/glossary.md. Texts are ICU messages formatted by the app's own formatter (`icu.ts`, decision 058; the
 * server reads its SMS with i18next-icu, and `testing/texts-agree.test.ts` checks both say the same). Each feature
 * keeps its texts beside its screens in a `texts.ts` (`defineTexts`), so a route's texts travel in the route's own
 * chunk; `texts.test.ts` fails when a key is missing in one language or a Swahili text is left equal to the English
 * one. The operator console stays English.
 */
export const LANGUAGES = ['en', 'sw'] as const;
export type Language = (typeof LANGUAGES)[number];
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', sw: 'Kiswahili' };

/** The browser's choice, kept for the signed-out screens; a signed-in member's language comes from the server. */
export const LANGUAGE_KEY = 'tuzo.language';

export function isLanguage(value: unknown): value is Language {
  return value === 'en' || value === 'sw';
}

function storedLanguage(): Language {
  try {
    const value = localStorage.getItem(LANGUAGE_KEY);
    return isLanguage(value) ? value : 'en';
  } catch {
    return 'en';
  }
}

let language: Language = storedLanguage();
const languageListeners = new Set<() => void>();

/** Every namespace's texts per language: `catalogue.en.auth.login`. */
const catalogue: Record<Language, Record<string, Record<string, string>>> = { en: {}, sw: {} };

/** Adds (or extends) one namespace's texts in one language. */
export function addTexts(lang: Language, ns: string, entries: Record<string, string>): void {
  catalogue[lang][ns] = { ...catalogue[lang][ns], ...entries };
}

/**
 * One text of namespace `ns` in `lang`, formatted with `values`: the English text when Swahili lacks it, the key
 * itself when neither has it.
 */
export function textIn(lang: Language, ns: string, key: string, values?: Record<string, unknown>): string {
  const found = catalogue[lang][ns]?.[key];
  if (found !== undefined) return formatMessage(found, lang, values);
  const english = catalogue.en[ns]?.[key];
  return english === undefined ? key : formatMessage(english, 'en', values);
}

// `<html lang>` follows the language from the first paint (index.html says "en" until this runs).
if (typeof document !== 'undefined') document.documentElement.lang = storedLanguage();

/** The language shown now. */
export function currentLanguage(): Language {
  return language;
}

/** Shows the app in `language` and remembers it in this browser; `<html lang>` follows. */
export function setLanguage(next: Language): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_KEY, next);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  if (typeof document !== 'undefined') document.documentElement.lang = next;
  if (language === next) return Promise.resolve();
  language = next;
  for (const listener of languageListeners) listener();
  return Promise.resolve();
}

function subscribeToLanguage(onChange: () => void): () => void {
  languageListeners.add(onChange);
  return () => languageListeners.delete(onChange);
}

/** The language shown now, re-rendering when it changes (the language switch, locale-aware formatting). */
export function useLanguage(): Language {
  return useSyncExternalStore(subscribeToLanguage, currentLanguage, currentLanguage);
}

/** The locale for numbers and dates in the language shown: Kenyan Swahili, or the spec's US English. */
export function currentLocale(): string {
  return currentLanguage() === 'sw' ? 'sw-KE' : 'en-US';
}

/** One namespace's texts: English (the spec's words) and Swahili, with the same keys. */
export type TextBundle<K extends string> = { ns: string; en: Record<K, string>; sw: Record<K, string> };

/** Every bundle defined so far, for the completeness test. */
export const definedBundles: TextBundle<string>[] = [];

/**
 * Declares a namespace's texts and adds them to the app's texts. Call it at the top level of the feature's `texts.ts`; the
 * returned bundle is what `useTexts` takes, so a misspelt key fails to compile.
 */
export function defineTexts<K extends string>(
  ns: string,
  texts: { en: Record<K, string>; sw: Record<K, string> },
): TextBundle<K> {
  addTexts('en', ns, texts.en);
  addTexts('sw', ns, texts.sw);
  const bundle = { ns, ...texts };
  definedBundles.push(bundle);
  return bundle;
}

export type Translate<K extends string> = (key: K, values?: Record<string, string | number | Date>) => string;

/** The translate function for one bundle, typed by its keys; re-renders when the language changes. */
export function useTexts<K extends string>(bundle: TextBundle<K>): Translate<K> {
  const lang = useLanguage();
  return (key, values) => textIn(lang, bundle.ns, key, values);
}

/** The same outside React (a toast raised in a mutation's callback, a title built in a helper). */
export function translate<K extends string>(
  bundle: TextBundle<K>,
  key: K,
  values?: Record<string, string | number | Date>,
): string {
  return textIn(language, bundle.ns, key, values);
}

const MARK = '\u0001';

/**
 * A text whose placeholders are elements (a name in bold): `rich(t, 'switchBody', { name: <strong>{name}</strong> })`.
 * The message is formatted with markers in place of the elements, then split around them, so each language keeps its
 * own word order.
 */
export function rich<K extends string>(t: Translate<K>, key: K, nodes: Record<string, ReactNode>): ReactNode[] {
  const markers = Object.fromEntries(Object.keys(nodes).map((name) => [name, `${MARK}${name}${MARK}`]));
  return t(key, markers)
    .split(MARK)
    .map((part, index) => (index % 2 === 1 ? createElement(Fragment, { key: index }, nodes[part]) : part));
}
