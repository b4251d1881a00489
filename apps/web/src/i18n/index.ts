import i18next from 'i18next';
import ICU from 'i18next-icu';
import { createElement, Fragment, useSyncExternalStore, type ReactNode } from 'react';
import { initReactI18next, useTranslation } from 'react-i18next';

/**
 * The member app's languages (issue 15, decision 038): English, exactly the spec's texts, and Swahili, whose money words
 * follow docs/glossary.md. Texts are ICU messages read by i18next through i18next-icu, the pair the server uses for
 * SMS. Each feature keeps its texts beside its screens in a `texts.ts` (`defineTexts`), so a route's texts travel in
 * the route's own chunk; `texts.test.ts` fails when a key is missing in one language or a Swahili text is left equal to
 * the English one. The operator console stays English.
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

export const i18n = i18next.createInstance();
void i18n
  .use(ICU)
  .use(initReactI18next)
  .init({
    initAsync: false,
    lng: storedLanguage(),
    fallbackLng: 'en',
    resources: {},
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
  });

// `<html lang>` follows the language from the first paint (index.html says "en" until this runs).
if (typeof document !== 'undefined') document.documentElement.lang = storedLanguage();

/** The language shown now. */
export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : 'en';
}

/** Shows the app in `language` and remembers it in this browser; `<html lang>` follows. */
export async function setLanguage(language: Language): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  if (i18n.language !== language) await i18n.changeLanguage(language);
}

function subscribeToLanguage(onChange: () => void): () => void {
  i18n.on('languageChanged', onChange);
  return () => i18n.off('languageChanged', onChange);
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
 * Declares a namespace's texts and adds them to i18next. Call it at the top level of the feature's `texts.ts`; the
 * returned bundle is what `useTexts` takes, so a misspelt key fails to compile.
 */
export function defineTexts<K extends string>(
  ns: string,
  texts: { en: Record<K, string>; sw: Record<K, string> },
): TextBundle<K> {
  i18n.addResourceBundle('en', ns, texts.en, true, true);
  i18n.addResourceBundle('sw', ns, texts.sw, true, true);
  const bundle = { ns, ...texts };
  definedBundles.push(bundle);
  return bundle;
}

type PlainTranslate = (key: string, options?: Record<string, unknown>) => string;

export type Translate<K extends string> = (key: K, values?: Record<string, string | number | Date>) => string;

/** The translate function for one bundle, typed by its keys; re-renders when the language changes. */
export function useTexts<K extends string>(bundle: TextBundle<K>): Translate<K> {
  const { t } = useTranslation(bundle.ns);
  // The keys are checked by TextBundle's type; i18next's own key typing needs one global resources type instead.
  const plain = t as unknown as PlainTranslate;
  return (key, values) => plain(key, values);
}

/** The same outside React (a toast raised in a mutation's callback, a title built in a helper). */
export function translate<K extends string>(
  bundle: TextBundle<K>,
  key: K,
  values?: Record<string, string | number | Date>,
): string {
  return (i18n.t as unknown as PlainTranslate)(key, { ns: bundle.ns, ...(values ?? {}) });
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
