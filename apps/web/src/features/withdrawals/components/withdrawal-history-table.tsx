import { RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { StatusBadge } from '@/components/ui/status-badge';
import { cn } from '@/lib/cn';
import { formatAmount } from '@/lib/money';
import { failureText } from '@/lib/api-client';
import { useWithdrawalHistory, WITHDRAWAL_HISTORY_TEXTS } from '../api/get-withdrawal-history';

type WithdrawalRow = NonNullable<ReturnType<typeof useWithdrawalHistory>['data']>[number];

const COLUMNS: ReadonlyArray<DataTableColumn<WithdrawalRow>> = [
  { header: 'No.', cell: (row) => row.No },
  { header: 'Amount', isNumeric: true, className: 'font-medium tabular-nums', cell: (row) => formatAmount(row.Amount) },
  { header: 'Charges', isNumeric: true, className: 'tabular-nums', cell: (row) => formatAmount(row.Charges) },
  { header: 'Status', cell: (row) => <StatusBadge status={row.Status} /> },
  { header: 'Date', cell: (row) => row.Date },
  { header: 'Time', cell: (row) => row.Time },
];

/** Withdrawal history: the member's withdrawals with their status, newest first; Refresh reloads it. */
export function WithdrawalHistoryTable() {
  const { data: rows, isPending, error, refetch, isFetching } = useWithdrawalHistory();
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
        <DataTable
          labelledBy="withdrawal-history-title"
          columns={COLUMNS}
          rows={rows}
          isPending={isPending}
          error={error ? failureText(error, WITHDRAWAL_HISTORY_TEXTS) : null}
          emptyText="No withdrawal history found"
          getRowKey={(row, index) => `${row.No}-${index}`}
          getRowAttributes={() => ({ 'data-testid': 'withdrawal-row' })}
          minWidthClassName="min-w-[34rem]"
          skeleton={{ rows: 5, className: 'h-4 w-14', rowTestId: 'withdrawal-skeleton-row' }}
          hasSwipeHint
          messagePaddingClassName="py-8"
          isBusy={isFetching}
        />
      </CardContent>
    </Card>
  );
}
