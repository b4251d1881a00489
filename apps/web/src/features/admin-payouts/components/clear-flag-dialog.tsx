import { zodResolver } from '@hookform/resolvers/zod';
import { AdminClearPayoutFlagPayloadSchema, PAYOUT_FLAG_LABELS, type AdminPayoutFlagRow } from '@tuzo/contracts';
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
  const error = form.formState.errors.note?.message;

  const onSubmit = form.handleSubmit(async ({ note }) => {
    if (!flag) return;
    try {
      const envelope = await clear.mutateAsync({ id: flag.id, note, idempotencyKey: key.get() });
      toast.success(envelope.msg);
      key.renew();
      onClose();
    } catch (thrown) {
      // A refusal with a reason to read (already cleared, gone, a bad note) is shown under the note.
      if (isApiError(thrown, 'VALIDATION_FAILED', 'CONFLICT', 'ALREADY_DONE', 'NOT_FOUND', 'FORBIDDEN'))
        form.setError('note', { message: thrown.msg });
      else showErrorToast(errorMessage(thrown));
    }
  });

  return (
    <Dialog open={flag !== null} onOpenChange={(isOpen) => !isOpen && !clear.isPending && onClose()}>
      <DialogContent>
        <DialogTitle>Clear this flag?</DialogTitle>
        <DialogDescription asChild>
          <div>
            {flag ? (
              <p>
                {PAYOUT_FLAG_LABELS[flag.kind]}: {flag.reason} It holds the withdrawal of{' '}
                <strong>{formatMoney(flag.amount, flag.currency)}</strong> by <strong>{flag.username}</strong>. Once no flag holds
                it, it is paid by auto-pay or waits for an operator’s approval.
              </p>
            ) : null}
          </div>
        </DialogDescription>
        <form onSubmit={(event) => void onSubmit(event)} noValidate className="mt-4 flex flex-col gap-3" aria-label="Clear flag">
          <Field label="Note: why this payout is safe" htmlFor="clear-flag-note" error={error}>
            <Input id="clear-flag-note" maxLength={500} {...invalidProps('clear-flag-note', error)} {...form.register('note')} />
          </Field>
          <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="outline" disabled={clear.isPending}>
                Back
              </Button>
            </DialogClose>
            <Button type="submit" disabled={clear.isPending}>
              {clear.isPending ? 'Clearing…' : 'Clear flag'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
