import { PAYOUT_PROVIDER_LABELS, type AdminPayoutRow } from '@tuzo/contracts';
import { Button } from '@/components/ui/button';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { formatDateTime } from '@/lib/format-date';
import { formatMoney } from '@/lib/money';
import { PayoutStateBadge } from './payout-state-badge';

export interface PayoutsTableProps {
  labelledBy: string;
  rows: AdminPayoutRow[] | undefined;
  isPending: boolean;
  isBusy: boolean;
  error: string | null;
  onOpen: (row: AdminPayoutRow) => void;
}

/** What settled a payout: the receipt of a paid one, why a failed one failed, else its reference with the provider. */
function Outcome({ row }: { row: AdminPayoutRow }) {
  if (row.receipt) return <span className="font-mono text-xs text-slate-900">{row.receipt}</span>;
  if (row.failure_reason)
    return <span className="block max-w-[16rem] text-xs whitespace-normal text-red-800">{row.failure_reason}</span>;
  return <span className="font-mono text-xs text-slate-600">{row.reference}</span>;
}

/** The payout queue's rows: member and phone, amount, provider, state, receipt or reason, when, and Details. */
export function PayoutsTable({ labelledBy, rows, isPending, isBusy, error, onOpen }: PayoutsTableProps) {
  const columns: Array<DataTableColumn<AdminPayoutRow>> = [
    {
      header: 'Member',
      cell: (row) => (
        <>
          <div className="font-medium">{row.username}</div>
          <div className="text-xs text-slate-600">{row.phone}</div>
        </>
      ),
    },
    {
      header: 'Amount',
      isNumeric: true,
      className: 'font-medium tabular-nums',
      cell: (row) => formatMoney(row.amount, row.currency),
    },
    {
      header: 'Provider',
      cell: (row) => (
        <>
          <div>{PAYOUT_PROVIDER_LABELS[row.provider]}</div>
          {row.attempt > 1 ? <div className="text-xs text-slate-600">attempt {row.attempt}</div> : null}
        </>
      ),
    },
    { header: 'State', cell: (row) => <PayoutStateBadge state={row.state} /> },
    { header: 'Receipt or reason', cell: (row) => <Outcome row={row} /> },
    { header: 'Created', cell: (row) => formatDateTime(row.created_at) },
    {
      header: 'Action',
      cell: (row) => (
        <Button size="sm" variant="outline" onClick={() => onOpen(row)} aria-label={`Details of payout ${row.id}`}>
          Details
        </Button>
      ),
    },
  ];
  return (
    <DataTable
      labelledBy={labelledBy}
      columns={columns}
      rows={rows}
      isPending={isPending}
      isBusy={isBusy}
      error={error}
      emptyText="No payouts here."
      getRowKey={(row) => row.id}
      getRowAttributes={(row) => ({ 'data-testid': 'payout-row', 'data-payout-id': row.id, 'data-state': row.state })}
      minWidthClassName="min-w-[52rem]"
      skeleton="bar"
      hasSwipeHint
    />
  );
}
