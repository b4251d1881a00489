import type { NotificationIcon, NotificationItem as Item } from '@tuzo/contracts';
import { CircleAlert, CircleCheck, Info, TriangleAlert, type LucideIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { LineBreaks } from '@/components/ui/line-breaks';
import { useTexts } from '@/i18n';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format-date';
import { notificationsTexts } from '../texts';

/** The server names an icon (derived from the severity); the page draws it, so no markup travels. */
const ICONS: Record<NotificationIcon, { Icon: LucideIcon; className: string }> = {
  check: { Icon: CircleCheck, className: 'text-green-700' },
  info: { Icon: Info, className: 'text-brand-700' },
  warning: { Icon: TriangleAlert, className: 'text-amber-600' },
  error: { Icon: CircleAlert, className: 'text-red-700' },
};

/** One notification: icon, text (a literal "\n" becomes a line break), local time, unread mark and its button. */
export function NotificationItem({ item, onRead, isBusy }: { item: Item; onRead: (id: string) => void; isBusy: boolean }) {
  const { Icon, className } = ICONS[item.icon] ?? ICONS.info;
  const lines = item.msg.split('\\n');
  const t = useTexts(notificationsTexts);
  return (
    <li
      data-testid="notification-item"
      data-read={item.read}
      className={cn(
        // Wraps: a longer "mark as read" (Swahili) goes below the message instead of squeezing it on a phone.
        'flex flex-wrap items-start gap-3 rounded-xl border p-3',
        item.read ? 'border-slate-200 bg-white' : 'border-brand-200 bg-brand-50',
      )}
    >
      <Icon className={cn('mt-0.5 size-6 shrink-0', className)} aria-hidden="true" data-icon={item.icon} />
      <div className="min-w-0 flex-1 basis-40">
        <p className={cn('text-sm break-words text-slate-900', item.read ? 'font-normal' : 'font-semibold')}>
          <LineBreaks lines={lines} />
        </p>
        <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-600">
          <time dateTime={item.time} data-testid="notification-item-time">
            {formatDateTime(item.time)}
          </time>
          {item.read ? null : (
            <Badge tone="warning" data-testid="notification-unread">
              {t('unreadBadge')}
            </Badge>
          )}
        </p>
      </div>
      {item.read ? null : (
        <Button
          variant="ghost"
          size="sm"
          className="ml-auto"
          onClick={() => onRead(item.id)}
          disabled={isBusy}
          aria-label={t('markReadLabel', { text: item.msg.slice(0, 60) })}
        >
          {t('markRead')}
        </Button>
      )}
    </li>
  );
}
