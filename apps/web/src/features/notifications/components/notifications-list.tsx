import { BellOff, CheckCheck } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Pager } from '@/components/ui/pager';
import { Skeleton } from '@/components/ui/skeleton';
import { useTexts } from '@/i18n';
import { useNotifications } from '../api/get-notifications';
import { useReadNotifications } from '../api/read-notifications';
import { notificationsTexts } from '../texts';
import { NotificationItem } from './notification-item';

/** The member's notifications, newest first, 20 a page; unread ones marked; "Mark all as read". */
export function NotificationsList() {
  const [page, setPage] = useState(1);
  const t = useTexts(notificationsTexts);
  const [announcement, setAnnouncement] = useState('');
  const query = useNotifications(page);
  const read = useReadNotifications();
  const data = query.data;
  const unread = data?.unread ?? 0;

  const markRead = (ids?: string[]) =>
    read.mutate(ids, {
      onSuccess: ({ data: result }) => setAnnouncement(ids ? t('markedOne') : t('markedMany', { count: String(result.marked) })),
    });

  return (
    <Card className="mx-auto w-full max-w-3xl">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div>
          <CardTitle className="text-lg">{t('title')}</CardTitle>
          <CardDescription data-testid="notifications-unread">
            {unread === 0 ? t('nothingUnread') : t('unread', { count: unread >= 100 ? '99+' : String(unread) })}
          </CardDescription>
        </div>
        <Button variant="outline" onClick={() => markRead()} disabled={unread === 0 || read.isPending}>
          <CheckCheck aria-hidden="true" />
          {t('markAll')}
        </Button>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <p className="sr-only" role="status" aria-live="polite">
          {announcement}
        </p>
        <NotificationsBody query={query} page={page} onRead={(id) => markRead([id])} isBusy={read.isPending} />
        {data && data.pages > 1 ? (
          <Pager
            page={data.page}
            pages={data.pages}
            noun={t('pagerNoun')}
            statusTestId="notifications-page"
            className="pt-2"
            onPageChange={setPage}
          />
        ) : null}
      </CardContent>
    </Card>
  );
}

/** While loading, skeletons; a failure with Try again; nothing (on this page); or the notifications. */
function NotificationsBody({
  query,
  page,
  onRead,
  isBusy,
}: {
  query: ReturnType<typeof useNotifications>;
  page: number;
  onRead: (id: string) => void;
  isBusy: boolean;
}) {
  const t = useTexts(notificationsTexts);
  const data = query.data;
  return !data && query.isPending ? (
    <div className="flex flex-col gap-2" aria-label={t('loading')}>
      {[0, 1, 2].map((key) => (
        <Skeleton key={key} className="h-16 w-full" />
      ))}
    </div>
  ) : !data ? (
    <div className="flex flex-col items-center gap-2 py-6 text-center">
      <p className="text-sm text-red-700">{t('failed')}</p>
      <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
        {t('tryAgain')}
      </Button>
    </div>
  ) : data.items.length === 0 ? (
    <p className="flex flex-col items-center gap-2 py-8 text-center text-slate-600">
      <BellOff className="size-8 text-slate-400" aria-hidden="true" />
      {page === 1 ? t('empty') : t('emptyPage')}
    </p>
  ) : (
    <ul className="flex flex-col gap-2" aria-label={t('list')} aria-busy={query.isFetching}>
      {data.items.map((item) => (
        <NotificationItem key={item.id} item={item} onRead={onRead} isBusy={isBusy} />
      ))}
    </ul>
  );
}
