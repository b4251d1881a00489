import { RefreshCw, X } from 'lucide-react';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { Button } from '@/components/ui/button';
import { useTexts } from '@/i18n';
import { appMessagesTexts } from './app-messages.texts';

/**
 * Registers the service worker (vite-plugin-pwa, decision 036) and, when a new version of the app has been deployed
 * and its worker is waiting, asks the member to reload. Nothing switches versions under a half-filled form: the new
 * worker takes over only when "Reload" is pressed. Its own chunk, loaded after start-up, so the entry stays small.
 */
export default function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisterError: (error: unknown) => console.warn('The service worker could not be registered:', error),
  });
  const t = useTexts(appMessagesTexts);
  if (!needRefresh) return null;
  const reload = () => {
    // The plugin reloads by itself only when the page was already controlled when it loaded; in the visit that
    // installed the first worker it would not, so the page reloads as soon as the new worker takes control.
    navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
    void updateServiceWorker(true);
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
      <button
        type="button"
        aria-label={t('dismiss')}
        onClick={() => setNeedRefresh(false)}
        className="-m-1 rounded p-1 hover:bg-white/15"
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </div>
  );
}
