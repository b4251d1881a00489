import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field, invalidProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useFormIdempotencyKey } from '@/hooks/use-idempotency-key';
import { showErrorToast } from '@/lib/api-client';
import { refreshUserData } from '@/lib/session';
import { depositHistoryQueryOptions } from '../api/get-deposit-history';
import { RECOVER_CODE_QUEUED_STATUS, useRecoverCode } from '../api/recover-code';
import { RecoverCodeFormSchema, type RecoverCodeForm } from '../utils/deposit-schemas';

/** The transaction code of a manual payment: credited at once when it matches, else queued for the operator. */
export function RecoverCodeDepositForm() {
  const queryClient = useQueryClient();
  const recover = useRecoverCode();
  const [queuedMessage, setQueuedMessage] = useState<string | null>(null);
  const form = useForm<RecoverCodeForm>({ resolver: zodResolver(RecoverCodeFormSchema), defaultValues: { refCode: '' } });
  const { errors } = form.formState;
  const key = useFormIdempotencyKey(form.watch);

  const onSubmit = form.handleSubmit(async (values) => {
    setQueuedMessage(null);
    try {
      const envelope = await recover.mutateAsync({ refCode: values.refCode, idempotencyKey: key.get() });
      if (!envelope.resultcode) {
        showErrorToast(envelope.msg || 'Submission failed');
        return;
      }
      key.renew();
      if (envelope.status === RECOVER_CODE_QUEUED_STATUS || envelope.data?.state === 'review') {
        const message = envelope.msg || 'Your code was received and is waiting for review.';
        toast.success(message);
        setQueuedMessage(message);
      } else {
        toast.success('Reffrence code submitted successfully!');
      }
      form.reset({ refCode: '' });
      void queryClient.invalidateQueries({ queryKey: depositHistoryQueryOptions.queryKey });
      void refreshUserData();
    } catch {
      // Network failure already shown.
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3" aria-label="Submit transaction code">
      <Field label="Transaction code" htmlFor="ref-code" error={errors.refCode?.message}>
        <Input
          id="ref-code"
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          placeholder="e.g. QKL7ABC12X"
          {...invalidProps('ref-code', errors.refCode?.message)}
          {...form.register('refCode')}
        />
      </Field>
      {queuedMessage ? <Alert tone="info">{queuedMessage}</Alert> : null}
      <Button type="submit" disabled={recover.isPending}>
        {recover.isPending ? 'Submitting...' : 'Submit code'}
      </Button>
    </form>
  );
}
