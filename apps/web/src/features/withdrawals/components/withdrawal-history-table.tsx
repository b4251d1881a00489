import { RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { type DataTableColumn } from '@/components/ui/data-table';
import { TableCard } from '@/components/ui/table-card';
import { StatusBadge } from '@/components/ui/status-badge';
import { useTexts, type Translate } from '@/i18n';
import { cn } from '@/lib/cn';
import { formatAmount } from '@/lib/money';
import { failureText } from '@/lib/api-client';
import { useWithdrawalHistory, withdrawalHistoryTexts } from '../api/get-withdrawal-history';
import { withdrawalsTexts } from '../texts';
import { withdrawalOutcome } from '../utils/withdrawal-outcome';

type WithdrawalRow = NonNullable<ReturnType<typeof useWithdrawalHistory>['data']>[number];

/** The spec's status, and under it the M-Pesa receipt of a paid withdrawal or why a failed payout came back. */
function StatusCell({ row }: { row: WithdrawalRow }) {
  const outcome = withdrawalOutcome(row);
  const t = useTexts(withdrawalsTexts);
  return (
    <div className="max-w-[16rem] whitespace-normal">
      <StatusBadge status={row.Status} />
      {outcome?.kind === 'receipt' ? (
        <p className="mt-1 text-xs text-slate-600" data-testid="withdrawal-receipt">
          {t('receipt')} <span className="font-mono font-medium text-slate-900">{outcome.text}</span>
        </p>
      ) : null}
      {outcome?.kind === 'reason' ? (
        <p className="mt-1 text-xs text-slate-700" data-testid="withdrawal-reason">
          {outcome.text}
        </p>
      ) : null}
    </div>
  );
}

const columns = (t: Translate<keyof typeof withdrawalsTexts.en>): ReadonlyArray<DataTableColumn<WithdrawalRow>> => [
  { header: t('colNo'), cell: (row) => row.No },
  {
    header: t('colAmount'),
    isNumeric: true,
    className: 'font-medium tabular-nums',
    cell: (row) => formatAmount(row.Amount),
  },
  { header: t('colCharges'), isNumeric: true, className: 'tabular-nums', cell: (row) => formatAmount(row.Charges) },
  { header: t('colStatus'), cell: (row) => <StatusCell row={row} /> },
  { header: t('colDate'), cell: (row) => row.Date },
  { header: t('colTime'), cell: (row) => row.Time },
];

/** Withdrawal history: the member's withdrawals with their status, newest first; Refresh reloads it. */
export function WithdrawalHistoryTable() {
  const { data: rows, isPending, error, refetch, isFetching } = useWithdrawalHistory();
  const t = useTexts(withdrawalsTexts);
  return (
    <TableCard
      title={t('historyLink')}
      titleId="withdrawal-history-title"
      titleAside={
        <Button variant="outline" size="sm" onClick={() => void refetch()} disabled={isFetching}>
          <RefreshCw aria-hidden="true" className={cn(isFetching && 'animate-spin')} />
          {t('refresh')}
        </Button>
      }
      columns={columns(t)}
      rows={rows}
      isPending={isPending}
      error={error ? failureText(error, withdrawalHistoryTexts()) : null}
      emptyText={t('empty')}
      getRowKey={(row, index) => `${row.No}-${index}`}
      getRowAttributes={() => ({ 'data-testid': 'withdrawal-row' })}
      minWidthClassName="min-w-[34rem]"
      skeleton={{ rows: 5, className: 'h-4 w-14', rowTestId: 'withdrawal-skeleton-row' }}
      hasSwipeHint
      messagePaddingClassName="py-8"
      isBusy={isFetching}
    />
  );
}
