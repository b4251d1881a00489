import { NOTIFICATION_TEXTS, NOTIFICATIONS_PAGE_LIMIT_DEFAULT, type NotificationsData } from '@tuzo/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callAction, failureText, showErrorToast } from '@/lib/api-client';

export const notificationsQueryKey = ['notifications'] as const;

/** GET notifications: one page of the member's notifications, newest first. */
export async function getNotifications(page: number): Promise<NotificationsData> {
  try {
    const { data } = await callAction('notifications', {
      payload: { page: String(page), limit: String(NOTIFICATIONS_PAGE_LIMIT_DEFAULT) },
    });
    return data;
  } catch (error) {
    const message = failureText(error, { failed: NOTIFICATION_TEXTS.failed });
    if (message) showErrorToast(message);
    throw error;
  }
}

export const notificationsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...notificationsQueryKey, page],
    queryFn: () => getNotifications(page),
    placeholderData: keepPreviousData,
    retry: false,
  });

export function useNotifications(page: number) {
  return useQuery(notificationsQueryOptions(page));
}
