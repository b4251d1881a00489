import { zodResolver } from '@hookform/resolvers/zod';
import { AdminMarkPayoutPaidPayloadSchema, type AdminPayoutRow } from '@tuzo/contracts';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { InputField } from '@/components/ui/field';
import { FormDialog } from '@/components/ui/form-dialog';
import { useFormIdempotencyKey } from '@/hooks/use-idempotency-key';
import { CHECK_ON_SUBMIT } from '@/lib/form';
import { READABLE_REFUSALS, reportRefusal } from '@/lib/refusal';
import { useMarkPayoutPaid } from '../api/mark-payout-paid';
import { PayoutSummary } from './payout-summary';

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
export function MarkPaidDialog({ payout, onClose }: { payout: AdminPayoutRow | null; onClose: () => void }) {
  const mark = useMarkPayoutPaid();
  const form = useForm<MarkPaidValues, unknown, z.output<typeof MarkPaidFormSchema>>({
    ...CHECK_ON_SUBMIT,
    resolver: zodResolver(MarkPaidFormSchema),
    defaultValues: { reason: '', receipt: '' },
  });
  const key = useFormIdempotencyKey(form.watch);
  const errors = form.formState.errors;

  const onSubmit = form.handleSubmit(async ({ reason, receipt }) => {
    if (!payout) return;
    try {
      await mark.mutateAsync({ id: payout.id, reason, receipt, idempotencyKey: key.get() });
      toast.success(MARK_PAID_REQUESTED_TEXT);
      key.renew();
      onClose();
    } catch (thrown) {
      // A refusal with a reason to read (still waiting for its result, already settled, your own account) is shown in place.
      reportRefusal(thrown, READABLE_REFUSALS, (message) => form.setError('reason', { message }));
    }
  });

  return (
    <FormDialog
      isOpen={payout !== null}
      onClose={onClose}
      isBusy={mark.isPending}
      title="Mark paid outside Tuzo?"
      formLabel="Mark paid outside Tuzo"
      onSubmit={onSubmit}
      submitLabel="Ask for approval"
      busyLabel="Asking…"
      description={
        <>
          <PayoutSummary payout={payout}>is settled as paid, without sending anything.</PayoutSummary>
          <p>A second operator must approve it on Approvals before it counts.</p>
          <p>A B2C payment can be reversed only by hand on the M-Pesa portal: mark it paid only when the member was paid.</p>
        </>
      }
    >
      <InputField
        label="Reason: how the member was paid"
        id="mark-paid-reason"
        maxLength={500}
        error={errors.reason?.message}
        field={form.register('reason')}
      />
      <InputField
        label="M-Pesa receipt (optional)"
        id="mark-paid-receipt"
        maxLength={40}
        autoComplete="off"
        error={errors.receipt?.message}
        field={form.register('receipt')}
      />
    </FormDialog>
  );
}
