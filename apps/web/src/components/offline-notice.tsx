import { useIsOnline } from '@/hooks/use-is-online';
import { useTexts } from '@/i18n';
import { offlineNoticeTexts } from './offline-notice.texts';

/**
 * Shown at the top of every screen while the browser has no network (decision 036). The service worker still opens
 * the app from its cache, so this says what cannot work until the network is back.
 */
export function OfflineNotice() {
  const isOnline = useIsOnline();
  const t = useTexts(offlineNoticeTexts);
  if (isOnline) return null;
  return (
    <div role="status" data-testid="offline-notice" className="bg-slate-800 px-4 py-2.5 text-sm text-white">
      {/* No icon: an icon here would pull the icon library into the entry chunk that every first visit loads. */}
      <p>
        <strong className="font-semibold">{t('title')}</strong> {t('body')}
      </p>
    </div>
  );
}
