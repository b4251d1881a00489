import { MEMBER_WALLETS, WALLET_LABELS, type MemberWallet, type WithdrawalStatus } from '@tuzo/contracts';
import { Check, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { ExportButton } from '@/components/ui/export-button';
import { Field } from '@/components/ui/field';
import { Input, Select } from '@/components/ui/input';
import { Pager } from '@/components/ui/pager';
import { STATUS_LABELS, StatusBadge } from '@/components/ui/status-badge';
import { useIdempotencyKey } from '@/hooks/use-idempotency-key';
import { errorMessage, failureText, isApiError, showErrorToast } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format-date';
import { formatMoney, toMinor } from '@/lib/money';
import { useCurrentUser } from '@/lib/session';
import { ADMIN_WITHDRAWALS_TEXTS, useAdminWithdrawals, type WithdrawalsFilter } from '../api/get-admin-withdrawals';
import { useBulkDecide } from '../api/bulk-decide';
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
  const [extra, setExtra] = useState<WithdrawalsFilter>({});
  const [draft, setDraft] = useState<WithdrawalsFilter>({});
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [bulk, setBulk] = useState<WithdrawalDecision | null>(null);
  const filter: WithdrawalsFilter = { ...extra, status };
  const { data, isPending, isFetching, error } = useAdminWithdrawals(filter, page);
  const update = useUpdateTransaction();
  const bulkDecide = useBulkDecide();
  const key = useIdempotencyKey();
  // Support staff read the queue; deciding and exporting are for operators (the server refuses them otherwise).
  const isOperator = useCurrentUser().userdetails.isadmin;

  function changeStatus(next: WithdrawalStatus) {
    setStatus(next);
    setPage(1);
    setSelected(new Set());
  }
  function applyFilters(event: FormEvent) {
    event.preventDefault();
    setExtra(draft);
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
  async function confirmBulk() {
    if (!bulk) return;
    try {
      const envelope = await bulkDecide.mutateAsync({ ids: [...selected], value: bulk });
      // A withdrawal above the four-eyes limit became a request (approval_id): not a failure, the message counts it.
      const failures = envelope.data.results.filter((result) => result.status === null && result.approval_id === null);
      if (failures.length === 0) toast.success(envelope.msg);
      else showErrorToast(`${envelope.msg}: ${failures.map((failure) => `#${failure.id} ${failure.msg ?? failure.code ?? ''}`).join('; ')}`);
      setSelected(new Set());
      setBulk(null);
    } catch (error) {
      const message = failureText(error, { failed: 'The withdrawals could not be updated', thrown: errorMessage(error) });
      if (message) showErrorToast(message);
    }
  }

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
  const pendingIds = rows.filter((row) => row.status === '0').map((row) => row.id);
  const isAllSelected = pendingIds.length > 0 && pendingIds.every((id) => selected.has(id));
  const selectColumn: DataTableColumn<AdminWithdrawalRow> = {
    header: 'Select',
    cell: (row) =>
      row.status === '0' ? (
        <input
          type="checkbox"
          className="size-5 accent-brand-700"
          checked={selected.has(row.id)}
          onChange={() => toggle(row.id)}
          aria-label={`Select ${row.username} ${row.amount}`}
        />
      ) : null,
  };
  const columns: Array<DataTableColumn<AdminWithdrawalRow>> = [
    ...(status === '0' && isOperator ? [selectColumn] : []),
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
        row.status === '0' && isOperator ? (
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
        <div className="flex items-center justify-between gap-3">
          <CardTitle id="admin-withdrawals-title">Withdrawals</CardTitle>
          {isOperator ? <ExportButton name="withdrawals" filters={filter} /> : null}
        </div>
        <div role="group" aria-label="Show withdrawals by status" className="flex flex-wrap gap-2">
          {FILTERS.map((filter) => (
            <Button
              key={filter}
              size="sm"
              variant={status === filter ? 'primary' : 'outline'}
              aria-pressed={status === filter}
              onClick={() => changeStatus(filter)}
            >
              {STATUS_LABELS[filter].label}
            </Button>
          ))}
        </div>
        <form aria-label="Filter withdrawals" onSubmit={applyFilters} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
          <Field label="Member" htmlFor="withdrawals-username">
            <Input id="withdrawals-username" value={draft.username ?? ''} onChange={(event) => setDraft({ ...draft, username: event.target.value })} placeholder="Exact username" />
          </Field>
          <Field label="Wallet" htmlFor="withdrawals-wallet">
            <Select id="withdrawals-wallet" value={draft.wallet ?? ''} onChange={(event) => setDraft({ ...draft, wallet: event.target.value })}>
              <option value="">Any wallet</option>
              {MEMBER_WALLETS.filter((wallet) => wallet !== 'deposit').map((wallet) => (
                <option key={wallet} value={wallet}>
                  {WALLET_LABELS[wallet]}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Requested from" htmlFor="withdrawals-from">
            <Input id="withdrawals-from" type="date" value={draft.from ?? ''} onChange={(event) => setDraft({ ...draft, from: event.target.value })} />
          </Field>
          <Field label="Requested until" htmlFor="withdrawals-to">
            <Input id="withdrawals-to" type="date" value={draft.to ?? ''} onChange={(event) => setDraft({ ...draft, to: event.target.value })} />
          </Field>
          <div className="flex items-end gap-2">
            <Button type="submit" variant="outline">
              Apply filters
            </Button>
          </div>
        </form>
        {status === '0' && isOperator && pendingIds.length > 0 ? (
          <div role="group" aria-label="Decide several withdrawals" className="flex flex-wrap items-center gap-2 rounded-lg bg-slate-50 p-2">
            <label className="flex items-center gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                className="size-5 accent-brand-700"
                checked={isAllSelected}
                onChange={() => setSelected(isAllSelected ? new Set() : new Set(pendingIds))}
              />
              Select all on this page
            </label>
            <span className="text-sm text-slate-600" aria-live="polite">
              {selected.size} selected
            </span>
            <Button size="sm" disabled={selected.size === 0} onClick={() => setBulk('2')}>
              <Check aria-hidden="true" />
              Approve selected
            </Button>
            <Button size="sm" variant="outline" disabled={selected.size === 0} onClick={() => setBulk('1')}>
              <X aria-hidden="true" />
              Decline selected
            </Button>
          </div>
        ) : null}
      </CardHeader>
      <CardContent className="px-0 sm:px-0">
        <DataTable
          labelledBy="admin-withdrawals-title"
          columns={columns}
          rows={rows}
          isPending={isPending}
          isBusy={isFetching}
          error={error ? failureText(error, ADMIN_WITHDRAWALS_TEXTS) : null}
          emptyText="No withdrawals here."
          getRowKey={(row) => row.id}
          getRowAttributes={(row) => ({ 'data-testid': 'admin-withdrawal-row', 'data-withdrawal-id': row.id })}
          minWidthClassName="min-w-[44rem]"
          skeleton="bar"
        />
        {data ? <Pager page={data.page} limit={data.limit} total={data.total} noun="withdrawals" onPageChange={setPage} /> : null}
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
      <ConfirmDecisionDialog
        isOpen={bulk !== null}
        onOpenChange={(isOpen) => !isOpen && setBulk(null)}
        title={bulk === '2' ? `Approve ${selected.size} withdrawals?` : `Decline ${selected.size} withdrawals?`}
        description={
          <p>
            {bulk === '2'
              ? 'Each is marked as paid.'
              : 'Each member gets the amount and the fee back in the wallet the money came from.'}{' '}
            Each withdrawal is settled on its own; one already decided by someone else is skipped and reported.
          </p>
        }
        confirmLabel={bulk === '2' ? 'Approve all' : 'Decline all'}
        confirmVariant={bulk === '2' ? 'primary' : 'danger'}
        isBusy={bulkDecide.isPending}
        onConfirm={() => void confirmBulk()}
      />
    </Card>
  );
}
