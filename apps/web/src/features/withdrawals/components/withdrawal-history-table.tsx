import { RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { formatAmount } from '@/lib/money';
import { useWithdrawalHistory } from '../api/get-withdrawal-history';
import { WithdrawalStatusBadge } from './withdrawal-status-badge';

const COLUMNS = ['No.', 'Amount', 'Charges', 'Status', 'Date', 'Time'] as const;
const NUMERIC = new Set<string>(['Amount', 'Charges']);
const CELL = 'px-3 py-2.5 whitespace-nowrap';
const SKELETON_ROWS = 5;

function BodyRows() {
  const { data: rows, isPending } = useWithdrawalHistory();
  if (isPending) {
    return Array.from({ length: SKELETON_ROWS }, (_, index) => (
      <tr key={index} data-testid="withdrawal-skeleton-row">
        {COLUMNS.map((column) => (
          <td key={column} className={CELL}>
            <Skeleton className="h-4 w-14" />
          </td>
        ))}
      </tr>
    ));
  }
  return (rows ?? []).map((row, index) => (
    <tr key={`${row.No}-${index}`} className="border-t border-slate-100" data-testid="withdrawal-row">
      <td className={CELL}>{row.No}</td>
      <td className={cn(CELL, 'text-right font-medium tabular-nums')}>{formatAmount(row.Amount)}</td>
      <td className={cn(CELL, 'text-right tabular-nums')}>{formatAmount(row.Charges)}</td>
      <td className={CELL}>
        <WithdrawalStatusBadge status={row.Status} />
      </td>
      <td className={CELL}>{row.Date}</td>
      <td className={CELL}>{row.Time}</td>
    </tr>
  ));
}

/** Withdrawal history: the member's withdrawals with their status, newest first; Refresh reloads it. */
export function WithdrawalHistoryTable() {
  const { data: rows, error, refetch, isFetching } = useWithdrawalHistory();
  // Empty and error texts sit outside the sideways-scrolling table so a phone shows them whole.
  const message = error ? error.message : rows?.length === 0 ? 'No withdrawal history found' : null;
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-3">
        <CardTitle id="withdrawal-history-title">Withdrawal History</CardTitle>
        <Button variant="outline" size="sm" onClick={() => void refetch()} disabled={isFetching}>
          <RefreshCw aria-hidden="true" className={cn(isFetching && 'animate-spin')} />
          Refresh
        </Button>
      </CardHeader>
      <CardContent className="px-0 sm:px-0">
        {message ? (
          <p
            className={cn('px-4 py-8 text-center text-sm', error ? 'text-red-700' : 'text-slate-600')}
            role={error ? 'alert' : undefined}
          >
            {message}
          </p>
        ) : (
          <div
            className="overflow-x-auto"
            tabIndex={0}
            role="region"
            aria-labelledby="withdrawal-history-title"
            aria-busy={isFetching}
          >
            <p className="sticky left-0 px-4 pb-2 text-xs text-slate-600 sm:hidden">
              Swipe the table sideways to see every column.
            </p>
            <table className="w-full min-w-[34rem] text-left text-sm">
              <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
                <tr>
                  {COLUMNS.map((column) => (
                    <th key={column} scope="col" className={cn(CELL, NUMERIC.has(column) && 'text-right')}>
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                <BodyRows />
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
