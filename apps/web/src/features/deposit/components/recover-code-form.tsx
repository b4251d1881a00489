import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field, invalidProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useFormIdempotencyKey } from '@/hooks/use-idempotency-key';
import { useTexts } from '@/i18n';
import { failureText, isApiError, showErrorToast } from '@/lib/api-client';
import { RECOVER_CODE_QUEUED_STATUS, useRecoverCode } from '../api/recover-code';
import { depositTexts } from '../texts';
import { RecoverCodeFormSchema, type RecoverCodeForm } from '../utils/deposit-schemas';

/** The transaction code of a manual payment: credited at once when it matches, else queued for the operator. */
export function RecoverCodeDepositForm() {
  const recover = useRecoverCode();
  const t = useTexts(depositTexts);
  const [queuedMessage, setQueuedMessage] = useState<string | null>(null);
  const form = useForm<RecoverCodeForm>({
    resolver: zodResolver(RecoverCodeFormSchema),
    defaultValues: { refCode: '' },
  });
  const { errors } = form.formState;
  const key = useFormIdempotencyKey(form.watch);

  const onSubmit = form.handleSubmit(async (values) => {
    setQueuedMessage(null);
    try {
      const envelope = await recover.mutateAsync({ refCode: values.refCode, idempotencyKey: key.get() });
      key.renew();
      if (envelope.status === RECOVER_CODE_QUEUED_STATUS || envelope.data?.state === 'review') {
        const message = envelope.msg || t('codeQueued');
        toast.success(message);
        setQueuedMessage(message);
      } else {
        toast.success(t('codeSubmitted'));
      }
      form.reset({ refCode: '' });
    } catch (error) {
      // A network failure was shown by the api client.
      const message = failureText(error, { failed: t('submissionFailed') });
      if (message) showErrorToast(message);
      // A code that was already used or already decided is the field's problem, not a passing failure.
      if (isApiError(error, 'CONFLICT', 'ALREADY_DONE', 'VALIDATION_FAILED') && error.msg) {
        form.setError('refCode', { message: error.msg });
      }
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3" aria-label={t('codeForm')}>
      <Field label={t('codeLabel')} htmlFor="ref-code" error={errors.refCode?.message}>
        <Input
          id="ref-code"
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          placeholder={t('codePlaceholder')}
          {...invalidProps('ref-code', errors.refCode?.message)}
          {...form.register('refCode')}
        />
      </Field>
      {queuedMessage ? <Alert tone="info">{queuedMessage}</Alert> : null}
      <Button type="submit" disabled={recover.isPending}>
        {recover.isPending ? t('submitting') : t('submitCode')}
      </Button>
    </form>
  );
}
