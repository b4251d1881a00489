import { PAYOUT_FLAG_LABELS, type AdminPayoutFlagRow } from '@tuzo/contracts';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { CardDescription } from '@/components/ui/card';
import type { DataTableColumn } from '@/components/ui/data-table';
import { Pager } from '@/components/ui/pager';
import { StatusBadge } from '@/components/ui/status-badge';
import { TableCard } from '@/components/ui/table-card';
import { failureText } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format-date';
import { formatMoney } from '@/lib/money';
import { PAYOUT_FLAGS_TEXTS, usePayoutFlags, type PayoutFlagsView } from '../api/get-payout-flags';
import { ClearFlagDialog } from './clear-flag-dialog';

const VIEWS: ReadonlyArray<{ id: PayoutFlagsView; label: string }> = [
  { id: 'open', label: 'Holding a withdrawal' },
  { id: 'cleared', label: 'Cleared' },
];

function columns(view: PayoutFlagsView, onClear: (flag: AdminPayoutFlagRow) => void): Array<DataTableColumn<AdminPayoutFlagRow>> {
  return [
    {
      header: 'Flag',
      cell: (row) => (
        <div className="max-w-[22rem] whitespace-normal">
          <p className="font-medium text-slate-900">{PAYOUT_FLAG_LABELS[row.kind]}</p>
          <p className="text-xs text-slate-700" data-testid="payout-flag-reason">
            {row.reason}
          </p>
        </div>
      ),
    },
    { header: 'Member', className: 'font-medium', cell: (row) => row.username },
    { header: 'Withdrawal', isNumeric: true, className: 'tabular-nums', cell: (row) => formatMoney(row.amount, row.currency) },
    { header: 'Status', cell: (row) => <StatusBadge status={row.withdrawal_status} /> },
    { header: 'Raised', cell: (row) => formatDateTime(row.raised_at) },
    view === 'open'
      ? {
          header: 'Action',
          cell: (row) => (
            <Button
              size="sm"
              variant="outline"
              onClick={() => onClear(row)}
              aria-label={`Clear flag ${row.id} on ${row.username}`}
            >
              Clear flag
            </Button>
          ),
        }
      : {
          header: 'Cleared',
          cell: (row) => (
            <div className="max-w-[16rem] whitespace-normal text-xs text-slate-700">
              <p>
                by {row.cleared_by ?? '—'}, {formatDateTime(row.cleared_at)}
              </p>
              {row.note ? <p>{row.note}</p> : null}
            </div>
          ),
        },
  ];
}

/**
 * Risk flags (operators only): a flagged withdrawal is neither approved nor paid, by an operator or auto-pay, until
 * each of its flags is cleared with a note. Open flags come oldest first.
 */
export function RiskFlagsPanel() {
  const [view, setView] = useState<PayoutFlagsView>('open');
  const [page, setPage] = useState(1);
  const [clearing, setClearing] = useState<AdminPayoutFlagRow | null>(null);
  const { data, isPending, isFetching, error } = usePayoutFlags(view, page);
  // The last open flag of a later page was cleared: show the page before it.
  const isPageEmptied = data !== undefined && data.rows.length === 0 && page > 1;
  useEffect(() => {
    if (isPageEmptied) setPage((current) => Math.max(1, current - 1));
  }, [isPageEmptied]);
  return (
    <TableCard
      headerClassName="gap-3"
      title="Risk flags"
      titleId="payout-flags-title"
      headerExtra={
        <>
          <CardDescription>
            A flagged withdrawal is not approved or paid, by an operator or by auto-pay, until each of its flags is cleared with a
            note saying why the payout is safe.
          </CardDescription>
          <div role="group" aria-label="Show risk flags" className="flex flex-wrap gap-2">
            {VIEWS.map((each) => (
              <Button
                key={each.id}
                size="sm"
                variant={view === each.id ? 'primary' : 'outline'}
                aria-pressed={view === each.id}
                onClick={() => {
                  setView(each.id);
                  setPage(1);
                }}
              >
                {each.label}
              </Button>
            ))}
          </div>
        </>
      }
      columns={columns(view, setClearing)}
      rows={data?.rows}
      isPending={isPending}
      isBusy={isFetching}
      error={error ? failureText(error, PAYOUT_FLAGS_TEXTS) : null}
      emptyText={view === 'open' ? 'No flag is holding a withdrawal.' : 'No cleared flags yet.'}
      getRowKey={(row) => row.id}
      getRowAttributes={(row) => ({ 'data-testid': `payout-flag-${view}-row`, 'data-kind': row.kind })}
      minWidthClassName="min-w-[52rem]"
      skeleton="bar"
      hasSwipeHint
    >
      {data ? (
        <Pager page={data.page} limit={data.limit} total={data.total} noun="flags" isBusy={isFetching} onPageChange={setPage} />
      ) : null}
      {/* Keyed so each opening starts with an empty note. */}
      <ClearFlagDialog key={clearing?.id ?? 'closed'} flag={clearing} onClose={() => setClearing(null)} />
    </TableCard>
  );
}
