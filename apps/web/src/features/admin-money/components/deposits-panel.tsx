import { DEPOSIT_METHODS, STUCK_DEPOSIT_MINUTES, type AdminDepositRow } from '@tuzo/contracts';
import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { OperatorOnly } from '@/components/operator-only';
import { Button } from '@/components/ui/button';
import { CardDescription } from '@/components/ui/card';
import type { DataTableColumn } from '@/components/ui/data-table';
import { ExportButton } from '@/components/ui/export-button';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/input';
import { Pager } from '@/components/ui/pager';
import { StatusBadge } from '@/components/ui/status-badge';
import { TableCard } from '@/components/ui/table-card';
import { errorMessage, failureText, showErrorToast } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format-date';
import { formatMoney } from '@/lib/money';
import { useStaffRole } from '@/lib/staff-role';
import { useCheckDeposit } from '../api/check-deposit';
import { useDeposits, type DepositsFilter } from '../api/get-deposits';

const METHOD_LABELS: Record<(typeof DEPOSIT_METHODS)[number], string> = {
  stkpush: 'M-Pesa STK push',
  flutterwave: 'Flutterwave',
  manual: 'Manual',
};
const VIEWS = [
  { id: 'stuck', label: `Stuck (pending over ${STUCK_DEPOSIT_MINUTES} min)`, filter: { stuck: 'true' } },
  { id: 'all', label: 'All deposits', filter: {} },
  { id: '0', label: 'In progress', filter: { status: '0' } },
  { id: '2', label: 'Credited', filter: { status: '2' } },
  { id: '1', label: 'Failed', filter: { status: '1' } },
] as const;

/** Deposits by status and provider; stuck STK pushes can be checked with M-Pesa one by one. */
export function DepositsPanel() {
  const [view, setView] = useState<ViewId>('stuck');
  const [method, setMethod] = useState('');
  const [page, setPage] = useState(1);
  const filter: DepositsFilter = { ...VIEWS.find((each) => each.id === view)?.filter, ...(method ? { method } : {}) };
  const { data, isPending, isFetching, error } = useDeposits(filter, page);
  // Support staff read; checking with the provider and exporting are for operators.
  const { isOperator } = useStaffRole();

  const columns: Array<DataTableColumn<AdminDepositRow>> = [
    { header: 'Member', className: 'font-medium', cell: (row) => row.username },
    { header: 'Provider', cell: (row) => METHOD_LABELS[row.method] },
    { header: 'Amount', isNumeric: true, className: 'tabular-nums', cell: (row) => formatMoney(row.amount, row.currency) },
    { header: 'Status', cell: (row) => <StatusBadge status={row.status} /> },
    { header: 'Reference', className: 'font-mono text-xs', cell: (row) => row.provider_ref ?? row.failure_reason ?? '—' },
    { header: 'Created', cell: (row) => formatDateTime(row.created_at) },
    {
      header: 'Action',
      cell: (row) => (isOperator && row.method === 'stkpush' && row.status === '0' ? <CheckDepositButton row={row} /> : null),
    },
  ];
  return (
    <TableCard
      headerClassName="gap-3"
      title="Deposits"
      titleId="deposits-title"
      titleAside={
        <OperatorOnly>
          <ExportButton name="deposits" filters={filter} />
        </OperatorOnly>
      }
      headerExtra={
        <>
          <CardDescription>
            A push is stuck when M-Pesa never answered; checking asks M-Pesa and credits or fails it.
          </CardDescription>
          <DepositFilters
            view={view}
            method={method}
            onChange={(next) => {
              setView(next.view);
              setMethod(next.method);
              setPage(1);
            }}
          />
        </>
      }
      columns={columns}
      rows={data?.rows}
      isPending={isPending}
      isBusy={isFetching}
      error={error ? failureText(error, { failed: 'Failed to load deposits' }) : null}
      emptyText="No deposits here."
      getRowKey={(row) => row.id}
      getRowAttributes={(row) => ({ 'data-testid': 'admin-deposit-row', 'data-deposit-id': row.id })}
      minWidthClassName="min-w-[52rem]"
      skeleton="bar"
    >
      {data ? <Pager page={data.page} limit={data.limit} total={data.total} noun="deposits" onPageChange={setPage} /> : null}
    </TableCard>
  );
}

type ViewId = (typeof VIEWS)[number]['id'];

/** Which deposits: a view (stuck, all, by status) and a provider. */
function DepositFilters({
  view,
  method,
  onChange,
}: {
  view: ViewId;
  method: string;
  onChange: (next: { view: ViewId; method: string }) => void;
}) {
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div role="group" aria-label="Show deposits" className="flex flex-wrap gap-2">
        {VIEWS.map((each) => (
          <Button
            key={each.id}
            size="sm"
            variant={view === each.id ? 'primary' : 'outline'}
            aria-pressed={view === each.id}
            onClick={() => onChange({ view: each.id, method })}
          >
            {each.label}
          </Button>
        ))}
      </div>
      <div className="w-48">
        <Field label="Provider" htmlFor="deposits-method">
          <Select id="deposits-method" value={method} onChange={(event) => onChange({ view, method: event.target.value })}>
            <option value="">Any provider</option>
            {DEPOSIT_METHODS.map((each) => (
              <option key={each} value={each}>
                {METHOD_LABELS[each]}
              </option>
            ))}
          </Select>
        </Field>
      </div>
    </div>
  );
}

/** Asks M-Pesa about one stuck push; the answer (credited or failed) comes back as a toast. */
function CheckDepositButton({ row }: { row: AdminDepositRow }) {
  const check = useCheckDeposit();
  async function runCheck() {
    try {
      const envelope = await check.mutateAsync(row.id);
      toast.success(envelope.msg);
    } catch (failure) {
      showErrorToast(errorMessage(failure, 'M-Pesa could not be asked'));
    }
  }
  return (
    <Button
      size="sm"
      variant="outline"
      disabled={check.isPending}
      onClick={() => void runCheck()}
      aria-label={`Check deposit ${row.id} with M-Pesa`}
    >
      <RefreshCw aria-hidden="true" />
      Check with M-Pesa
    </Button>
  );
}
