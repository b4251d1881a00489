import { zodResolver } from '@hookform/resolvers/zod';
import { ExternalLink, Link2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { failureText, showErrorToast } from '@/lib/api-client';
import { formatMoney } from '@/lib/money';
import { useUserData } from '@/lib/session';
import { useTexts } from '@/i18n';
import { depositTexts } from '../texts';
import { useRequestPayment } from '../api/request-payment';
import { useDepositForm } from '../hooks/use-deposit-form';
import { PaymentLinkFormSchema, toWireAmount, type PaymentLinkForm } from '../utils/deposit-schemas';
import { toastFirstError } from '../utils/form-errors';
import { DepositAmountField } from './deposit-amount-field';

/** Hosted payment link (card, bank and other mobile money): the provider's page opens in a new tab. */
export function PaymentLinkDepositForm({ lockedAmount }: { lockedAmount?: string }) {
  const currency = useUserData().data?.userdetails.ccurrency;
  const request = useRequestPayment();
  const t = useTexts(depositTexts);
  // Shown when the browser blocked the new tab (common on phones after a network round trip).
  const [blockedLink, setBlockedLink] = useState<string | null>(null);
  const form = useForm<PaymentLinkForm>({
    resolver: zodResolver(PaymentLinkFormSchema),
    defaultValues: { amount: lockedAmount ?? '' },
  });
  const { errors } = form.formState;
  const key = useDepositForm(form, lockedAmount);

  const onSubmit = form.handleSubmit(async (values) => {
    setBlockedLink(null);
    try {
      const envelope = await request.mutateAsync({ amount: toWireAmount(values.amount), idempotencyKey: key.get() });
      const link = envelope.data?.link;
      if (!link) {
        showErrorToast(envelope.msg || t('paymentFailed'));
        return;
      }
      key.renew();
      toast.success(t('linkSent'));
      const opened = window.open(link, '_blank', 'noopener,noreferrer');
      if (!opened) setBlockedLink(link);
    } catch (error) {
      // A network failure was shown by the api client and keeps the key for the retry.
      const message = failureText(error, { failed: t('paymentFailed') });
      if (message) showErrorToast(message);
    }
  }, toastFirstError);

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label={t('linkForm')}>
      {lockedAmount === undefined ? (
        <DepositAmountField id="link-amount" error={errors.amount?.message} registration={form.register('amount')} />
      ) : null}
      {blockedLink ? (
        <Alert tone="info" className="flex flex-col gap-2">
          <span>{t('pageReady')}</span>
          <a
            href={blockedLink}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClasses({ variant: 'outline', size: 'sm', className: 'self-start' })}
          >
            <ExternalLink aria-hidden="true" />
            {t('openPage')}
          </a>
        </Alert>
      ) : null}
      <Button
        type="submit"
        size="lg"
        variant="outline"
        className="h-auto! min-h-12 py-2 text-center whitespace-normal!"
        disabled={request.isPending}
      >
        <Link2 aria-hidden="true" />
        {request.isPending
          ? t('requestingLink')
          : lockedAmount === undefined
            ? t('getLink')
            : t('getLinkFor', { amount: formatMoney(lockedAmount, currency) })}
      </Button>
    </form>
  );
}
