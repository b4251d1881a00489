import { zodResolver } from '@hookform/resolvers/zod';
import { formatMinor, type ConfirmPayForClientData } from '@tuzo/contracts';
import { ArrowLeft } from 'lucide-react';
import { useMemo } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { Field, InputField, invalidProps } from '@/components/ui/field';
import { Select } from '@/components/ui/input';
import { useFormIdempotencyKey } from '@/hooks/use-idempotency-key';
import { useTexts } from '@/i18n';
import { failureText, isApiError, showErrorToast } from '@/lib/api-client';
import { formatMoney, isZeroAmount, readTypedAmountMinor } from '@/lib/money';
import { usePayForClient } from '../api/pay-for-client';
import { payForClientTexts } from '../texts';
import { buildPayAmountSchema, PAY_WALLETS, type PayAmountFormValues } from '../utils/pay-for-client-schemas';

/** Step 2: the wallet and amount to move into the verified client's Deposit wallet. */
export function PayAmountStep({
  client,
  onBack,
  onPaid,
}: {
  client: ConfirmPayForClientData;
  onBack: () => void;
  onPaid: () => void;
}) {
  const pay = usePayForClient();
  const t = useTexts(payForClientTexts);
  const schema = useMemo(() => buildPayAmountSchema(client), [client]);
  const form = useForm<PayAmountFormValues>({ resolver: zodResolver(schema), defaultValues: { acc: '', amount: '' } });
  const { errors } = form.formState;
  const key = useFormIdempotencyKey(form.watch);

  const onSubmit = form.handleSubmit(async (values) => {
    const amountMinor = readTypedAmountMinor(values.amount);
    if (amountMinor === null) return;
    const wallet = PAY_WALLETS.find((item) => item.value === values.acc) ?? PAY_WALLETS[0];
    try {
      const envelope = await pay.mutateAsync({
        payload: { acc: wallet.value, reusername: client.username, amount: formatMinor(amountMinor) },
        idempotencyKey: key.get(),
      });
      key.renew();
      toast.success(envelope.msg || t('paid'));
      onPaid();
    } catch (error) {
      // A network failure was shown by the api client; the key is kept so a retry cannot pay twice.
      const message = failureText(error, { failed: t('submissionFailed') });
      if (message) showErrorToast(message);
      // The wallet held less than the page showed: the spec's message for that wallet goes under the amount.
      if (isApiError(error, 'INSUFFICIENT_FUNDS')) form.setError('amount', { message: t(wallet.insufficient) });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label={t('payForm')}>
      <ClientSummary client={client} />
      <WalletField client={client} error={errors.acc?.message} field={form.register('acc')} />
      <InputField
        label={t('amountIn', { currency: client.currency })}
        id="pfc-amount"
        error={errors.amount?.message}
        inputMode="decimal"
        autoComplete="off"
        placeholder="0.00"
        field={form.register('amount')}
      />
      <div className="flex gap-3">
        <Button variant="outline" size="lg" onClick={onBack} disabled={pay.isPending}>
          <ArrowLeft aria-hidden="true" />
          {t('back')}
        </Button>
        <Button type="submit" size="lg" className="flex-1" disabled={pay.isPending}>
          {pay.isPending ? t('paying') : t('pay')}
        </Button>
      </div>
    </form>
  );
}

/** The wallet to pay from, each with the balance the client check returned. */
function WalletField({
  client,
  error,
  field,
}: {
  client: ConfirmPayForClientData;
  error: string | undefined;
  field: UseFormRegisterReturn<'acc'>;
}) {
  const t = useTexts(payForClientTexts);
  return (
    <Field label={t('wallet')} htmlFor="pfc-wallet" error={error}>
      <Select id="pfc-wallet" {...invalidProps('pfc-wallet', error)} {...field}>
        <option value="">{t('selectWallet')}</option>
        {PAY_WALLETS.map((wallet) => (
          <option key={wallet.value} value={wallet.value}>
            {t(wallet.label)} ({formatMoney(client[wallet.balanceField], client.currency)})
          </option>
        ))}
      </Select>
    </Field>
  );
}

/** Whom the money goes to and what their activation still needs. */
function ClientSummary({ client }: { client: ConfirmPayForClientData }) {
  const t = useTexts(payForClientTexts);
  return (
    <div className="rounded-lg bg-slate-50 px-3 py-2.5 text-sm">
      <p>
        {t('client')} <span className="font-semibold">{client.username}</span>
      </p>
      {!isZeroAmount(client.missing) ? (
        <p className="text-slate-600">{t('stillNeeds', { amount: formatMoney(client.missing, client.currency) })}</p>
      ) : null}
    </div>
  );
}
