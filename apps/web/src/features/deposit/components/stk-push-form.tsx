import { zodResolver } from '@hookform/resolvers/zod';
import { Smartphone } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field, invalidProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { failureText, showErrorToast } from '@/lib/api-client';
import { useUserData } from '@/lib/session';
import { useTexts } from '@/i18n';
import { depositTexts } from '../texts';
import { useStkPush } from '../api/stk-push';
import { useDepositForm } from '../hooks/use-deposit-form';
import { StkPushFormSchema, toWireAmount, type StkPushForm } from '../utils/deposit-schemas';
import { toastFirstError } from '../utils/form-errors';
import { DepositAmountField } from './deposit-amount-field';
import { formatMoney } from '@/lib/money';

export interface StkPushFormProps {
  /** A fixed amount (the activation fee), shown read-only by the page around the form: no amount input here. */
  lockedAmount?: string;
}

/** The member's phone in the push format: digits only, no plus ("+254712345678" -> "254712345678"). */
function pushPhone(phone: string | undefined): string {
  return (phone ?? '').replace(/\D/g, '');
}

/** M-Pesa STK push: the member's phone gets a payment prompt; the deposit completes when M-Pesa confirms it. */
export function StkPushDepositForm({ lockedAmount }: StkPushFormProps) {
  const user = useUserData().data;
  const push = useStkPush();
  const t = useTexts(depositTexts);
  const [isWaiting, setWaiting] = useState(false);
  const form = useForm<StkPushForm>({
    resolver: zodResolver(StkPushFormSchema),
    defaultValues: { phone: pushPhone(user?.userdetails.phone), amount: lockedAmount ?? '' },
  });
  const { errors } = form.formState;
  const key = useDepositForm(form, lockedAmount);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await push.mutateAsync({
        payload: { phone: values.phone, amount: toWireAmount(values.amount) },
        idempotencyKey: key.get(),
      });
      key.renew();
      toast.success(t('pushSent'));
      setWaiting(true);
    } catch (error) {
      // A network failure was shown by the api client and keeps the key, so a retry cannot pay twice.
      const message = failureText(error, { failed: t('paymentFailed') });
      if (message) showErrorToast(message);
    }
  }, toastFirstError);

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label={t('pushForm')}>
      <Field label={t('pushPhone')} htmlFor="stk-phone" error={errors.phone?.message}>
        <Input
          id="stk-phone"
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          placeholder="2547XXXXXXXX"
          {...invalidProps('stk-phone', errors.phone?.message)}
          {...form.register('phone')}
        />
      </Field>
      {lockedAmount === undefined ? (
        <DepositAmountField id="stk-amount" error={errors.amount?.message} registration={form.register('amount')} />
      ) : null}
      {isWaiting ? <Alert tone="info">{t('checkPhone')}</Alert> : null}
      <Button type="submit" size="lg" className="h-auto! min-h-12 py-2 text-center whitespace-normal!" disabled={push.isPending}>
        <Smartphone aria-hidden="true" />
        {push.isPending
          ? t('sendingRequest')
          : lockedAmount === undefined
            ? t('payWithMpesa')
            : t('payAmountWithMpesa', { amount: formatMoney(lockedAmount, user?.userdetails.ccurrency) })}
      </Button>
    </form>
  );
}
