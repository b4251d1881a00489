import { Info, X } from 'lucide-react';
import { useState } from 'react';

const DISMISSED_KEY = 'tuzo_banner_dismissed';

function wasDismissed(): boolean {
  try {
    return sessionStorage.getItem(DISMISSED_KEY) === 'true';
  } catch {
    return false;
  }
}

/** The dismissible global banner of the shell; once closed it stays closed for this browser session. */
export function GlobalBanner({ customerCare }: { customerCare: string | null | undefined }) {
  const [isVisible, setVisible] = useState(() => !wasDismissed());
  if (!isVisible) return null;
  const dismiss = () => {
    setVisible(false);
    try {
      sessionStorage.setItem(DISMISSED_KEY, 'true');
    } catch {
      // Private browsing may refuse storage; the banner just comes back next time.
    }
  };
  return (
    <div role="region" aria-label="Announcement" data-slot="global-banner" className="flex items-start gap-3 bg-brand-700 px-4 py-2.5 text-sm text-white">
      <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <p className="flex-1">
        Claim your daily bonus and share your link to earn more.
        {customerCare ? (
          <>
            {' '}
            <a href={customerCare} target="_blank" rel="noopener noreferrer" className="font-semibold underline underline-offset-2">
              Need help?
            </a>
          </>
        ) : null}
      </p>
      <button type="button" onClick={dismiss} aria-label="Dismiss announcement" className="-m-1 rounded p-1 hover:bg-white/15">
        <X className="size-4" aria-hidden="true" />
      </button>
    </div>
  );
}
