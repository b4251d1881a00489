import { Info, X } from 'lucide-react';
import { useState } from 'react';
import { useTexts } from '@/i18n';
import { shellTexts } from './shell.texts';

const DISMISSED_KEY = 'tuzo_banner_dismissed';

function dismissedText(): string | null {
  try {
    return sessionStorage.getItem(DISMISSED_KEY);
  } catch {
    return null;
  }
}

/**
 * The dismissible global banner of the shell with the operator's text (`banner_text`); once closed it stays closed
 * for this browser session until the operator changes the text. An empty text shows no banner.
 */
export function GlobalBanner({
  text,
  customerCare,
}: {
  text: string | null | undefined;
  customerCare: string | null | undefined;
}) {
  const [dismissed, setDismissed] = useState(dismissedText);
  const t = useTexts(shellTexts);
  if (!text || dismissed === text) return null;
  const dismiss = () => {
    setDismissed(text);
    try {
      sessionStorage.setItem(DISMISSED_KEY, text);
    } catch {
      // Private browsing may refuse storage; the banner just comes back next time.
    }
  };
  return (
    <div
      role="region"
      aria-label={t('announcement')}
      data-slot="global-banner"
      className="flex items-start gap-3 bg-brand-700 px-4 py-2.5 text-sm text-white"
    >
      <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <p className="flex-1">
        {text}
        {customerCare ? (
          <>
            {' '}
            <a
              href={customerCare}
              target="_blank"
              rel="noopener noreferrer"
              className="font-semibold underline underline-offset-2"
            >
              {t('needHelp')}
            </a>
          </>
        ) : null}
      </p>
      <button
        type="button"
        onClick={dismiss}
        aria-label={t('dismissAnnouncement')}
        className="-m-1 rounded p-1 hover:bg-white/15"
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </div>
  );
}
