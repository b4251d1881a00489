import { RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { StatusBadge } from '@/components/ui/status-badge';
import { cn } from '@/lib/cn';
import { formatAmount } from '@/lib/money';
import { DEPOSIT_HISTORY_ERROR, useDepositHistory } from '../api/get-deposit-history';

type DepositRow = NonNullable<ReturnType<typeof useDepositHistory>['data']>[number];

const COLUMNS: ReadonlyArray<DataTableColumn<DepositRow>> = [
  { header: 'Id', cell: (row) => row.Id },
  { header: 'Amount', isNumeric: true, className: 'font-medium tabular-nums', cell: (row) => formatAmount(row.Amount) },
  { header: 'Phone', cell: (row) => row.Phone },
  { header: 'Transaction Code', className: 'font-mono text-xs', cell: (row) => row['Transaction Code'] },
  { header: 'Status', cell: (row) => <StatusBadge status={row.Status} /> },
  { header: 'Date', cell: (row) => row.Date },
  { header: 'Time', cell: (row) => row.Time },
];

/** 'Recent Deposits': the member's deposits, newest first; scrolls sideways on a narrow phone. */
export function DepositHistoryTable() {
  const { data: rows, isPending, isError, refetch, isFetching } = useDepositHistory();
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle id="recent-deposits-title">Recent Deposits</CardTitle>
        <Button variant="ghost" size="sm" onClick={() => void refetch()} disabled={isFetching} aria-label="Refresh deposits">
          <RefreshCw aria-hidden="true" className={cn(isFetching && 'animate-spin')} />
        </Button>
      </CardHeader>
      <CardContent className="px-0 sm:px-0">
        <DataTable
          labelledBy="recent-deposits-title"
          columns={COLUMNS}
          rows={rows}
          isPending={isPending}
          error={isError ? DEPOSIT_HISTORY_ERROR : null}
          emptyText="No deposit history found"
          getRowKey={(row, index) => `${String(row.Id)}-${index}`}
          getRowAttributes={() => ({ 'data-testid': 'deposit-row' })}
          minWidthClassName="min-w-[40rem]"
          hasSwipeHint
        />
      </CardContent>
    </Card>
  );
}
