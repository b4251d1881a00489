import type { WithdrawalStatus } from '@tuzo/contracts';
import { useState } from 'react';
import { OperatorOnly } from '@/components/operator-only';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ExportButton } from '@/components/ui/export-button';
import { Pager } from '@/components/ui/pager';
import { useIdempotencyKey } from '@/hooks/use-idempotency-key';
import { failureText } from '@/lib/api-client';
import { useStaffRole } from '@/lib/staff-role';
import { ADMIN_WITHDRAWALS_TEXTS, useAdminWithdrawals, type WithdrawalsFilter } from '../api/get-admin-withdrawals';
import { WithdrawalDecisionDialog } from './withdrawal-decision-dialog';
import type { PendingDecision } from './withdrawal-row';
import { WithdrawalsBulkBar } from './withdrawals-bulk-bar';
import { WithdrawalsFilters } from './withdrawals-filters';
import { WithdrawalsTable } from './withdrawals-table';

/** Pending, completed and declined withdrawals; a pending one can be approved or declined after confirming. */
export function AdminWithdrawalsPanel() {
  const [status, setStatus] = useState<WithdrawalStatus>('0');
  const [decision, setDecision] = useState<PendingDecision | null>(null);
  const [extra, setExtra] = useState<WithdrawalsFilter>({});
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const filter: WithdrawalsFilter = { ...extra, status };
  const { data, isPending, isFetching, error } = useAdminWithdrawals(filter, page);
  const key = useIdempotencyKey();
  // Support staff read the queue; deciding and exporting are for operators (the server refuses them otherwise).
  const { isOperator } = useStaffRole();
  const canSelect = status === '0' && isOperator;

  function changeStatus(next: WithdrawalStatus) {
    setStatus(next);
    setPage(1);
    setSelected(new Set());
  }
  function applyFilters(next: WithdrawalsFilter) {
    setExtra(next);
    setPage(1);
    setSelected(new Set());
  }
  function toggle(id: string) {
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }
  function openDecision(next: PendingDecision) {
    key.renew();
    setDecision(next);
  }

  const rows = data?.rows ?? [];
  const pendingIds = rows.filter((row) => row.status === '0' && !row.payout_state).map((row) => row.id);
  return (
    <Card>
      <CardHeader className="gap-3">
        <div className="flex items-center justify-between gap-3">
          <CardTitle id="admin-withdrawals-title">Withdrawals</CardTitle>
          <OperatorOnly>
            <ExportButton name="withdrawals" filters={filter} />
          </OperatorOnly>
        </div>
        <WithdrawalsFilters status={status} onStatusChange={changeStatus} onApply={applyFilters} />
        {canSelect ? <WithdrawalsBulkBar pendingIds={pendingIds} selected={selected} onSelectedChange={setSelected} /> : null}
      </CardHeader>
      <CardContent className="px-0 sm:px-0">
        <WithdrawalsTable
          labelledBy="admin-withdrawals-title"
          rows={rows}
          isPending={isPending}
          isBusy={isFetching}
          error={error ? failureText(error, ADMIN_WITHDRAWALS_TEXTS) : null}
          canDecide={isOperator}
          canSelect={canSelect}
          selected={selected}
          onToggle={toggle}
          onDecide={openDecision}
        />
        {data ? <Pager page={data.page} limit={data.limit} total={data.total} noun="withdrawals" onPageChange={setPage} /> : null}
      </CardContent>
      <WithdrawalDecisionDialog decision={decision} onClose={() => setDecision(null)} idempotencyKey={key} />
    </Card>
  );
}
