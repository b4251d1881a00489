import { useId } from 'react';
import { LANGUAGE_NAMES, LANGUAGES, setLanguage, useLanguage, useTexts, type Language } from '@/i18n';
import { cn } from '@/lib/cn';
import { languageSwitchTexts } from './language-switch.texts';

export interface LanguageSwitchProps {
  /** The language chosen; the one shown when left out. */
  value?: Language;
  /** Called with the new choice; by default the app shows it and this browser remembers it. */
  onChange?: (language: Language) => void;
  isDisabled?: boolean;
  className?: string;
}

/**
 * English / Kiswahili (decision 038): a labelled group of two radio buttons drawn as a segmented control, so it is
 * reached with Tab and changed with the arrow keys or Space. Each language is named in its own words, the same in
 * both languages. Signed out it changes the browser's choice; the profile passes `onChange` to save it on the server.
 */
export function LanguageSwitch({ value, onChange, isDisabled = false, className }: LanguageSwitchProps) {
  const name = useId();
  const shown = useLanguage();
  const t = useTexts(languageSwitchTexts);
  const chosen = value ?? shown;
  const choose = onChange ?? ((language: Language) => void setLanguage(language));
  return (
    <fieldset className={cn('flex items-center gap-2', className)} data-testid="language-switch" disabled={isDisabled}>
      <legend className="sr-only">{t('label')}</legend>
      <span aria-hidden="true" className="text-sm font-medium text-slate-700">
        {t('label')}
      </span>
      <div className="inline-flex rounded-lg border border-slate-300 bg-white p-0.5">
        {LANGUAGES.map((language) => (
          <label
            key={language}
            className={cn(
              'cursor-pointer rounded-md px-3 py-1.5 text-sm font-semibold text-slate-700 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600',
              chosen === language && 'bg-brand-700 text-white',
            )}
          >
            <input
              type="radio"
              name={name}
              value={language}
              lang={language}
              className="sr-only"
              checked={chosen === language}
              onChange={() => choose(language)}
            />
            <span lang={language}>{LANGUAGE_NAMES[language]}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
