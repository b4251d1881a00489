import toast from 'react-hot-toast';
import type { IdempotencyKey } from '@/hooks/use-idempotency-key';
import { isApiError, showErrorToast } from '@/lib/api-client';
import { formatMoney, toMinor } from '@/lib/money';
import { toastFailure } from '@/lib/refusal';
import { useUpdateTransaction } from '../api/update-transaction';
import { decisionOutcome } from '../utils/decision-outcome';
import { ConfirmDecisionDialog } from './confirm-decision-dialog';
import { walletLabel, type AdminWithdrawalRow, type PendingDecision } from './withdrawal-row';

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

export interface WithdrawalDecisionDialogProps {
  /** The decision to confirm; null keeps the dialog closed. */
  decision: PendingDecision | null;
  onClose: () => void;
  /** Renewed by the caller each time a decision is opened, so a retry of the same one is deduplicated. */
  idempotencyKey: IdempotencyKey;
}

/** Confirms one withdrawal's approval or decline, then sends it. */
export function WithdrawalDecisionDialog({ decision, onClose, idempotencyKey }: WithdrawalDecisionDialogProps) {
  const update = useUpdateTransaction();
  const isApprove = decision?.value === '2';

  async function confirmDecision() {
    if (!decision) return;
    try {
      const envelope = await update.mutateAsync({
        tid: decision.row.id,
        value: decision.value,
        idempotencyKey: idempotencyKey.get(),
      });
      const outcome = decisionOutcome(decision.value, envelope.data, envelope.msg);
      if (outcome.tone === 'error') showErrorToast(outcome.text);
      else toast.success(outcome.text);
      onClose();
    } catch (error) {
      toastFailure(error, 'The withdrawal could not be updated');
      // Decided by another operator first, or gone: the hook reloaded the list, so there is nothing left to confirm.
      if (isApiError(error, 'ALREADY_DONE', 'CONFLICT', 'NOT_FOUND')) onClose();
    }
  }

  return (
    <ConfirmDecisionDialog
      isOpen={decision !== null}
      onOpenChange={(isOpen) => !isOpen && onClose()}
      title={isApprove ? 'Approve withdrawal?' : 'Decline withdrawal?'}
      description={
        decision ? (
          isApprove ? (
            <p>
              Pay {formatMoney(decision.row.amount, decision.row.currency)} to <strong>{decision.row.username}</strong> (
              {decision.row.phone}). Where the member’s country is paid by M-Pesa B2C or a Flutterwave transfer, the money is sent
              to this phone now and the withdrawal completes when the provider confirms it (Payouts). Where it is paid by hand,
              approving pays no one: pay the member yourself.
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
  );
}
