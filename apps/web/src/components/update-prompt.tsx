import { RefreshCw, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useTexts } from '@/i18n';
import { appMessagesTexts } from './app-messages.texts';

/**
 * Asks the member to reload when a new version of the app has been deployed and its worker is waiting
 * (service-worker-host.tsx). Nothing switches versions under a half-filled form: the new worker takes over only when
 * "Reload" is pressed (it skips waiting on the SKIP_WAITING message the generated worker listens for). Its own
 * chunk, loaded only when an update waits.
 */
export default function UpdatePrompt({ worker, onDismiss }: { worker: ServiceWorker; onDismiss: () => void }) {
  const t = useTexts(appMessagesTexts);
  const reload = () => {
    navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
    worker.postMessage({ type: 'SKIP_WAITING' });
  };
  return (
    <div
      role="status"
      data-testid="update-prompt"
      className="fixed inset-x-3 bottom-3 z-50 mx-auto flex max-w-md items-center gap-3 rounded-xl bg-slate-900 p-3 text-sm text-white shadow-lg"
    >
      <RefreshCw className="size-4 shrink-0" aria-hidden="true" />
      <p className="flex-1 font-medium">{t('updateTitle')}</p>
      <Button size="sm" variant="secondary" onClick={reload}>
        {t('reload')}
      </Button>
      <button type="button" aria-label={t('dismiss')} onClick={onDismiss} className="-m-1 rounded p-1 hover:bg-white/15">
        <X className="size-4" aria-hidden="true" />
      </button>
    </div>
  );
}
