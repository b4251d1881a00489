import { History } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { WithdrawalHold, WithdrawForm, WithdrawNotice, withdrawalsTexts } from '@/features/withdrawals';
import { useTexts } from '@/i18n';
import { formatMoney } from '@/lib/money';
import { useCurrentUser } from '@/lib/session';

/** Withdraw Funds (/withdraw). */
export default function WithdrawRoute() {
  const user = useCurrentUser();
  const currency = user.userdetails.ccurrency;
  const t = useTexts(withdrawalsTexts);
  return (
    <div className="mx-auto flex w-full max-w-lg flex-col gap-4">
      <WithdrawalHold />
      <WithdrawNotice />
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">{t('pageTitle')}</CardTitle>
          <CardDescription>
            {t('pageDescription', {
              minimum: formatMoney(user.fee.min_with, currency),
              pending: formatMoney(user.balances.pendingwithdrawal, currency),
            })}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <WithdrawForm user={user} />
        </CardContent>
      </Card>
      <Link to="/withdrawal-history" className={buttonClasses({ variant: 'ghost', className: 'self-center' })}>
        <History aria-hidden="true" />
        {t('historyLink')}
      </Link>
    </div>
  );
}
