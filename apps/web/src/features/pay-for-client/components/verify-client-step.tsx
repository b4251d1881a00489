import { zodResolver } from '@hookform/resolvers/zod';
import type { ConfirmPayForClientData } from '@tuzo/contracts';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { Field, invalidProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useTexts } from '@/i18n';
import { failureText, isApiError, showErrorToast } from '@/lib/api-client';
import { useConfirmPayForClient } from '../api/confirm-pay-for-client';
import { payForClientTexts } from '../texts';
import { ClientUsernameFormSchema, type ClientUsernameForm } from '../utils/pay-for-client-schemas';

/** Step 1: the client's username, checked by the server against the payer's team. */
export function VerifyClientStep({ onVerified }: { onVerified: (client: ConfirmPayForClientData) => void }) {
  const confirm = useConfirmPayForClient();
  const t = useTexts(payForClientTexts);
  const form = useForm<ClientUsernameForm>({
    resolver: zodResolver(ClientUsernameFormSchema),
    defaultValues: { reusername: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const { data } = await confirm.mutateAsync(values.reusername);
      toast.success(t('verified'));
      onVerified({ ...data, username: data.username || values.reusername });
    } catch (error) {
      const message = failureText(error, {
        failed: t('verifyFailed'),
        thrown: t('verifyError'),
      });
      if (message) showErrorToast(message);
      // Not in the payer's team, already active or suspended: the server's reason belongs to the username field.
      if (isApiError(error, 'NOT_FOUND', 'ALREADY_DONE', 'FORBIDDEN') && error.msg)
        form.setError('reusername', { message: error.msg });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label={t('verifyForm')}>
      <Field label={t('usernameLabel')} htmlFor="pfc-username" error={errors.reusername?.message}>
        <Input
          id="pfc-username"
          autoCapitalize="none"
          autoComplete="off"
          spellCheck={false}
          {...invalidProps('pfc-username', errors.reusername?.message)}
          {...form.register('reusername')}
        />
      </Field>
      <Button type="submit" size="lg" disabled={confirm.isPending}>
        {confirm.isPending ? t('verifying') : t('verify')}
      </Button>
    </form>
  );
}
