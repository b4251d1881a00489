import { Outlet } from 'react-router';
import { AppLayout } from '@/components/layouts/app-layout';
import { useCurrentUser } from '@/lib/session';

/** The shell of every active-member route; its own chunk so Radix and the icons stay off the signed-out pages. */
export default function ShellRoute() {
  const { userdetails } = useCurrentUser();
  return (
    <AppLayout grouplink={userdetails.grouplink} customerCare={userdetails.customer_care} banner={userdetails.banner}>
      <Outlet />
    </AppLayout>
  );
}
