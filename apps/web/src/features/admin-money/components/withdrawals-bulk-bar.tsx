import type { AdminBulkDecideData } from '@tuzo/contracts';
import { Check, X } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { showErrorToast, type ApiEnvelope } from '@/lib/api-client';
import { toastFailure } from '@/lib/refusal';
import { useBulkDecide } from '../api/bulk-decide';
import type { WithdrawalDecision } from '../api/update-transaction';
import { ConfirmDecisionDialog } from './confirm-decision-dialog';

export interface WithdrawalsBulkBarProps {
  /** The pending withdrawals on this page (the ones that can be selected). */
  pendingIds: string[];
  selected: ReadonlySet<string>;
  onSelectedChange: (selected: ReadonlySet<string>) => void;
}

/** The toast of a bulk decision: one withdrawal above the four-eyes limit became a request, which is not a failure. */
function reportBulk(envelope: ApiEnvelope<AdminBulkDecideData>) {
  const failures = envelope.data.results.filter((result) => result.status === null && result.approval_id === null);
  if (failures.length === 0) toast.success(envelope.msg);
  else
    showErrorToast(
      `${envelope.msg}: ${failures.map((failure) => `#${failure.id} ${failure.msg ?? failure.code ?? ''}`).join('; ')}`,
    );
}

interface BulkToolbarProps extends WithdrawalsBulkBarProps {
  onDecide: (value: WithdrawalDecision) => void;
}

function BulkToolbar({ pendingIds, selected, onSelectedChange, onDecide }: BulkToolbarProps) {
  const isAllSelected = pendingIds.every((id) => selected.has(id));
  return (
    <div
      role="group"
      aria-label="Decide several withdrawals"
      className="flex flex-wrap items-center gap-2 rounded-lg bg-slate-50 p-2"
    >
      <label className="flex items-center gap-2 text-sm text-slate-800">
        <input
          type="checkbox"
          className="size-5 accent-brand-700"
          checked={isAllSelected}
          onChange={() => onSelectedChange(isAllSelected ? new Set() : new Set(pendingIds))}
        />
        Select all on this page
      </label>
      <span className="text-sm text-slate-600" aria-live="polite">
        {selected.size} selected
      </span>
      <Button size="sm" disabled={selected.size === 0} onClick={() => onDecide('2')}>
        <Check aria-hidden="true" />
        Approve selected
      </Button>
      <Button size="sm" variant="outline" disabled={selected.size === 0} onClick={() => onDecide('1')}>
        <X aria-hidden="true" />
        Decline selected
      </Button>
    </div>
  );
}

/** "Select all on this page" and Approve / Decline selected, each confirmed in a dialog before anything is sent. */
export function WithdrawalsBulkBar(props: WithdrawalsBulkBarProps) {
  const { pendingIds, selected, onSelectedChange } = props;
  const [bulk, setBulk] = useState<WithdrawalDecision | null>(null);
  const bulkDecide = useBulkDecide();

  async function confirmBulk() {
    if (!bulk) return;
    try {
      reportBulk(await bulkDecide.mutateAsync({ ids: [...selected], value: bulk }));
      onSelectedChange(new Set());
      setBulk(null);
    } catch (error) {
      toastFailure(error, 'The withdrawals could not be updated');
    }
  }

  const isApprove = bulk === '2';
  return (
    <>
      {pendingIds.length > 0 ? <BulkToolbar {...props} onDecide={setBulk} /> : null}
      <ConfirmDecisionDialog
        isOpen={bulk !== null}
        onOpenChange={(isOpen) => !isOpen && setBulk(null)}
        title={isApprove ? `Approve ${selected.size} withdrawals?` : `Decline ${selected.size} withdrawals?`}
        description={
          <p>
            {isApprove
              ? 'Each is paid to the member’s phone through their country’s provider; where a country is paid by hand, approving pays no one and you pay the member yourself.'
              : 'Each member gets the amount and the fee back in the wallet the money came from.'}{' '}
            Each withdrawal is settled on its own; one already decided by someone else is skipped and reported.
          </p>
        }
        confirmLabel={isApprove ? 'Approve all' : 'Decline all'}
        confirmVariant={isApprove ? 'primary' : 'danger'}
        isBusy={bulkDecide.isPending}
        onConfirm={() => void confirmBulk()}
      />
    </>
  );
}
