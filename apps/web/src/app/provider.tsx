import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from 'react-hot-toast';
import { ErrorBoundary } from '@/components/error-boundary';
import { NotificationHost } from '@/components/notification-host';
import { OfflineNotice } from '@/components/offline-notice';
import { ServiceWorkerHost } from '@/components/service-worker-host';
import { queryClient } from '@/lib/query-client';

/** App-wide providers. The Toaster keeps react-hot-toast's defaults, which are the spec's toast limits. */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <OfflineNotice />
        {children}
        <NotificationHost />
        <Toaster />
        <ServiceWorkerHost />
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
