import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PayForClientForm, TransferHistoryTable } from '@/features/pay-for-client';

/** Pay For Client (/pay-for-client): the two-step form and the transfer history. */
export default function PayForClientRoute() {
  return (
    <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,26rem)_minmax(0,1fr)]">
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">Pay For Client</CardTitle>
          <CardDescription>
            Pay towards the activation of a member of your team from your Jumbo or Deposit wallet.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <PayForClientForm />
        </CardContent>
      </Card>
      <TransferHistoryTable />
    </div>
  );
}
