import { lazy, Suspense } from 'react';
import { useCurrentNotification } from '@/lib/notifications';

// The banner (and DOMPurify with it) loads only when the first notification arrives, keeping it off /login.
const NotificationBanner = lazy(() => import('./notification-banner'));

/** Shows the head of the notification queue, one at a time. */
export function NotificationHost() {
  const current = useCurrentNotification();
  if (!current) return null;
  return (
    <Suspense fallback={null}>
      <NotificationBanner key={current.id} notification={current} />
    </Suspense>
  );
}
