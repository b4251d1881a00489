import { RefreshCw } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { formatAmount } from '@/lib/money';
import { DEPOSIT_HISTORY_ERROR, useDepositHistory } from '../api/get-deposit-history';
import { depositStatusLabel } from '../utils/deposit-schemas';

const COLUMNS = ['Id', 'Amount', 'Phone', 'Transaction Code', 'Status', 'Date', 'Time'] as const;
const CELL = 'px-3 py-2.5 whitespace-nowrap';

function BodyRows() {
  const { data: rows, isPending } = useDepositHistory();
  if (isPending) {
    return Array.from({ length: 3 }, (_, index) => (
      <tr key={index}>
        {COLUMNS.map((column) => (
          <td key={column} className={CELL}>
            <Skeleton className="h-4 w-16" />
          </td>
        ))}
      </tr>
    ));
  }
  return (rows ?? []).map((row, index) => {
    const status = depositStatusLabel(row.Status);
    return (
      <tr key={`${String(row.Id)}-${index}`} className="border-t border-slate-100" data-testid="deposit-row">
        <td className={CELL}>{row.Id}</td>
        <td className={cn(CELL, 'text-right font-medium tabular-nums')}>{formatAmount(row.Amount)}</td>
        <td className={CELL}>{row.Phone}</td>
        <td className={cn(CELL, 'font-mono text-xs')}>{row['Transaction Code']}</td>
        <td className={CELL}>
          <Badge tone={status.tone}>{status.label}</Badge>
        </td>
        <td className={CELL}>{row.Date}</td>
        <td className={CELL}>{row.Time}</td>
      </tr>
    );
  });
}

/** 'Recent Deposits': the member's deposits, newest first; scrolls sideways on a narrow phone. */
export function DepositHistoryTable() {
  const { data: rows, isError, refetch, isFetching } = useDepositHistory();
  // Empty and error texts sit outside the sideways-scrolling table so a phone shows them whole.
  const message = isError ? DEPOSIT_HISTORY_ERROR : rows?.length === 0 ? 'No deposit history found' : null;
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle id="recent-deposits-title">Recent Deposits</CardTitle>
        <Button variant="ghost" size="sm" onClick={() => void refetch()} disabled={isFetching} aria-label="Refresh deposits">
          <RefreshCw aria-hidden="true" className={cn(isFetching && 'animate-spin')} />
        </Button>
      </CardHeader>
      <CardContent className="px-0 sm:px-0">
        {message ? (
          <p
            className={cn('px-4 py-6 text-center text-sm', isError ? 'text-red-700' : 'text-slate-600')}
            role={isError ? 'alert' : undefined}
          >
            {message}
          </p>
        ) : (
          <div className="overflow-x-auto" tabIndex={0} role="region" aria-labelledby="recent-deposits-title">
            <p className="sticky left-0 px-4 pb-2 text-xs text-slate-600 sm:hidden">
              Swipe the table sideways to see every column.
            </p>
            <table className="w-full min-w-[40rem] text-left text-sm">
              <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
                <tr>
                  {COLUMNS.map((column) => (
                    <th key={column} scope="col" className={cn(CELL, column === 'Amount' && 'text-right')}>
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
