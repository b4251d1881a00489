import { NotificationsList } from '@/features/notifications';

/** Notifications (/notifications). */
export default function NotificationsRoute() {
  return <NotificationsList />;
}
