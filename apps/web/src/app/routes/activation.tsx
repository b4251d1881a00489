import { ActivationLayout } from '@/components/layouts/activation-layout';
import { ActivationPage } from '@/features/activation/components/activation-page';
import { DepositHistoryTable, DepositMethods } from '@/features/deposit';
import { useCurrentUser } from '@/lib/session';

/** Everything an inactive member can reach: the activation page (with the deposit feature's forms) and Logout. */
export default function ActivationRoute() {
  return (
    <ActivationLayout>
      <ActivationPage
        user={useCurrentUser()}
        renderDepositMethods={(lockedAmount) => <DepositMethods lockedAmount={lockedAmount} />}
        depositHistory={<DepositHistoryTable />}
      />
    </ActivationLayout>
  );
}
