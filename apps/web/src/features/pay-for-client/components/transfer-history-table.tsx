import { type DataTableColumn } from '@/components/ui/data-table';
import { TableCard } from '@/components/ui/table-card';
import { StatusBadge } from '@/components/ui/status-badge';
import { useTexts, type Translate } from '@/i18n';
import { failureText } from '@/lib/api-client';
import { formatAmount } from '@/lib/money';
import { transferHistoryTexts, useTransferHistory } from '../api/get-transfer-history';
import { payForClientTexts } from '../texts';

type TransferRow = NonNullable<ReturnType<typeof useTransferHistory>['data']>[number];

const columns = (t: Translate<keyof typeof payForClientTexts.en>): ReadonlyArray<DataTableColumn<TransferRow>> => [
  {
    header: t('colUsername'),
    cell: (row) => (
      <>
        {row.Username}
        {row.Direction ? (
          <span className="ml-2 text-xs text-slate-500">{row.Direction === 'received' ? t('received') : t('sent')}</span>
        ) : null}
      </>
    ),
  },
  { header: t('colAmount'), isNumeric: true, className: 'font-medium tabular-nums', cell: (row) => formatAmount(row.Amount) },
  { header: t('colWallet'), cell: (row) => t(row.Wallet) },
  { header: t('colStatus'), cell: (row) => <StatusBadge status={row.Status} /> },
  { header: t('colDate'), cell: (row) => row.Date },
];

/** 'Transfer History': payments for clients, sent and received. */
export function TransferHistoryTable() {
  const { data: rows, isPending, error } = useTransferHistory();
  const t = useTexts(payForClientTexts);
  return (
    <TableCard
      title={t('historyTitle')}
      titleId="transfer-history-title"
      columns={columns(t)}
      rows={rows}
      isPending={isPending}
      error={error ? failureText(error, transferHistoryTexts()) : null}
      emptyText={t('empty')}
      getRowKey={(row, index) => `${row.Username}-${row.Date}-${index}`}
      getRowAttributes={() => ({ 'data-testid': 'transfer-row' })}
      minWidthClassName="min-w-[32rem]"
      hasSwipeHint
    />
  );
}
