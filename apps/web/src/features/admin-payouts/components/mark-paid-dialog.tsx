import { zodResolver } from '@hookform/resolvers/zod';
import { AdminMarkPayoutPaidPayloadSchema, type AdminPayoutRow } from '@tuzo/contracts';
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
import { useMarkPayoutPaid } from '../api/mark-payout-paid';

// The reason's and the receipt's rules are the contract's (decision 030); an empty receipt is left out.
const MarkPaidFormSchema = z.object({
  reason: AdminMarkPayoutPaidPayloadSchema.shape.reason,
  receipt: z.preprocess((value) => (value === '' ? undefined : value), AdminMarkPayoutPaidPayloadSchema.shape.receipt),
});
type MarkPaidValues = z.input<typeof MarkPaidFormSchema>;

/** The toast once the request is stored: nothing is settled until a second operator approves it. */
export const MARK_PAID_REQUESTED_TEXT = 'Marked paid outside Tuzo: it waits for a second operator to approve it on Approvals';

/**
 * "Mark paid outside Tuzo" (decision 033): the operator paid the member another way, or the M-Pesa portal shows the
 * payment. With a required reason (and the portal's receipt when there is one) it becomes a request a different
 * operator approves; approving settles the payout as paid.
 */
// eslint-disable-next-line max-lines-per-function -- not yet split into sub-components (issue 24, out of time)
export function MarkPaidDialog({ payout, onClose }: { payout: AdminPayoutRow | null; onClose: () => void }) {
  const mark = useMarkPayoutPaid();
  const form = useForm<MarkPaidValues, unknown, z.output<typeof MarkPaidFormSchema>>({
    ...CHECK_ON_SUBMIT,
    resolver: zodResolver(MarkPaidFormSchema),
    defaultValues: { reason: '', receipt: '' },
  });
  const key = useFormIdempotencyKey(form.watch);
  const reasonError = form.formState.errors.reason?.message;
  const receiptError = form.formState.errors.receipt?.message;

  const onSubmit = form.handleSubmit(async ({ reason, receipt }) => {
    if (!payout) return;
    try {
      await mark.mutateAsync({ id: payout.id, reason, receipt, idempotencyKey: key.get() });
      toast.success(MARK_PAID_REQUESTED_TEXT);
      key.renew();
      onClose();
    } catch (thrown) {
      // A refusal with a reason to read (still waiting for its result, already settled, your own account) is shown in place.
      if (isApiError(thrown, 'VALIDATION_FAILED', 'CONFLICT', 'ALREADY_DONE', 'NOT_FOUND', 'FORBIDDEN'))
        form.setError('reason', { message: thrown.msg });
      else showErrorToast(errorMessage(thrown));
    }
  });

  return (
    <Dialog open={payout !== null} onOpenChange={(isOpen) => !isOpen && !mark.isPending && onClose()}>
      <DialogContent>
        <DialogTitle>Mark paid outside Tuzo?</DialogTitle>
        <DialogDescription asChild>
          <div className="flex flex-col gap-2">
            {payout ? (
              <p>
                Payout #{payout.id} of <strong>{formatMoney(payout.amount, payout.currency)}</strong> to{' '}
                <strong>{payout.username}</strong> ({payout.phone}) is settled as paid, without sending anything.
              </p>
            ) : null}
            <p>A second operator must approve it on Approvals before it counts.</p>
            <p>A B2C payment can be reversed only by hand on the M-Pesa portal: mark it paid only when the member was paid.</p>
          </div>
        </DialogDescription>
        <form
          onSubmit={(event) => void onSubmit(event)}
          noValidate
          className="mt-4 flex flex-col gap-3"
          aria-label="Mark paid outside Tuzo"
        >
          <Field label="Reason: how the member was paid" htmlFor="mark-paid-reason" error={reasonError}>
            <Input
              id="mark-paid-reason"
              maxLength={500}
              {...invalidProps('mark-paid-reason', reasonError)}
              {...form.register('reason')}
            />
          </Field>
          <Field label="M-Pesa receipt (optional)" htmlFor="mark-paid-receipt" error={receiptError}>
            <Input
              id="mark-paid-receipt"
              maxLength={40}
              autoComplete="off"
              {...invalidProps('mark-paid-receipt', receiptError)}
              {...form.register('receipt')}
            />
          </Field>
          <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="outline" disabled={mark.isPending}>
                Back
              </Button>
            </DialogClose>
            <Button type="submit" disabled={mark.isPending}>
              {mark.isPending ? 'Asking…' : 'Ask for approval'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
