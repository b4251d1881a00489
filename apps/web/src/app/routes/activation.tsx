import { ActivationLayout } from '@/components/layouts/activation-layout';
import { LanguageCard } from '@/features/profile/components/language-card';
import { ActivationPage } from '@/features/activation/components/activation-page';
import { DepositHistoryTable, DepositMethods } from '@/features/deposit';
import { useCurrentUser } from '@/lib/session';

/**
 * Everything an inactive member can reach: the activation page (with the deposit feature's forms), the language
 * (they cannot reach the profile yet) and Logout.
 */
export default function ActivationRoute() {
  return (
    <ActivationLayout>
      <ActivationPage
        user={useCurrentUser()}
        renderDepositMethods={(lockedAmount) => <DepositMethods lockedAmount={lockedAmount} />}
        depositHistory={<DepositHistoryTable />}
      />
      <div className="mt-6">
        <LanguageCard />
      </div>
    </ActivationLayout>
  );
}
