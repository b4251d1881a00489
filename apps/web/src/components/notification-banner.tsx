import DOMPurify from 'dompurify';
import { CircleAlert, CircleCheck, Info, TriangleAlert, X, type LucideIcon } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { useTexts } from '@/i18n';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format-date';
import { dismissNotification, NOTIFICATION_CLOSE_MS, type QueuedNotification } from '@/lib/notifications';
import { appMessagesTexts } from './app-messages.texts';
import { LineBreaks } from './ui/line-breaks';

const TONES: Record<QueuedNotification['severity'], string> = {
  info: 'border-brand-600',
  success: 'border-green-600',
  warning: 'border-amber-500',
  error: 'border-red-600',
};

/**
 * The icon when the server sends none: the warning sign only for bad news; good news (a commission, a deposit
 * received: 'success' or 'info') gets a check or an info sign.
 */
const DEFAULT_ICONS: Record<QueuedNotification['severity'], { Icon: LucideIcon; className: string }> = {
  info: { Icon: Info, className: 'text-brand-700' },
  success: { Icon: CircleCheck, className: 'text-green-700' },
  warning: { Icon: TriangleAlert, className: 'text-amber-600' },
  error: { Icon: CircleAlert, className: 'text-red-700' },
};

/** One notification: closes itself after 6 s or by the close button; literal "\n" sequences become line breaks. */
export default function NotificationBanner({ notification }: { notification: QueuedNotification }) {
  const { id, msg, icon, time, severity } = notification;
  useEffect(() => {
    const timer = window.setTimeout(() => dismissNotification(id), NOTIFICATION_CLOSE_MS);
    return () => window.clearTimeout(timer);
  }, [id]);
  const safeIcon = useMemo(() => (icon ? DOMPurify.sanitize(icon, { USE_PROFILES: { html: true, svg: true } }) : ''), [icon]);
  const lines = msg.split('\\n');
  const t = useTexts(appMessagesTexts);
  const defaultIcon = DEFAULT_ICONS[severity];
  const DefaultIcon = defaultIcon.Icon;

  return (
    <div className="pointer-events-none fixed inset-x-0 top-2 z-[60] flex justify-center px-3">
      <div
        role="status"
        aria-live="polite"
        data-testid="notification-banner"
        className={cn(
          'pointer-events-auto flex w-full max-w-md animate-fade-in items-start gap-3 rounded-xl border-l-4 bg-white p-3 shadow-lg ring-1 ring-slate-200',
          TONES[severity],
        )}
      >
        {safeIcon ? (
          <span
            className="mt-0.5 flex size-6 shrink-0 items-center justify-center [&_img]:size-6 [&_svg]:size-6"
            aria-hidden="true"
            dangerouslySetInnerHTML={{ __html: safeIcon }}
          />
        ) : (
          <DefaultIcon className={cn('mt-0.5 size-6 shrink-0', defaultIcon.className)} aria-hidden="true" data-icon={severity} />
        )}
        <div className="min-w-0 flex-1">
          <p className="text-sm font-medium break-words text-slate-900">
            <LineBreaks lines={lines} />
          </p>
          <p className="mt-1 text-xs text-slate-600" data-testid="notification-time">
            <time dateTime={time}>{formatDateTime(time)}</time>
          </p>
        </div>
        <button
          type="button"
          onClick={() => dismissNotification(id)}
          aria-label={t('closeNotification')}
          className="-m-1 rounded p-1 text-slate-600 hover:bg-slate-100"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      </div>
    </div>
  );
}
