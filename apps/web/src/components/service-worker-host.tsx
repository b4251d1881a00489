import { lazy, Suspense, useEffect, useState } from 'react';

// The update prompt (its texts, button and icons) loads only when a new version is waiting, never on a first visit.
const UpdatePrompt = lazy(() => import('./update-prompt'));
const canUseServiceWorker = import.meta.env.PROD && typeof navigator !== 'undefined' && 'serviceWorker' in navigator;

/** Calls `onWaiting` with a new worker that has installed while an older one controls the page. */
function watchForWaitingWorker(registration: ServiceWorkerRegistration, onWaiting: (worker: ServiceWorker) => void) {
  const isUpdate = () => navigator.serviceWorker.controller !== null;
  if (registration.waiting && isUpdate()) onWaiting(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing;
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed' && isUpdate()) onWaiting(worker);
    });
  });
}

/**
 * Registers the service worker (decision 036) with the browser's own API, so no registration library is in what
 * /login downloads (decision 058), and shows the update prompt when a new version's worker is waiting. The worker
 * exists only in a build: the development server has no /sw.js.
 */
export function ServiceWorkerHost() {
  const [waiting, setWaiting] = useState<ServiceWorker | null>(null);
  useEffect(() => {
    if (!canUseServiceWorker) return;
    // After the page's load event, as workbox-window did: the worker's precache download then never competes with
    // the first screen's own files.
    const register = () =>
      void navigator.serviceWorker
        .register('/sw.js', { scope: '/' })
        .then((registration) => watchForWaitingWorker(registration, setWaiting))
        .catch((error: unknown) => console.warn('The service worker could not be registered:', error));
    if (document.readyState === 'complete') register();
    else window.addEventListener('load', register, { once: true });
    return () => window.removeEventListener('load', register);
  }, []);
  if (!waiting) return null;
  return (
    <Suspense fallback={null}>
      <UpdatePrompt worker={waiting} onDismiss={() => setWaiting(null)} />
    </Suspense>
  );
}
