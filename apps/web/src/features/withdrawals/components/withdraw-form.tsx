import { zodResolver } from '@hookform/resolvers/zod';
import { formatMinor, type UserData, type WithdrawAccount } from '@tuzo/contracts';
import { useMemo } from 'react';
import { useForm, useWatch, type UseFormSetError } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { Field, invalidProps } from '@/components/ui/field';
import { Input, Select } from '@/components/ui/input';
import { useFormIdempotencyKey } from '@/hooks/use-idempotency-key';
import { translate, useTexts } from '@/i18n';
import { failureText, isApiError, showErrorToast } from '@/lib/api-client';
import { formatMoney, readTypedAmountMinor } from '@/lib/money';
import { useSystemWithdrawal } from '../api/system-withdrawal';
import { withdrawalsTexts } from '../texts';
import {
  buildWithdrawFormSchema,
  chargeMinor,
  JUMBO_ACCOUNT,
  toTariffBrackets,
  WITHDRAW_ACCOUNT_OPTIONS,
  type WithdrawFormValues,
} from '../utils/withdraw-rules';

function ChargeSummary({ user, acc, amount }: { user: UserData; acc: string; amount: string }) {
  const brackets = useMemo(() => toTariffBrackets(user.fee), [user.fee]);
  const currency = user.userdetails.ccurrency;
  const amountMinor = readTypedAmountMinor(amount) ?? 0n;
  const charge = chargeMinor({ acc, amountMinor, brackets });
  const t = useTexts(withdrawalsTexts);
  return (
    <dl
      className="grid grid-cols-2 gap-y-1 rounded-lg bg-slate-50 px-3 py-2.5 text-sm"
      aria-live="polite"
      data-testid="withdraw-summary"
    >
      {acc === JUMBO_ACCOUNT ? (
        <>
          <dt className="text-slate-600">{t('charge')}</dt>
          <dd className="text-right tabular-nums" data-testid="withdraw-charge">
            {formatMoney(formatMinor(charge), currency)}
          </dd>
        </>
      ) : null}
      <dt className="font-semibold text-slate-900">{t('total')}</dt>
      <dd className="text-right font-semibold tabular-nums" data-testid="withdraw-total">
        {formatMoney(formatMinor(amountMinor + charge), currency)}
      </dd>
    </dl>
  );
}

/**
 * A refusal about the amount goes under the amount field too: the balance moved since the page loaded (the spec's
 * balance message), or a limit the server holds (its own message: the minimum, a locked task wallet).
 */
function showRefusalOnField(error: unknown, setError: UseFormSetError<WithdrawFormValues>): void {
  if (isApiError(error, 'INSUFFICIENT_FUNDS')) setError('amount', { message: translate(withdrawalsTexts, 'exceedsBalance') });
  else if (isApiError(error, 'LIMIT_NOT_MET', 'VALIDATION_FAILED') && error.msg) setError('amount', { message: error.msg });
}

/** 'Withdraw Funds': account, amount, the live charge and total; submits the amount the member receives. */
export function WithdrawForm({ user }: { user: UserData }) {
  const withdraw = useSystemWithdrawal();
  const t = useTexts(withdrawalsTexts);
  const schema = useMemo(() => buildWithdrawFormSchema(user), [user]);
  const form = useForm<WithdrawFormValues>({ resolver: zodResolver(schema), defaultValues: { acc: '', amount: '' } });
  const { errors } = form.formState;
  const { watch, control } = form;
  const key = useFormIdempotencyKey(watch);
  const [acc, amount] = useWatch({ control, name: ['acc', 'amount'] });
  const currency = user.userdetails.ccurrency;

  const onSubmit = form.handleSubmit(async (values) => {
    const amountMinor = readTypedAmountMinor(values.amount);
    if (amountMinor === null) return;
    try {
      const envelope = await withdraw.mutateAsync({
        payload: { acc: values.acc as WithdrawAccount, amount: formatMinor(amountMinor) },
        idempotencyKey: key.get(),
      });
      key.renew();
      toast.success(envelope.msg || t('accepted'));
      form.reset({ acc: values.acc, amount: '' });
    } catch (error) {
      // A network failure was shown by the api client; the same key is kept so a retry cannot withdraw twice.
      const message = failureText(error, { failed: t('submissionFailed') });
      if (message) showErrorToast(message);
      showRefusalOnField(error, form.setError);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label={t('pageTitle')}>
      <Field label={t('account')} htmlFor="withdraw-acc" error={errors.acc?.message}>
        <Select id="withdraw-acc" {...invalidProps('withdraw-acc', errors.acc?.message)} {...form.register('acc')}>
          <option value="">{t('selectAccount')}</option>
          {WITHDRAW_ACCOUNT_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {t(option.label)} ({formatMoney(user.balances[option.balanceField], currency)})
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t('amountIn', { currency })} htmlFor="withdraw-amount" error={errors.amount?.message}>
        <Input
          id="withdraw-amount"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.00"
          {...invalidProps('withdraw-amount', errors.amount?.message)}
          {...form.register('amount')}
        />
      </Field>
      <ChargeSummary user={user} acc={acc} amount={amount} />
      <Button type="submit" size="lg" disabled={withdraw.isPending}>
        {withdraw.isPending ? t('submitting') : t('withdraw')}
      </Button>
    </form>
  );
}
