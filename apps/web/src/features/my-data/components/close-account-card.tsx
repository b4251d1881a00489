import { zodResolver } from '@hookform/resolvers/zod';
import { CloseAccountPayloadSchema, type CloseAccountPayload } from '@tuzo/contracts';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TitledCard } from '@/components/ui/card';
import { Field, invalidProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { errorMessage, failureText } from '@/lib/api-client';
import { useTexts } from '@/i18n';
import { useCancelClose, useCloseAccount, useMyClosure } from '../api/my-data';
import { myDataTexts } from '../texts';

/**
 * Close my account: refused by the server while money is held (its message says what to do); once asked, the days
 * left and "Keep my account" until the request completes.
 */
export function CloseAccountCard() {
  const t = useTexts(myDataTexts);
  const closure = useMyClosure();
  const close = useCloseAccount();
  const cancel = useCancelClose();
  const form = useForm<CloseAccountPayload>({
    resolver: zodResolver(CloseAccountPayloadSchema),
    defaultValues: { password: '' },
  });
  const error = form.formState.errors.password?.message;
  const fail = (thrown: unknown) => {
    const message = failureText(thrown, { failed: t('closeFailed'), thrown: errorMessage(thrown, t('closeFailed')) });
    if (message) toast.error(message, { id: `error:${message}` });
  };
  const submit = form.handleSubmit((payload) => close.mutateAsync(payload).then(() => form.reset({ password: '' }), fail));
  const open = closure.data?.state === 'requested' ? closure.data : null;
  return (
    <TitledCard
      title={t('closeTitle')}
      description={t('closeBody')}
      className="border-red-200"
      contentClassName="flex flex-col gap-3"
    >
      {open ? (
        <>
          <Alert tone="warning" data-testid="closure-status">
            {t('closeRequested', { days: open.days_left })}
          </Alert>
          <Button
            variant="outline"
            className="self-start"
            disabled={cancel.isPending}
            onClick={() => cancel.mutate(undefined, { onSuccess: () => toast.success(t('cancelled')), onError: fail })}
          >
            {t('cancelClose')}
          </Button>
        </>
      ) : (
        <form onSubmit={submit} noValidate className="flex flex-col gap-3" aria-label={t('closeTitle')}>
          {closure.data?.state === 'cancelled' ? <p className="text-sm text-slate-600">{t('closeCancelled')}</p> : null}
          <Field label={t('password')} htmlFor="close-password" error={error}>
            <Input
              id="close-password"
              type="password"
              autoComplete="current-password"
              {...invalidProps('close-password', error)}
              {...form.register('password')}
            />
          </Field>
          <Button type="submit" variant="danger" className="self-start" disabled={close.isPending}>
            {close.isPending ? t('closing') : t('closeButton')}
          </Button>
        </form>
      )}
    </TitledCard>
  );
}
