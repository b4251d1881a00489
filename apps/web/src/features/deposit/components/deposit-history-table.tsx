import { RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { type DataTableColumn } from '@/components/ui/data-table';
import { TableCard } from '@/components/ui/table-card';
import { StatusBadge } from '@/components/ui/status-badge';
import { useTexts, type Translate } from '@/i18n';
import { cn } from '@/lib/cn';
import { formatAmount } from '@/lib/money';
import { useDepositHistory } from '../api/get-deposit-history';
import { depositTexts } from '../texts';

type DepositRow = NonNullable<ReturnType<typeof useDepositHistory>['data']>[number];

const columns = (t: Translate<keyof typeof depositTexts.en>): ReadonlyArray<DataTableColumn<DepositRow>> => [
  { header: t('colId'), cell: (row) => row.Id },
  {
    header: t('amount'),
    isNumeric: true,
    className: 'font-medium tabular-nums',
    cell: (row) => formatAmount(row.Amount),
  },
  { header: t('colPhone'), cell: (row) => row.Phone },
  { header: t('colCode'), className: 'font-mono text-xs', cell: (row) => row['Transaction Code'] },
  { header: t('colStatus'), cell: (row) => <StatusBadge status={row.Status} /> },
  { header: t('colDate'), cell: (row) => row.Date },
  { header: t('colTime'), cell: (row) => row.Time },
];

/** 'Recent Deposits': the member's deposits, newest first; scrolls sideways on a narrow phone. */
export function DepositHistoryTable() {
  const { data: rows, isPending, isError, refetch, isFetching } = useDepositHistory();
  const t = useTexts(depositTexts);
  return (
    <TableCard
      title={t('recentTitle')}
      titleId="recent-deposits-title"
      titleAside={
        <Button variant="ghost" size="sm" onClick={() => void refetch()} disabled={isFetching} aria-label={t('refresh')}>
          <RefreshCw aria-hidden="true" className={cn(isFetching && 'animate-spin')} />
        </Button>
      }
      columns={columns(t)}
      rows={rows}
      isPending={isPending}
      error={isError ? t('historyFailed') : null}
      emptyText={t('empty')}
      getRowKey={(row, index) => `${String(row.Id)}-${index}`}
      getRowAttributes={() => ({ 'data-testid': 'deposit-row' })}
      minWidthClassName="min-w-[40rem]"
      hasSwipeHint
    />
  );
}
