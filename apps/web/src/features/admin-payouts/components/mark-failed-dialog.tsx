import { zodResolver } from '@hookform/resolvers/zod';
import { AdminMarkPayoutFailedPayloadSchema, type AdminPayoutRow } from '@tuzo/contracts';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Field, invalidProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useFormIdempotencyKey } from '@/hooks/use-idempotency-key';
import { errorMessage, isApiError, showErrorToast } from '@/lib/api-client';
import { CHECK_ON_SUBMIT } from '@/lib/form';
import { formatMoney } from '@/lib/money';
import { useMarkPayoutFailed } from '../api/mark-payout-failed';

// The reason's rule is the contract's (decision 030).
const MarkFailedFormSchema = z.object({ reason: AdminMarkPayoutFailedPayloadSchema.shape.reason });
type MarkFailedValues = z.input<typeof MarkFailedFormSchema>;

export const MARK_FAILED_TEXT = 'Marked failed: the amount and charge are back in the member’s wallet';

/**
 * "Mark failed" (decision 046): a payout the provider answered "not found" or "failed" about is never sent again by
 * itself; the operator marks it failed (the hold returns to the member) and may retry it as a new payout.
 */
export function MarkFailedDialog({ payout, onClose }: { payout: AdminPayoutRow | null; onClose: () => void }) {
  const mark = useMarkPayoutFailed();
  const form = useForm<MarkFailedValues, unknown, z.output<typeof MarkFailedFormSchema>>({
    ...CHECK_ON_SUBMIT,
    resolver: zodResolver(MarkFailedFormSchema),
    defaultValues: { reason: '' },
  });
  const key = useFormIdempotencyKey(form.watch);
  const reasonError = form.formState.errors.reason?.message;

  const onSubmit = form.handleSubmit(async ({ reason }) => {
    if (!payout) return;
    try {
      await mark.mutateAsync({ id: payout.id, reason, idempotencyKey: key.get() });
      toast.success(MARK_FAILED_TEXT);
      key.renew();
      onClose();
    } catch (thrown) {
      if (isApiError(thrown, 'VALIDATION_FAILED', 'CONFLICT', 'ALREADY_DONE', 'NOT_FOUND', 'FORBIDDEN'))
        form.setError('reason', { message: thrown.msg });
      else showErrorToast(errorMessage(thrown));
    }
  });

  return (
    <Dialog open={payout !== null} onOpenChange={(isOpen) => !isOpen && !mark.isPending && onClose()}>
      <DialogContent>
        <DialogTitle>Mark this payout failed?</DialogTitle>
        <DialogDescription asChild>
          <div className="flex flex-col gap-2">
            {payout ? (
              <p>
                Payout #{payout.id} of <strong>{formatMoney(payout.amount, payout.currency)}</strong> to{' '}
                <strong>{payout.username}</strong> ({payout.phone}) is settled as failed: the amount and its charge go back to the
                member’s wallet.
              </p>
            ) : null}
            <p>The provider said it has no such payment or did not pay it. If it pays later, the operators are alerted.</p>
          </div>
        </DialogDescription>
        <form
          onSubmit={(event) => void onSubmit(event)}
          noValidate
          className="mt-4 flex flex-col gap-3"
          aria-label="Mark payout failed"
        >
          <Field label="Reason" htmlFor="mark-failed-reason" error={reasonError}>
            <Input
              id="mark-failed-reason"
              maxLength={500}
              {...invalidProps('mark-failed-reason', reasonError)}
              {...form.register('reason')}
            />
          </Field>
          <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="outline" disabled={mark.isPending}>
                Back
              </Button>
            </DialogClose>
            <Button type="submit" disabled={mark.isPending}>
              {mark.isPending ? 'Marking…' : 'Mark failed'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
