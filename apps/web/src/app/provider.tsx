import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { Toaster } from 'react-hot-toast';
import { ErrorBoundary } from '@/components/error-boundary';
import { NotificationHost } from '@/components/notification-host';
import { OfflineNotice } from '@/components/offline-notice';
import { queryClient } from '@/lib/query-client';

// The service worker's registration and update prompt (with workbox-window) load after start-up, off the entry. The
// worker exists only in a build: the development server has no /sw.js.
const UpdatePrompt = lazy(() => import('@/components/update-prompt'));
const canUseServiceWorker = import.meta.env.PROD && typeof navigator !== 'undefined' && 'serviceWorker' in navigator;

/** App-wide providers. The Toaster keeps react-hot-toast's defaults, which are the spec's toast limits. */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <OfflineNotice />
        {children}
        <NotificationHost />
        <Toaster />
        {canUseServiceWorker ? (
          <Suspense fallback={null}>
            <UpdatePrompt />
          </Suspense>
        ) : null}
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
