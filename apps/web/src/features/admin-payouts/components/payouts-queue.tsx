import type { AdminPayoutRow, PayoutState } from '@tuzo/contracts';
import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Pager } from '@/components/ui/pager';
import { failureText } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { PAYOUTS_TEXTS, usePayouts, type PayoutsFilter } from '../api/get-payouts';
import { PayoutsFilters } from './payouts-filters';
import { PayoutsTable } from './payouts-table';

/** The payout queue: by state (unknown first, the ones that need a look), provider and member; one page at a time. */
export function PayoutsQueue({ onOpen }: { onOpen: (row: AdminPayoutRow) => void }) {
  const [state, setState] = useState<PayoutState | ''>('');
  const [extra, setExtra] = useState<Omit<PayoutsFilter, 'state'>>({});
  const [page, setPage] = useState(1);
  const filter: PayoutsFilter = { ...extra, ...(state ? { state } : {}) };
  const { data, isPending, isFetching, error, refetch } = usePayouts(filter, page);
  return (
    <Card>
      <CardHeader className="gap-3">
        <div className="flex items-center justify-between gap-3">
          <CardTitle id="payouts-title">Payout queue</CardTitle>
          {/* Payouts settle when the provider answers, so the queue is reloaded on demand. */}
          <Button size="sm" variant="outline" onClick={() => void refetch()} disabled={isFetching} aria-label="Refresh payouts">
            <RefreshCw aria-hidden="true" className={cn(isFetching && 'animate-spin')} />
            Refresh
          </Button>
        </div>
        <CardDescription>
          Every approved withdrawal paid by a provider, newest first. An unknown payout is never refunded or sent again on a
          guess: it is settled by asking the provider.
        </CardDescription>
        <PayoutsFilters
          state={state}
          counts={data?.counts}
          onStateChange={(next) => {
            setState(next);
            setPage(1);
          }}
          onApply={(next) => {
            setExtra(next);
            setPage(1);
          }}
        />
      </CardHeader>
      <CardContent className="px-0 sm:px-0">
        <PayoutsTable
          labelledBy="payouts-title"
          rows={data?.rows}
          isPending={isPending}
          isBusy={isFetching}
          error={error ? failureText(error, PAYOUTS_TEXTS) : null}
          onOpen={onOpen}
        />
        {data ? (
          <Pager
            page={data.page}
            limit={data.limit}
            total={data.total}
            noun="payouts"
            isBusy={isFetching}
            onPageChange={setPage}
          />
        ) : null}
      </CardContent>
    </Card>
  );
}
