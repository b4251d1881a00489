import { NOTIFICATION_TEXTS } from '@tuzo/contracts';
import { BellOff, CheckCheck } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Pager } from '@/components/ui/pager';
import { Skeleton } from '@/components/ui/skeleton';
import { useNotifications } from '../api/get-notifications';
import { useReadNotifications } from '../api/read-notifications';
import { NotificationItem } from './notification-item';

/** The member's notifications, newest first, 20 a page; unread ones marked; "Mark all as read". */
export function NotificationsList() {
  const [page, setPage] = useState(1);
  const [announcement, setAnnouncement] = useState('');
  const query = useNotifications(page);
  const read = useReadNotifications();
  const data = query.data;
  const unread = data?.unread ?? 0;

  const markRead = (ids?: string[]) =>
    read.mutate(ids, {
      onSuccess: ({ data: result }) =>
        setAnnouncement(ids ? 'Notification marked as read' : `${result.marked} notifications marked as read`),
    });

  return (
    <Card className="mx-auto w-full max-w-3xl">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div>
          <CardTitle className="text-lg">Notifications</CardTitle>
          <CardDescription data-testid="notifications-unread">
            {unread === 0 ? 'Nothing unread' : `${unread >= 100 ? '99+' : unread} unread`}
          </CardDescription>
        </div>
        <Button variant="outline" onClick={() => markRead()} disabled={unread === 0 || read.isPending}>
          <CheckCheck aria-hidden="true" />
          {NOTIFICATION_TEXTS.markAll}
        </Button>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <p className="sr-only" role="status" aria-live="polite">
          {announcement}
        </p>
        {!data && query.isPending ? (
          <div className="flex flex-col gap-2" aria-label="Loading notifications">
            {[0, 1, 2].map((key) => (
              <Skeleton key={key} className="h-16 w-full" />
            ))}
          </div>
        ) : !data ? (
          <div className="flex flex-col items-center gap-2 py-6 text-center">
            <p className="text-sm text-red-700">{NOTIFICATION_TEXTS.failed}</p>
            <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
              Try again
            </Button>
          </div>
        ) : data.items.length === 0 ? (
          <p className="flex flex-col items-center gap-2 py-8 text-center text-slate-600">
            <BellOff className="size-8 text-slate-400" aria-hidden="true" />
            {page === 1 ? NOTIFICATION_TEXTS.empty : 'No notifications on this page.'}
          </p>
        ) : (
          <ul className="flex flex-col gap-2" aria-label="Notifications, newest first" aria-busy={query.isFetching}>
            {data.items.map((item) => (
              <NotificationItem key={item.id} item={item} onRead={(id) => markRead([id])} isBusy={read.isPending} />
            ))}
          </ul>
        )}
        {data && data.pages > 1 ? (
          <Pager
            page={data.page}
            pages={data.pages}
            noun="notifications"
            statusTestId="notifications-page"
            className="pt-2"
            onPageChange={setPage}
          />
        ) : null}
      </CardContent>
    </Card>
  );
}
