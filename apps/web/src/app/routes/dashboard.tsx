import { Dashboard } from '@/features/dashboard/components/dashboard';
import { useCurrentUser } from '@/lib/session';

export default function DashboardRoute() {
  return <Dashboard user={useCurrentUser()} />;
}
