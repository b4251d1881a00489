import { useState } from 'react';
import toast from 'react-hot-toast';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { CardDescription } from '@/components/ui/card';
import type { DataTableColumn } from '@/components/ui/data-table';
import { Pager } from '@/components/ui/pager';
import { TableCard } from '@/components/ui/table-card';
import { failureText } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format-date';
import { useStaffRole } from '@/lib/staff-role';
import { CLOSURES_TEXTS, useClosures, useCompleteClosure, type ClosureState } from '../api/closures';
import type { AdminClosure } from '@tuzo/contracts';

const STATE_TONES: Record<ClosureState, BadgeTone> = { requested: 'warning', cancelled: 'neutral', completed: 'success' };
const TITLES: Record<ClosureState, string> = {
  requested: 'Open requests',
  cancelled: 'Cancelled by the member',
  completed: 'Completed',
};

function CompleteButton({ row }: { row: AdminClosure }) {
  const complete = useCompleteClosure();
  return (
    <Button
      size="sm"
      variant="danger"
      disabled={complete.isPending}
      aria-label={`Close the account of ${row.username} now`}
      onClick={() => {
        if (
          !window.confirm(
            `Close the account of ${row.username} now? Their name, email and phone are erased; ledger rows are kept.`,
          )
        )
          return;
        complete.mutate(row.id, {
          onSuccess: ({ msg }) => toast.success(msg),
          onError: (error) => {
            const message = failureText(error, { failed: 'Could not close the account' });
            if (message) toast.error(message, { id: `error:${message}` });
          },
        });
      }}
    >
      Close now
    </Button>
  );
}

function columns(state: ClosureState, isOperator: boolean): Array<DataTableColumn<AdminClosure>> {
  const base: Array<DataTableColumn<AdminClosure>> = [
    { header: 'Member', className: 'font-medium', cell: (row) => row.username },
    { header: 'Asked', cell: (row) => formatDateTime(row.requested_at) },
  ];
  if (state === 'requested')
    return [
      ...base,
      {
        header: 'Closes',
        cell: (row) => (
          <span data-testid="closure-days-left">
            {row.days_left === 0 ? 'Due now' : `in ${row.days_left} ${row.days_left === 1 ? 'day' : 'days'}`}
            <span className="block text-xs text-slate-600">{formatDateTime(row.due_at)}</span>
          </span>
        ),
      },
      ...(isOperator ? [{ header: 'Action', cell: (row: AdminClosure) => <CompleteButton row={row} /> }] : []),
    ];
  return [
    ...base,
    {
      header: 'Decided',
      cell: (row) => (
        <span>
          <Badge tone={STATE_TONES[row.state]}>{row.state}</Badge>
          <span className="block text-xs text-slate-600">
            {formatDateTime(row.decided_at)}
            {row.state === 'completed' ? ` by ${row.completed_by ?? 'the 7-day sweep'}` : ''}
          </span>
        </span>
      ),
    },
  ];
}

function ClosuresList({ state }: { state: ClosureState }) {
  const [page, setPage] = useState(1);
  const { isOperator } = useStaffRole();
  const { data, isPending, error } = useClosures(state, page);
  const titleId = `closures-${state}-title`;
  return (
    <TableCard
      title={TITLES[state]}
      titleId={titleId}
      headerExtra={
        <>
          {state === 'requested' ? (
            <CardDescription>
              Members who asked to close their account, soonest first. Each closes by itself 7 days after the request (personal
              fields pseudonymised, ledger rows kept, decision 040); an operator can close it sooner.
            </CardDescription>
          ) : null}
        </>
      }
      columns={columns(state, isOperator)}
      rows={data?.rows}
      isPending={isPending}
      error={error ? failureText(error, CLOSURES_TEXTS) : null}
      emptyText={state === 'requested' ? 'No open requests.' : 'None yet.'}
      getRowKey={(row) => row.id}
      getRowAttributes={(row) => ({ 'data-testid': `closure-${state}-row`, 'data-username': row.username })}
      minWidthClassName="min-w-[36rem]"
      skeleton="bar"
      hasSwipeHint
    >
      {data ? <Pager page={data.page} limit={data.limit} total={data.total} noun="requests" onPageChange={setPage} /> : null}
    </TableCard>
  );
}

/** /admin/closures: account closure requests with the days left (decision 040). */
export function ClosuresPage() {
  return (
    <div className="flex flex-col gap-4">
      <ClosuresList state="requested" />
      <ClosuresList state="completed" />
      <ClosuresList state="cancelled" />
    </div>
  );
}
