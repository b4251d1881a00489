import { zodResolver } from '@hookform/resolvers/zod';
import { AdminClearPayoutFlagPayloadSchema, PAYOUT_FLAG_LABELS, type AdminPayoutFlagRow } from '@tuzo/contracts';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { InputField } from '@/components/ui/field';
import { FormDialog } from '@/components/ui/form-dialog';
import { useFormIdempotencyKey } from '@/hooks/use-idempotency-key';
import { CHECK_ON_SUBMIT } from '@/lib/form';
import { READABLE_REFUSALS, reportRefusal } from '@/lib/refusal';
import { formatMoney } from '@/lib/money';
import { useClearPayoutFlag } from '../api/clear-payout-flag';

// The note's rules are the contract's.
const ClearFlagFormSchema = z.object({ note: AdminClearPayoutFlagPayloadSchema.shape.note });
type ClearFlagValues = z.input<typeof ClearFlagFormSchema>;

/** Clears one risk flag with a note saying why the payout is safe; the server audits it and says what happens next. */
export function ClearFlagDialog({ flag, onClose }: { flag: AdminPayoutFlagRow | null; onClose: () => void }) {
  const clear = useClearPayoutFlag();
  const form = useForm<ClearFlagValues, unknown, z.output<typeof ClearFlagFormSchema>>({
    ...CHECK_ON_SUBMIT,
    resolver: zodResolver(ClearFlagFormSchema),
    defaultValues: { note: '' },
  });
  const key = useFormIdempotencyKey(form.watch);

  const onSubmit = form.handleSubmit(async ({ note }) => {
    if (!flag) return;
    try {
      const envelope = await clear.mutateAsync({ id: flag.id, note, idempotencyKey: key.get() });
      toast.success(envelope.msg);
      key.renew();
      onClose();
    } catch (thrown) {
      // A refusal with a reason to read (already cleared, gone, a bad note) is shown under the note.
      reportRefusal(thrown, READABLE_REFUSALS, (message) => form.setError('note', { message }));
    }
  });

  return (
    <FormDialog
      isOpen={flag !== null}
      onClose={onClose}
      isBusy={clear.isPending}
      title="Clear this flag?"
      formLabel="Clear flag"
      onSubmit={onSubmit}
      submitLabel="Clear flag"
      busyLabel="Clearing…"
      description={
        flag ? (
          <p>
            {PAYOUT_FLAG_LABELS[flag.kind]}: {flag.reason} It holds the withdrawal of{' '}
            <strong>{formatMoney(flag.amount, flag.currency)}</strong> by <strong>{flag.username}</strong>. Once no flag holds it,
            it is paid by auto-pay or waits for an operator’s approval.
          </p>
        ) : null
      }
    >
      <InputField
        label="Note: why this payout is safe"
        id="clear-flag-note"
        maxLength={500}
        error={form.formState.errors.note?.message}
        field={form.register('note')}
      />
    </FormDialog>
  );
}
