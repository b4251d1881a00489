import { zodResolver } from '@hookform/resolvers/zod';
import {
  ChangeEmailPayloadSchema,
  ChangePhonePayloadSchema,
  ConfirmPhonePayloadSchema,
  type ChangeEmailPayload,
  type ChangePhonePayload,
  type ConfirmPhonePayload,
} from '@tuzo/contracts';
import { useState } from 'react';
import { useForm, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { TitledCard } from '@/components/ui/card';
import { Field, invalidProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { errorMessage, failureText } from '@/lib/api-client';
import { useTexts, type Translate } from '@/i18n';
import { useChangeEmail, useChangePhone, useConfirmPhone } from '../api/my-data';
import { myDataTexts } from '../texts';

function showFailure(t: Translate<keyof typeof myDataTexts.en>, error: unknown) {
  const message = failureText(error, { failed: t('changeFailed'), thrown: errorMessage(error, t('changeFailed')) });
  if (message) toast.error(message, { id: `error:${message}` });
}

/** One input of a contact form, labelled, with its contract message. */
function FormInput<V extends FieldValues>(props: {
  form: UseFormReturn<V>;
  name: Path<V>;
  id: string;
  label: string;
  type: string;
  autoComplete: string;
}) {
  const message = props.form.formState.errors[props.name]?.message;
  const error = typeof message === 'string' ? message : undefined;
  return (
    <Field label={props.label} htmlFor={props.id} error={error}>
      <Input
        id={props.id}
        type={props.type}
        autoComplete={props.autoComplete}
        {...invalidProps(props.id, error)}
        {...props.form.register(props.name)}
      />
    </Field>
  );
}

/** Correct my email: a link goes to the new address (the email changes when it is opened). */
export function EmailCard() {
  const t = useTexts(myDataTexts);
  const change = useChangeEmail();
  const form = useForm<ChangeEmailPayload>({
    resolver: zodResolver(ChangeEmailPayloadSchema),
    defaultValues: { email: '', password: '' },
  });
  const submit = form.handleSubmit((payload) =>
    change.mutateAsync(payload).then(
      ({ data }) => {
        toast.success(t('emailSent', { email: data.pending_email }));
        form.reset({ email: '', password: '' });
      },
      (error: unknown) => showFailure(t, error),
    ),
  );
  return (
    <TitledCard title={t('emailTitle')} description={t('emailBody')}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-3" aria-label={t('emailTitle')}>
        <FormInput form={form} name="email" id="change-email" label={t('newEmail')} type="email" autoComplete="email" />
        <FormInput
          form={form}
          name="password"
          id="change-email-password"
          label={t('password')}
          type="password"
          autoComplete="current-password"
        />
        <Button type="submit" className="self-start" disabled={change.isPending}>
          {change.isPending ? t('saving') : t('sendLink')}
        </Button>
      </form>
    </TitledCard>
  );
}

/**
 * Correct my phone number: the password and the new number send a code by SMS to that number; the code applies the
 * change (decision 045).
 */
export function PhoneCard() {
  const t = useTexts(myDataTexts);
  const [pendingPhone, setPendingPhone] = useState<string | null>(null);
  const change = useChangePhone();
  const form = useForm<ChangePhonePayload>({
    resolver: zodResolver(ChangePhonePayloadSchema),
    defaultValues: { phone: '', password: '' },
  });
  const submit = form.handleSubmit((payload) =>
    change.mutateAsync(payload).then(
      ({ data }) => {
        toast.success(t('phoneCodeSent', { phone: data.pending_phone }));
        setPendingPhone(data.pending_phone);
        form.reset({ phone: '', password: '' });
      },
      (error: unknown) => showFailure(t, error),
    ),
  );
  return (
    <TitledCard title={t('phoneTitle')} description={t('phoneBody')} contentClassName="flex flex-col gap-4">
      <form onSubmit={submit} noValidate className="flex flex-col gap-3" aria-label={t('phoneTitle')}>
        <FormInput form={form} name="phone" id="change-phone" label={t('newPhone')} type="tel" autoComplete="tel" />
        <FormInput
          form={form}
          name="password"
          id="change-phone-password"
          label={t('password')}
          type="password"
          autoComplete="current-password"
        />
        <Button type="submit" className="self-start" disabled={change.isPending}>
          {change.isPending ? t('saving') : t('savePhone')}
        </Button>
      </form>
      {pendingPhone ? <PhoneCodeForm phone={pendingPhone} onDone={() => setPendingPhone(null)} /> : null}
    </TitledCard>
  );
}

/** The code sent by SMS to the new number. */
function PhoneCodeForm({ phone, onDone }: { phone: string; onDone: () => void }) {
  const t = useTexts(myDataTexts);
  const confirm = useConfirmPhone();
  const form = useForm<ConfirmPhonePayload>({
    resolver: zodResolver(ConfirmPhonePayloadSchema),
    defaultValues: { code: '' },
  });
  const submit = form.handleSubmit((payload) =>
    confirm.mutateAsync(payload).then(
      ({ data }) => {
        toast.success(t('phoneChanged', { phone: data.phone }));
        onDone();
      },
      (error: unknown) => showFailure(t, error),
    ),
  );
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3" aria-label={t('confirmPhone')}>
      <p className="text-sm text-slate-700">{t('phoneCodeSent', { phone })}</p>
      <FormInput form={form} name="code" id="change-phone-code" label={t('phoneCode')} type="text" autoComplete="one-time-code" />
      <Button type="submit" className="self-start" disabled={confirm.isPending}>
        {confirm.isPending ? t('saving') : t('confirmPhone')}
      </Button>
    </form>
  );
}
