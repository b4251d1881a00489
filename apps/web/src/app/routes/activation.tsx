import { ActivationLayout } from '@/components/layouts/activation-layout';
import { ActivationPage } from '@/features/activation/components/activation-page';
import { useCurrentUser } from '@/lib/session';

/** Everything an inactive member can reach: the activation page and Logout. */
export default function ActivationRoute() {
  return (
    <ActivationLayout>
      <ActivationPage user={useCurrentUser()} />
    </ActivationLayout>
  );
}
