import { MEMBER_HISTORIES, type AdminHistoryRow, type MemberHistory } from '@tuzo/contracts';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { ExportButton } from '@/components/ui/export-button';
import { Pager } from '@/components/ui/pager';
import { StatusBadge } from '@/components/ui/status-badge';
import { failureText } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format-date';
import { formatMoney } from '@/lib/money';
import { useStaffRole } from '@/lib/staff-role';
import { useMemberHistory } from '../api/get-member-history';

const LABELS: Record<MemberHistory, string> = {
  ledger: 'Ledger',
  deposits: 'Deposits',
  withdrawals: 'Withdrawals',
  transfers: 'Transfers',
};

/** The CSV export of each list, filtered to the member (transfers have none). */
const EXPORTS: Partial<Record<MemberHistory, string>> = { ledger: 'ledger', deposits: 'deposits', withdrawals: 'withdrawals' };

const COLUMNS: Array<DataTableColumn<AdminHistoryRow>> = [
  { header: 'Date', cell: (row) => formatDateTime(row.created_at) },
  { header: 'Kind', cell: (row) => row.kind.replace(/_/g, ' ') },
  {
    header: 'Amount',
    isNumeric: true,
    className: 'font-medium tabular-nums',
    cell: (row) => formatMoney(row.amount, row.currency),
  },
  { header: 'Status', cell: (row) => <StatusBadge status={row.status} /> },
  { header: 'Detail', className: 'whitespace-normal text-slate-600', cell: (row) => row.detail },
];

/** The member's ledger (system currency, signed), deposits, withdrawals and transfers, one list at a time, paged. */
export function MemberHistoryCard({ username }: { username: string }) {
  const [list, setList] = useState<MemberHistory>('ledger');
  const [page, setPage] = useState(1);
  const { data, isPending, isFetching, error } = useMemberHistory({ username, list, page });
  const { isOperator } = useStaffRole();
  const exportName = EXPORTS[list];
  return (
    <Card>
      <CardHeader className="gap-3">
        <div className="flex items-center justify-between gap-3">
          <CardTitle id="member-history-title">History</CardTitle>
          {isOperator && exportName ? (
            <ExportButton name={exportName} filters={{ username }} label={`Export ${LABELS[list].toLowerCase()} CSV`} />
          ) : null}
        </div>
        <div role="group" aria-label="Which history" className="flex flex-wrap gap-2">
          {MEMBER_HISTORIES.map((each) => (
            <Button
              key={each}
              size="sm"
              variant={each === list ? 'primary' : 'outline'}
              aria-pressed={each === list}
              onClick={() => {
                setList(each);
                setPage(1);
              }}
            >
              {LABELS[each]}
            </Button>
          ))}
        </div>
      </CardHeader>
      <CardContent className="px-0 sm:px-0">
        <DataTable
          labelledBy="member-history-title"
          columns={COLUMNS}
          rows={data?.rows}
          isPending={isPending}
          isBusy={isFetching}
          error={error ? failureText(error, { failed: 'Failed to load the history' }) : null}
          emptyText={`No ${LABELS[list].toLowerCase()} yet.`}
          getRowKey={(row) => row.id}
          getRowAttributes={() => ({ 'data-testid': 'member-history-row' })}
          minWidthClassName="min-w-[40rem]"
          hasSwipeHint
        />
        {data ? (
          <Pager
            page={data.page}
            limit={data.limit}
            total={data.total}
            noun={LABELS[list].toLowerCase()}
            onPageChange={setPage}
          />
        ) : null}
      </CardContent>
    </Card>
  );
}
