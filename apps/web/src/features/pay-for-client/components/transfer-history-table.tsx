import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { StatusBadge } from '@/components/ui/status-badge';
import { formatAmount } from '@/lib/money';
import { failureText } from '@/lib/api-client';
import { TRANSFER_HISTORY_TEXTS, useTransferHistory } from '../api/get-transfer-history';

type TransferRow = NonNullable<ReturnType<typeof useTransferHistory>['data']>[number];

const COLUMNS: ReadonlyArray<DataTableColumn<TransferRow>> = [
  {
    header: 'Username',
    cell: (row) => (
      <>
        {row.Username}
        {row.Direction ? (
          <span className="ml-2 text-xs text-slate-500">{row.Direction === 'received' ? '(received)' : '(sent)'}</span>
        ) : null}
      </>
    ),
  },
  { header: 'Amount', isNumeric: true, className: 'font-medium tabular-nums', cell: (row) => formatAmount(row.Amount) },
  { header: 'Wallet', cell: (row) => row.Wallet },
  { header: 'Status', cell: (row) => <StatusBadge status={row.Status} /> },
  { header: 'Date', cell: (row) => row.Date },
];

/** 'Transfer History': payments for clients, sent and received. */
export function TransferHistoryTable() {
  const { data: rows, isPending, error } = useTransferHistory();
  return (
    <Card>
      <CardHeader>
        <CardTitle id="transfer-history-title">Transfer History</CardTitle>
      </CardHeader>
      <CardContent className="px-0 sm:px-0">
        <DataTable
          labelledBy="transfer-history-title"
          columns={COLUMNS}
          rows={rows}
          isPending={isPending}
          error={error ? failureText(error, TRANSFER_HISTORY_TEXTS) : null}
          emptyText="No transfer history found"
          getRowKey={(row, index) => `${row.Username}-${row.Date}-${index}`}
          getRowAttributes={() => ({ 'data-testid': 'transfer-row' })}
          minWidthClassName="min-w-[32rem]"
          hasSwipeHint
        />
      </CardContent>
    </Card>
  );
}
