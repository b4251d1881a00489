import { Info, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useTexts } from '@/i18n';
import { withdrawalsTexts } from '../texts';

/** Local storage flag ('true' or 'false'): when 'true' the notice stays hidden on later visits. */
export const HIDE_WITHDRAW_NOTICE_KEY = 'hideWithdrawNotice';

function readHidden(): boolean {
  try {
    return localStorage.getItem(HIDE_WITHDRAW_NOTICE_KEY) === 'true';
  } catch {
    return false;
  }
}

function writeHidden(isHidden: boolean): void {
  try {
    localStorage.setItem(HIDE_WITHDRAW_NOTICE_KEY, isHidden ? 'true' : 'false');
  } catch {
    // Private mode or full storage: the notice simply shows again next time.
  }
}

/** What to check before withdrawing; dismissible, with "Don't remind me again". */
export function WithdrawNotice() {
  const [isOpen, setOpen] = useState(() => !readHidden());
  const [isRemembered, setRemembered] = useState(false);
  const checkboxId = useId();
  const t = useTexts(withdrawalsTexts);
  if (!isOpen) return null;
  return (
    <section
      aria-label={t('noticeTitle')}
      data-testid="withdraw-notice"
      className="relative rounded-lg border border-brand-200 bg-brand-50 p-3 pr-10 text-sm text-brand-950 sm:p-4 sm:pr-12"
    >
      <button
        type="button"
        onClick={() => setOpen(false)}
        className="absolute top-2 right-2 rounded-md p-1.5 text-brand-900 hover:bg-brand-100"
        aria-label={t('noticeDismiss')}
      >
        <X className="size-4" aria-hidden="true" />
      </button>
      <p className="flex items-center gap-2 font-semibold">
        <Info className="size-4 shrink-0" aria-hidden="true" />
        {t('noticeTitle')}
      </p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        <li>{t('noticePhone')}</li>
        <li>{t('noticeCharge')}</li>
        <li>{t('noticeReview')}</li>
      </ul>
      <div className="mt-3 flex items-center gap-2">
        <input
          id={checkboxId}
          type="checkbox"
          className="size-4 accent-brand-700"
          checked={isRemembered}
          onChange={(event) => {
            setRemembered(event.target.checked);
            writeHidden(event.target.checked);
          }}
        />
        <label htmlFor={checkboxId}>{t('noticeRemember')}</label>
      </div>
    </section>
  );
}
