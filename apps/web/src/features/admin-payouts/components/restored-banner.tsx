import { currentLocale, useTexts } from '@/i18n';
import { useRestored } from '../api/get-restored';
import { restoredTexts } from './restored-banner.texts';

/**
 * While payouts are paused after a database restore (decision 054): what the restore means and how many payouts in
 * flight at the recovery point still wait for their provider's answer. Nothing to do: the sweep asks, and the banner
 * goes once every payout has an answer.
 */
export function RestoredBanner() {
  const t = useTexts(restoredTexts);
  const { data } = useRestored();
  if (!data) return null;
  const recoveryPoint = data.recovery_point
    ? new Date(data.recovery_point).toLocaleString(currentLocale(), { dateStyle: 'medium', timeStyle: 'medium' })
    : t('earlier');
  return (
    <div
      role="status"
      data-testid="payouts-restored"
      className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
    >
      <p className="font-semibold">{t('title')}</p>
      <p>{t('body', { recoveryPoint, awaiting: data.awaiting, inFlight: data.in_flight })}</p>
    </div>
  );
}
