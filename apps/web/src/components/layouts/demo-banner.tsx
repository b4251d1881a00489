import { FlaskConical } from 'lucide-react';
import { useTexts } from '@/i18n';
import { useUserData } from '@/lib/session';
import { shellTexts } from './shell.texts';

/**
 * The thin "Demo" line on every member and console page while payments go to the provider simulator (decision 047).
 * The app learns it from the user data it already polls (`userdetails.payments`), so it costs no request of its own;
 * it cannot be dismissed.
 */
export function DemoBanner() {
  const { data } = useUserData();
  const t = useTexts(shellTexts);
  if (data?.userdetails.payments !== 'simulated') return null;
  return (
    <p
      role="note"
      data-testid="demo-banner"
      className="flex items-center justify-center gap-2 bg-amber-100 px-3 py-1 text-center text-xs font-medium text-amber-900"
    >
      <FlaskConical aria-hidden="true" className="size-3.5 shrink-0" />
      {t('demoPayments')}
    </p>
  );
}
