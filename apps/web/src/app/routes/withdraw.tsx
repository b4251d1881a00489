import { History } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { WithdrawForm, WithdrawNotice } from '@/features/withdrawals';
import { formatMoney } from '@/lib/money';
import { useCurrentUser } from '@/lib/session';

/** Withdraw Funds (/withdraw). */
export default function WithdrawRoute() {
  const user = useCurrentUser();
  const currency = user.userdetails.ccurrency;
  return (
    <div className="mx-auto flex w-full max-w-lg flex-col gap-4">
      <WithdrawNotice />
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">Withdraw Funds</CardTitle>
          <CardDescription>
            Minimum withdrawal from Jumbo: {formatMoney(user.fee.min_with, currency)}. Pending:{' '}
            {formatMoney(user.balances.pendingwithdrawal, currency)}.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <WithdrawForm user={user} />
        </CardContent>
      </Card>
      <Link to="/withdrawal-history" className={buttonClasses({ variant: 'ghost', className: 'self-center' })}>
        <History aria-hidden="true" />
        Withdrawal History
      </Link>
    </div>
  );
}
