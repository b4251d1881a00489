import { Alert } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { usePayoutMethods } from '../api/get-payout-methods';
import { countryPayoutMethods } from '../utils/payout-rules';
import { LoadState } from './load-state';

const METHODS_TEXTS = { failed: 'Failed to load how countries are paid', thrown: 'Failed to load how countries are paid' };

/**
 * How each country's approved withdrawals are paid (setting `payouts.providers`). A country paid by hand ("manual")
 * gets a plain warning: approving its withdrawals pays no one.
 */
export function PayoutMethodsCard() {
  const { data, isPending, error } = usePayoutMethods();
  const methods = data ? countryPayoutMethods(data.countries, data.providers) : [];
  const manual = methods.filter((each) => each.method === 'manual');
  return (
    <Card>
      <CardHeader>
        <CardTitle>How each country is paid</CardTitle>
        <CardDescription>
          Approving a withdrawal pays the member’s registered phone through their country’s provider (Settings,
          payouts.providers).
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <LoadState isPending={isPending} error={error} texts={METHODS_TEXTS} />
        {methods.length > 0 ? (
          <ul className="flex flex-wrap gap-2 text-sm" aria-label="Payout method by country">
            {methods.map((each) => (
              <li
                key={each.abbreviation}
                data-testid="payout-method"
                data-method={each.method}
                className="rounded-md border border-slate-200 px-3 py-1.5"
              >
                <span className="font-medium text-slate-900">{each.name}</span>{' '}
                <span className="text-slate-600">({each.currency})</span>: {each.label}
              </li>
            ))}
          </ul>
        ) : null}
        {manual.length > 0 ? (
          <Alert tone="warning" data-testid="manual-payout-warning">
            {manual.map((each) => each.name).join(', ')} {manual.length === 1 ? 'is' : 'are'} paid by hand: approving a withdrawal
            there does not pay anyone. It is marked Completed at once, and you must pay the member yourself (on the M-Pesa portal
            or by bank) before you approve it.
          </Alert>
        ) : null}
      </CardContent>
    </Card>
  );
}
