import { zodResolver } from '@hookform/resolvers/zod';
import { PAY_FOR_CLIENT_MESSAGES, type ConfirmPayForClientData } from '@tuzo/contracts';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { Field, invalidProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { showErrorToast } from '@/lib/api-client';
import { useConfirmPayForClient } from '../api/confirm-pay-for-client';
import { ClientUsernameFormSchema, type ClientUsernameForm } from '../utils/pay-for-client-schemas';

/** Step 1: the client's username, checked by the server against the payer's team. */
export function VerifyClientStep({ onVerified }: { onVerified: (client: ConfirmPayForClientData) => void }) {
  const confirm = useConfirmPayForClient();
  const form = useForm<ClientUsernameForm>({
    resolver: zodResolver(ClientUsernameFormSchema),
    defaultValues: { reusername: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const envelope = await confirm.mutateAsync(values.reusername);
      if (!envelope.resultcode || !envelope.data) {
        showErrorToast(envelope.msg || 'Client verification failed');
        return;
      }
      toast.success(PAY_FOR_CLIENT_MESSAGES.verified);
      onVerified({ ...envelope.data, username: envelope.data.username || values.reusername });
    } catch {
      showErrorToast('An error occurred during verification');
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label="Verify client">
      <Field label="Client username" htmlFor="pfc-username" error={errors.reusername?.message}>
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
        {confirm.isPending ? 'Verifying...' : 'Verify Client'}
      </Button>
    </form>
  );
}
