import { ComingSoon } from '@/components/coming-soon';

/** Notifications (/notifications). Coming soon: another engineer replaces this file with the real screen. */
export default function NotificationsRoute() {
  return <ComingSoon title="Notifications" />;
}
