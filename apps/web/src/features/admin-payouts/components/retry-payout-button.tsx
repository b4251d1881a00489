import type { AdminPayoutRow } from '@tuzo/contracts';
import { RotateCcw } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { DialogActions } from '@/components/ui/form-dialog';
import { useIdempotencyKey } from '@/hooks/use-idempotency-key';
import { errorMessage, showErrorToast } from '@/lib/api-client';
import { formatMoney } from '@/lib/money';
import { useStaffRole } from '@/lib/staff-role';
import { useRetryPayout } from '../api/retry-payout';
import { canRetryPayout } from '../utils/payout-rules';

export const RETRY_PAYOUT_TEXTS = {
  awaiting: 'Retry requested: it waits for a second operator’s approval',
  done: 'Payout retried',
} as const;

/**
 * "Retry payout" for a failed payout, or an unknown one the provider has no record of (the server marks it failed
 * first, decision 046), operators only: a confirmed retry becomes a new withdrawal (decision 033).
 */
export function RetryPayoutButton({ payout }: { payout: AdminPayoutRow }) {
  const { isOperator } = useStaffRole();
  const retry = useRetryPayout();
  const key = useIdempotencyKey();
  const [isOpen, setIsOpen] = useState(false);
  if (!isOperator || !canRetryPayout(payout)) return null;

  async function confirm() {
    try {
      const envelope = await retry.mutateAsync({ id: payout.id, idempotencyKey: key.get() });
      key.renew();
      if (envelope.status === 202) toast.success(envelope.msg || RETRY_PAYOUT_TEXTS.awaiting);
      else toast.success(envelope.msg || RETRY_PAYOUT_TEXTS.done);
      setIsOpen(false);
    } catch (thrown) {
      // A refusal (not failed any more, the wallet no longer holds it, already retried) carries the server's reason.
      key.renew();
      showErrorToast(errorMessage(thrown));
      setIsOpen(false);
    }
  }

  return (
    <>
      <Button variant="outline" onClick={() => setIsOpen(true)}>
        <RotateCcw aria-hidden="true" />
        Retry payout
      </Button>
      <Dialog open={isOpen} onOpenChange={(next) => !retry.isPending && setIsOpen(next)}>
        <DialogContent>
          <DialogTitle>Retry this payout?</DialogTitle>
          <DialogDescription>
            The amount of <strong>{formatMoney(payout.amount, payout.currency)}</strong> and its fee are taken from{' '}
            <strong>{payout.username}</strong>’s wallet again as a new withdrawal, then paid through the provider. Above the
            four-eyes threshold a second operator must approve it first.
          </DialogDescription>
          <DialogActions closeLabel="Back" isBusy={retry.isPending} className="mt-4">
            <Button onClick={() => void confirm()} disabled={retry.isPending}>
              {retry.isPending ? 'Retrying…' : 'Retry payout'}
            </Button>
          </DialogActions>
        </DialogContent>
      </Dialog>
    </>
  );
}
