import { zodResolver } from '@hookform/resolvers/zod';
import { AdminMarkPayoutFailedPayloadSchema, type AdminPayoutRow } from '@tuzo/contracts';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { InputField } from '@/components/ui/field';
import { FormDialog } from '@/components/ui/form-dialog';
import { useFormIdempotencyKey } from '@/hooks/use-idempotency-key';
import { CHECK_ON_SUBMIT } from '@/lib/form';
import { READABLE_REFUSALS, reportRefusal } from '@/lib/refusal';
import { useMarkPayoutFailed } from '../api/mark-payout-failed';
import { PayoutSummary } from './payout-summary';

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

  const onSubmit = form.handleSubmit(async ({ reason }) => {
    if (!payout) return;
    try {
      await mark.mutateAsync({ id: payout.id, reason, idempotencyKey: key.get() });
      toast.success(MARK_FAILED_TEXT);
      key.renew();
      onClose();
    } catch (thrown) {
      reportRefusal(thrown, READABLE_REFUSALS, (message) => form.setError('reason', { message }));
    }
  });

  return (
    <FormDialog
      isOpen={payout !== null}
      onClose={onClose}
      isBusy={mark.isPending}
      title="Mark this payout failed?"
      formLabel="Mark payout failed"
      onSubmit={onSubmit}
      submitLabel="Mark failed"
      busyLabel="Marking…"
      description={
        <>
          <PayoutSummary payout={payout}>
            is settled as failed: the amount and its charge go back to the member’s wallet.
          </PayoutSummary>
          <p>The provider said it has no such payment or did not pay it. If it pays later, the operators are alerted.</p>
        </>
      }
    >
      <InputField
        label="Reason"
        id="mark-failed-reason"
        maxLength={500}
        error={form.formState.errors.reason?.message}
        field={form.register('reason')}
      />
    </FormDialog>
  );
}
