import { useEffect, useState } from 'react';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { CardDescription } from '@/components/ui/card';
import type { DataTableColumn } from '@/components/ui/data-table';
import { Pager } from '@/components/ui/pager';
import { TableCard } from '@/components/ui/table-card';
import { failureText } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format-date';
import { formatMoney } from '@/lib/money';
import { APPROVALS_TEXTS, useApprovals, type ApprovalRow, type ApprovalsView } from '../api/get-approvals';
import { DecideDialog, type PendingDecision } from './decide-dialog';

const STATE_TONES: Record<ApprovalRow['state'], BadgeTone> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'danger',
  cancelled: 'neutral',
};

function Amount({ row }: { row: ApprovalRow }) {
  // A change that is not money (staff, a setting, a country: decision 044) has no amount.
  if (row.currency === '') return <span className="text-slate-500">no amount</span>;
  return (
    <span className="tabular-nums">
      {formatMoney(row.amount, row.currency)}
      {row.amount_system !== row.amount.replace(/^-/, '') ? (
        <span className="block text-xs text-slate-500">system {row.amount_system}</span>
      ) : null}
    </span>
  );
}

/** What (and why), for whom, how much, who asked and when: shared by both lists; long texts wrap. */
function baseColumns(): Array<DataTableColumn<ApprovalRow>> {
  return [
    {
      header: 'Request',
      cell: (row) => (
        <div className="max-w-[18rem] whitespace-normal">
          <p className="font-medium text-slate-900">{row.detail}</p>
          {row.phone ? <p className="text-xs font-medium text-slate-800">Phone: {row.phone}</p> : null}
          <p className="text-xs text-slate-600">{row.reason ? `Why: ${row.reason}` : 'No reason given'}</p>
        </div>
      ),
    },
    { header: 'Member', className: 'font-medium', cell: (row) => row.username },
    { header: 'Amount', isNumeric: true, cell: (row) => <Amount row={row} /> },
    {
      header: 'Asked by',
      cell: (row) => (
        <div>
          <p>{row.is_mine ? `${row.requested_by} (you)` : row.requested_by}</p>
          <p className="text-xs text-slate-600">{formatDateTime(row.requested_at)}</p>
        </div>
      ),
    },
  ];
}

function PendingActions({ row, onDecide }: { row: ApprovalRow; onDecide: (decision: PendingDecision) => void }) {
  if (row.is_mine) {
    return (
      <div className="flex items-center gap-2">
        <span className="max-w-[9rem] text-xs whitespace-normal text-slate-600">Yours: another operator approves it</span>
        <Button
          size="sm"
          variant="outline"
          onClick={() => onDecide({ row, kind: 'cancel' })}
          aria-label={`Cancel request ${row.id}`}
        >
          Cancel
        </Button>
      </div>
    );
  }
  return (
    <div className="flex gap-2">
      <Button size="sm" onClick={() => onDecide({ row, kind: 'approve' })} aria-label={`Approve request ${row.id}`}>
        Approve
      </Button>
      <Button
        size="sm"
        variant="outline"
        onClick={() => onDecide({ row, kind: 'reject' })}
        aria-label={`Reject request ${row.id}`}
      >
        Reject
      </Button>
    </div>
  );
}

function ApprovalsList({ view, onDecide }: { view: ApprovalsView; onDecide: (decision: PendingDecision) => void }) {
  const [page, setPage] = useState(1);
  const { data, isPending, error } = useApprovals(view, page);
  // The last request of a later page was decided: show the page before it.
  const isPageEmptied = data !== undefined && data.rows.length === 0 && page > 1;
  useEffect(() => {
    if (isPageEmptied) setPage((current) => Math.max(1, current - 1));
  }, [isPageEmptied]);
  const titleId = `approvals-${view}-title`;
  const columns: Array<DataTableColumn<ApprovalRow>> =
    view === 'pending'
      ? [...baseColumns(), { header: 'Action', cell: (row) => <PendingActions row={row} onDecide={onDecide} /> }]
      : [
          ...baseColumns(),
          {
            header: 'Decision',
            cell: (row) => (
              <div className="max-w-[16rem] whitespace-normal">
                <Badge tone={STATE_TONES[row.state]}>{row.state}</Badge>
                <p className="text-xs text-slate-600">
                  by {row.decided_by ?? '—'}, {formatDateTime(row.decided_at)}
                </p>
                {row.decision_note ? <p className="text-xs text-slate-600">{row.decision_note}</p> : null}
              </div>
            ),
          },
        ];
  return (
    <TableCard
      title={view === 'pending' ? 'Waiting for a second operator' : 'Decided'}
      titleId={titleId}
      headerExtra={
        <>
          <CardDescription>
            {view === 'pending'
              ? `Money actions above ${data ? formatMoney(data.threshold, data.currency) : 'the four-eyes limit'} and every payout marked paid outside Tuzo (oldest first). Approve one you did not ask for; the money moves then, once.`
              : 'Approved, rejected and cancelled requests, newest first.'}
          </CardDescription>
        </>
      }
      columns={columns}
      rows={data?.rows}
      isPending={isPending}
      error={error ? failureText(error, APPROVALS_TEXTS) : null}
      emptyText={view === 'pending' ? 'Nothing is waiting for approval.' : 'No decided requests yet.'}
      getRowKey={(row) => row.id}
      getRowAttributes={(row) => ({ 'data-testid': `approval-${view}-row`, 'data-approval-id': row.id })}
      minWidthClassName="min-w-[48rem]"
      skeleton="bar"
      hasSwipeHint
    >
      {data ? <Pager page={data.page} limit={data.limit} total={data.total} noun="requests" onPageChange={setPage} /> : null}
    </TableCard>
  );
}

/** /admin/approvals: four-eyes requests waiting for a second operator, and the history of decided ones. */
export function ApprovalsPage() {
  const [decision, setDecision] = useState<PendingDecision | null>(null);
  return (
    <div className="flex flex-col gap-4">
      <ApprovalsList view="pending" onDecide={setDecision} />
      <ApprovalsList view="decided" onDecide={setDecision} />
      {/* Keyed so each opening starts with an empty form of its own kind. */}
      <DecideDialog
        key={decision ? `${decision.row.id}-${decision.kind}` : 'closed'}
        decision={decision}
        onClose={() => setDecision(null)}
      />
    </div>
  );
}
