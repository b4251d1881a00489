import { Check, X } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { StatusBadge } from '@/components/ui/status-badge';
import { formatDateTime } from '@/lib/format-date';
import { formatMoney } from '@/lib/money';
import { walletLabel, type AdminWithdrawalRow, type PendingDecision } from './withdrawal-row';

export interface WithdrawalsTableProps {
  labelledBy: string;
  rows: AdminWithdrawalRow[];
  isPending: boolean;
  isBusy: boolean;
  error: string | null;
  /** Pending rows get Approve / Decline buttons (operators only). */
  canDecide: boolean;
  /** Pending rows get a checkbox for the bulk bar (operators on the Pending filter). */
  canSelect: boolean;
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onDecide: (decision: PendingDecision) => void;
}

/** What a pending withdrawal whose payout is on its way shows instead of Approve / Decline (a decision is refused). */
const PAYOUT_ON_ITS_WAY: Record<NonNullable<AdminWithdrawalRow['payout_state']>, string> = {
  approved: 'Being paid: approved, not yet sent',
  sent: 'Being paid: sent, awaiting the result',
  unknown: 'Being paid: no result yet, check on Payouts',
  paid: 'Paid',
  failed: 'Payout failed',
};

/** A pending withdrawal no payout is paying: the operator can approve or decline it. */
function isDecidable(row: AdminWithdrawalRow): boolean {
  return row.status === '0' && !row.payout_state;
}

/** The withdrawal queue's rows: member, amount, fee, wallet, date, status and the decision buttons. */
export function WithdrawalsTable({
  labelledBy,
  rows,
  isPending,
  isBusy,
  error,
  canDecide,
  canSelect,
  selected,
  onToggle,
  onDecide,
}: WithdrawalsTableProps) {
  const selectColumn: DataTableColumn<AdminWithdrawalRow> = {
    header: 'Select',
    cell: (row) =>
      isDecidable(row) ? (
        <input
          type="checkbox"
          className="size-5 accent-brand-700"
          checked={selected.has(row.id)}
          onChange={() => onToggle(row.id)}
          aria-label={`Select ${row.username} ${row.amount}`}
        />
      ) : null,
  };
  const columns: Array<DataTableColumn<AdminWithdrawalRow>> = [
    ...(canSelect ? [selectColumn] : []),
    {
      header: 'Member',
      cell: (row) => <MemberCell row={row} />,
    },
    { header: 'Amount', className: 'font-medium tabular-nums', cell: (row) => formatMoney(row.amount, row.currency) },
    { header: 'Fee', className: 'tabular-nums', cell: (row) => formatMoney(row.fee, row.currency) },
    { header: 'Wallet', cell: (row) => walletLabel(row.wallet) },
    { header: 'Requested', cell: (row) => formatDateTime(row.created_at) },
    { header: 'Status', cell: (row) => <StatusBadge status={row.status} /> },
    {
      header: 'Action',
      cell: (row) => <ActionCell row={row} canDecide={canDecide} onDecide={onDecide} />,
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
      emptyText="No withdrawals here."
      getRowKey={(row) => row.id}
      getRowAttributes={(row) => ({ 'data-testid': 'admin-withdrawal-row', 'data-withdrawal-id': row.id })}
      minWidthClassName="min-w-[44rem]"
      skeleton="bar"
    />
  );
}

/** Who asked, the number the payout goes to and, when it differs, the member's phone now. */
function MemberCell({ row }: { row: AdminWithdrawalRow }) {
  return (
    <>
      <div className="font-medium">{row.username}</div>
      <div className="text-xs text-slate-600">Pays to {row.phone}</div>
      {row.member_phone && row.member_phone !== row.phone ? (
        <div className="text-xs text-amber-700">Phone now {row.member_phone}</div>
      ) : null}
    </>
  );
}

/** A payout on its way (linked to Payouts), Approve / Decline for a decidable row, or who decided it. */
function ActionCell({
  row,
  canDecide,
  onDecide,
}: {
  row: AdminWithdrawalRow;
  canDecide: boolean;
  onDecide: (decision: PendingDecision) => void;
}) {
  return row.payout_state ? (
    <Link
      to="/admin/payouts"
      className="text-xs font-medium text-brand-700 underline underline-offset-2"
      data-testid="withdrawal-payout-state"
    >
      {PAYOUT_ON_ITS_WAY[row.payout_state]}
    </Link>
  ) : isDecidable(row) && canDecide ? (
    <div className="flex gap-2">
      <Button size="sm" onClick={() => onDecide({ row, value: '2' })} aria-label={`Approve ${row.username} ${row.amount}`}>
        <Check aria-hidden="true" />
        Approve
      </Button>
      <Button
        size="sm"
        variant="outline"
        onClick={() => onDecide({ row, value: '1' })}
        aria-label={`Decline ${row.username} ${row.amount}`}
      >
        <X aria-hidden="true" />
        Decline
      </Button>
    </div>
  ) : (
    <span className="text-xs text-slate-600">{row.decided_by ? `by ${row.decided_by}` : ''}</span>
  );
}
