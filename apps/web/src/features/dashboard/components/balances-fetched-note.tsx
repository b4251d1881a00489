import { useIsOnline } from '@/hooks/use-is-online';
import { currentLanguage, useTexts } from '@/i18n';
import { useUserData } from '@/lib/session';
import { dashboardTexts } from '../texts';

const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
const DAY_AND_TIME: Intl.DateTimeFormatOptions = { ...TIME, day: 'numeric', month: 'short' };

/** "14:05" today, "3 Mar, 14:05" on an earlier day. */
function formatFetchedAt(updatedAt: number, now: Date): string {
  const fetched = new Date(updatedAt);
  const isToday = fetched.toDateString() === now.toDateString();
  return fetched.toLocaleString(currentLanguage() === 'sw' ? 'sw-KE' : 'en-GB', isToday ? TIME : DAY_AND_TIME);
}

/**
 * While offline, says when the balances on screen were fetched (decision 036): money is never shown as if it were
 * current. TanStack Query keeps the time of the last successful fetch; 0 means the data came from this device's
 * storage and was not fetched in this visit. Online it shows nothing, so the online screen is unchanged.
 */
export function BalancesFetchedNote() {
  const isOnline = useIsOnline();
  const { dataUpdatedAt } = useUserData();
  const t = useTexts(dashboardTexts);
  if (isOnline) return null;
  return (
    <p role="note" data-testid="balances-fetched-at" className="text-sm font-medium text-amber-900">
      {dataUpdatedAt > 0 ? t('lastUpdated', { time: formatFetchedAt(dataUpdatedAt, new Date()) }) : t('savedEarlier')}
    </p>
  );
}
