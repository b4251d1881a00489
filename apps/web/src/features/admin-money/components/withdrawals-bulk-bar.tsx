import { Check, X } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { errorMessage, failureText, showErrorToast } from '@/lib/api-client';
import { useBulkDecide } from '../api/bulk-decide';
import type { WithdrawalDecision } from '../api/update-transaction';
import { ConfirmDecisionDialog } from './confirm-decision-dialog';

export interface WithdrawalsBulkBarProps {
  /** The pending withdrawals on this page (the ones that can be selected). */
  pendingIds: string[];
  selected: ReadonlySet<string>;
  onSelectedChange: (selected: ReadonlySet<string>) => void;
}

/** "Select all on this page" and Approve / Decline selected, each confirmed in a dialog before anything is sent. */
// eslint-disable-next-line max-lines-per-function -- not yet split into sub-components (issue 24, out of time)
export function WithdrawalsBulkBar({ pendingIds, selected, onSelectedChange }: WithdrawalsBulkBarProps) {
  const [bulk, setBulk] = useState<WithdrawalDecision | null>(null);
  const bulkDecide = useBulkDecide();
  const isAllSelected = pendingIds.length > 0 && pendingIds.every((id) => selected.has(id));

  async function confirmBulk() {
    if (!bulk) return;
    try {
      const envelope = await bulkDecide.mutateAsync({ ids: [...selected], value: bulk });
      // A withdrawal above the four-eyes limit became a request (approval_id): not a failure, the message counts it.
      const failures = envelope.data.results.filter((result) => result.status === null && result.approval_id === null);
      if (failures.length === 0) toast.success(envelope.msg);
      else
        showErrorToast(
          `${envelope.msg}: ${failures.map((failure) => `#${failure.id} ${failure.msg ?? failure.code ?? ''}`).join('; ')}`,
        );
      onSelectedChange(new Set());
      setBulk(null);
    } catch (error) {
      const message = failureText(error, { failed: 'The withdrawals could not be updated', thrown: errorMessage(error) });
      if (message) showErrorToast(message);
    }
  }

  return (
    <>
      {pendingIds.length > 0 ? (
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
      <ConfirmDecisionDialog
        isOpen={bulk !== null}
        onOpenChange={(isOpen) => !isOpen && setBulk(null)}
        title={bulk === '2' ? `Approve ${selected.size} withdrawals?` : `Decline ${selected.size} withdrawals?`}
        description={
          <p>
            {bulk === '2'
              ? 'Each is paid to the member’s phone through their country’s provider; where a country is paid by hand, approving pays no one and you pay the member yourself.'
              : 'Each member gets the amount and the fee back in the wallet the money came from.'}{' '}
            Each withdrawal is settled on its own; one already decided by someone else is skipped and reported.
          </p>
        }
        confirmLabel={bulk === '2' ? 'Approve all' : 'Decline all'}
        confirmVariant={bulk === '2' ? 'primary' : 'danger'}
        isBusy={bulkDecide.isPending}
        onConfirm={() => void confirmBulk()}
      />
    </>
  );
}
