import type { ReadNotificationsData, ReadNotificationsPayload } from '@tuzo/contracts';
import { useMutation } from '@tanstack/react-query';
import { callAction, type ApiEnvelope } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { refreshUserData } from '@/lib/session';
import { notificationsQueryKey } from './get-notifications';

/** POST readnotifications: the given ids, or every notification when none are given. */
export function readNotifications(ids?: readonly string[]): Promise<ApiEnvelope<ReadNotificationsData>> {
  const payload: ReadNotificationsPayload = ids && ids.length > 0 ? { ids: [...ids] } : {};
  return callAction('readnotifications', { payload });
}

/** Marking read changes the page and the bell's count (user data): both are refetched. */
export function useReadNotifications() {
  return useMutation({
    mutationFn: (ids?: readonly string[]) => readNotifications(ids),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: notificationsQueryKey });
      void refreshUserData();
    },
  });
}
