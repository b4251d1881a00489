import { WALLET_LABELS, type MemberWallet, type WithdrawalStatus } from '@tuzo/contracts';
import { Check, X } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { STATUS_LABELS, StatusBadge } from '@/components/ui/status-badge';
import { useIdempotencyKey } from '@/hooks/use-idempotency-key';
import { errorMessage, failureText, isApiError, showErrorToast } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format-date';
import { formatMoney, toMinor } from '@/lib/money';
import { ADMIN_WITHDRAWALS_TEXTS, useAdminWithdrawals } from '../api/get-admin-withdrawals';
import { useUpdateTransaction, type WithdrawalDecision } from '../api/update-transaction';
import { ConfirmDecisionDialog } from './confirm-decision-dialog';

type AdminWithdrawalRow = NonNullable<ReturnType<typeof useAdminWithdrawals>['data']>['rows'][number];

/** The status filters, in the operator's order. */
const FILTERS: readonly WithdrawalStatus[] = ['0', '2', '1'];

/** The member's name of the wallet a withdrawal came from ('balance' is Jumbo); the row's code when unknown. */
function walletLabel(wallet: string): string {
  return WALLET_LABELS[wallet as MemberWallet] ?? wallet;
}

/** What a decline gives back, and where: the wallet the money came from, with the fee when there was one. */
function DeclineDescription({ row }: { row: AdminWithdrawalRow }) {
  const isCharged = toMinor(row.fee) !== 0n;
  return (
    <p>
      Decline {formatMoney(row.amount, row.currency)} for <strong>{row.username}</strong>.{' '}
      {isCharged ? `The amount and the fee of ${formatMoney(row.fee, row.currency)} go` : 'The amount goes'} back to their{' '}
      <strong data-testid="decline-wallet">{walletLabel(row.wallet)}</strong> wallet, the one it came from.
    </p>
  );
}

interface PendingDecision {
  row: AdminWithdrawalRow;
  value: WithdrawalDecision;
}

/** Pending, completed and declined withdrawals; a pending one can be approved or declined after confirming. */
export function AdminWithdrawalsPanel() {
  const [status, setStatus] = useState<WithdrawalStatus>('0');
  const [decision, setDecision] = useState<PendingDecision | null>(null);
  const { data, isPending, error } = useAdminWithdrawals(status);
  const update = useUpdateTransaction();
  const key = useIdempotencyKey();

  function openDecision(next: PendingDecision) {
    key.renew();
    setDecision(next);
  }

  async function confirmDecision() {
    if (!decision) return;
    try {
      const envelope = await update.mutateAsync({ tid: decision.row.id, value: decision.value, idempotencyKey: key.get() });
      toast.success(envelope.msg || 'Withdrawal updated');
      setDecision(null);
    } catch (error) {
      const message = failureText(error, { failed: 'The withdrawal could not be updated', thrown: errorMessage(error) });
      if (message) showErrorToast(message);
      // Decided by another operator first, or gone: the hook reloaded the list, so there is nothing left to confirm.
      if (isApiError(error, 'ALREADY_DONE', 'CONFLICT', 'NOT_FOUND')) setDecision(null);
    }
  }

  const rows = data?.rows ?? [];
  const isApprove = decision?.value === '2';
  const columns: Array<DataTableColumn<AdminWithdrawalRow>> = [
    {
      header: 'Member',
      cell: (row) => (
        <>
          <div className="font-medium">{row.username}</div>
          <div className="text-xs text-slate-600">{row.phone}</div>
        </>
      ),
    },
    { header: 'Amount', className: 'font-medium tabular-nums', cell: (row) => formatMoney(row.amount, row.currency) },
    { header: 'Fee', className: 'tabular-nums', cell: (row) => formatMoney(row.fee, row.currency) },
    { header: 'Wallet', cell: (row) => walletLabel(row.wallet) },
    { header: 'Requested', cell: (row) => formatDateTime(row.created_at) },
    { header: 'Status', cell: (row) => <StatusBadge status={row.status} /> },
    {
      header: 'Action',
      cell: (row) =>
        row.status === '0' ? (
          <div className="flex gap-2">
            <Button
              size="sm"
              onClick={() => openDecision({ row, value: '2' })}
              aria-label={`Approve ${row.username} ${row.amount}`}
            >
              <Check aria-hidden="true" />
              Approve
            </Button>
            <Button
              size="sm"
              variant="outline"
              onClick={() => openDecision({ row, value: '1' })}
              aria-label={`Decline ${row.username} ${row.amount}`}
            >
              <X aria-hidden="true" />
              Decline
            </Button>
          </div>
        ) : (
          <span className="text-xs text-slate-600">{row.decided_by ? `by ${row.decided_by}` : ''}</span>
        ),
    },
  ];
  return (
    <Card>
      <CardHeader className="gap-3">
        <CardTitle id="admin-withdrawals-title">Withdrawals</CardTitle>
        <div role="group" aria-label="Show withdrawals by status" className="flex flex-wrap gap-2">
          {FILTERS.map((filter) => (
            <Button
              key={filter}
              size="sm"
              variant={status === filter ? 'primary' : 'outline'}
              aria-pressed={status === filter}
              onClick={() => setStatus(filter)}
            >
              {STATUS_LABELS[filter].label}
            </Button>
          ))}
        </div>
      </CardHeader>
      <CardContent className="px-0 sm:px-0">
        <DataTable
          labelledBy="admin-withdrawals-title"
          columns={columns}
          rows={rows}
          isPending={isPending}
          error={error ? failureText(error, ADMIN_WITHDRAWALS_TEXTS) : null}
          emptyText="No withdrawals here."
          getRowKey={(row) => row.id}
          getRowAttributes={(row) => ({ 'data-testid': 'admin-withdrawal-row', 'data-withdrawal-id': row.id })}
          minWidthClassName="min-w-[44rem]"
          skeleton="bar"
        />
        {data && data.total > rows.length ? (
          <p className="px-4 pt-3 text-xs text-slate-600">
            Showing the newest {rows.length} of {data.total}.
          </p>
        ) : null}
      </CardContent>
      <ConfirmDecisionDialog
        isOpen={decision !== null}
        onOpenChange={(isOpen) => !isOpen && setDecision(null)}
        title={isApprove ? 'Approve withdrawal?' : 'Decline withdrawal?'}
        description={
          decision ? (
            isApprove ? (
              <p>
                Mark {formatMoney(decision.row.amount, decision.row.currency)} to <strong>{decision.row.username}</strong> (
                {decision.row.phone}) as paid.
              </p>
            ) : (
              <DeclineDescription row={decision.row} />
            )
          ) : null
        }
        confirmLabel={isApprove ? 'Approve' : 'Decline'}
        confirmVariant={isApprove ? 'primary' : 'danger'}
        isBusy={update.isPending}
        onConfirm={() => void confirmDecision()}
      />
    </Card>
  );
}
