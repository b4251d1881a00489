import type { ReactNode } from 'react';
import { Toaster } from 'react-hot-toast';
import { ErrorBoundary } from '@/components/error-boundary';
import { NotificationHost } from '@/components/notification-host';
import { OfflineNotice } from '@/components/offline-notice';
import { ServiceWorkerHost } from '@/components/service-worker-host';

/**
 * App-wide providers. The Toaster keeps react-hot-toast's defaults, which are the spec's toast limits. The query
 * client is provided by the screens that use it (signed-in.tsx, query-provider.tsx), so /login loads no TanStack Query.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary>
      <OfflineNotice />
      {children}
      <NotificationHost />
      <Toaster />
      <ServiceWorkerHost />
    </ErrorBoundary>
  );
}
