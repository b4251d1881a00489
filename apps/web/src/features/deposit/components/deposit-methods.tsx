import { AlertCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useTexts } from '@/i18n';
import { usePaymentMethods } from '../api/get-payment-methods';
import { depositTexts } from '../texts';
import { ManualProcedures } from './manual-procedures';
import { PaymentLinkDepositForm } from './payment-link-form';
import { RecoverCodeDepositForm } from './recover-code-form';
import { StkPushDepositForm } from './stk-push-form';

export interface DepositMethodsProps {
  /** A fixed amount (the activation fee while the account is inactive): the amount fields are read-only. */
  lockedAmount?: string;
}

function MethodCard({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** Whichever deposit methods the server enables for the member's country: M-Pesa push, payment link, manual. */
export function DepositMethods({ lockedAmount }: DepositMethodsProps) {
  const { data: methods, isPending, isError } = usePaymentMethods();
  const t = useTexts(depositTexts);

  if (isPending) {
    return (
      <div className="@container" aria-busy="true">
        <div className="grid grid-cols-1 gap-4 @3xl:grid-cols-2">
          <Skeleton className="h-64" />
          <Skeleton className="h-64" />
        </div>
      </div>
    );
  }
  if (isError) {
    return (
      <p role="alert" className="flex items-center gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
        <AlertCircle className="size-4 shrink-0" aria-hidden="true" />
        {t('methodsFailed')}
      </p>
    );
  }

  const procedures = methods.procedure && typeof methods.procedure === 'object' ? methods.procedure : {};
  const hasManual = Object.keys(procedures).length > 0;
  if (!methods.stkpush && !methods.flutter && !hasManual) {
    return <p className="rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-700">{t('noMethod')}</p>;
  }

  return (
    // A container query: two columns on a wide page, one in the narrow activation page.
    <div className="@container">
      <div className="grid grid-cols-1 items-start gap-4 @3xl:grid-cols-2">
        {methods.stkpush ? (
          <MethodCard title={t('mpesaTitle')} description={t('mpesaDescription')}>
            <StkPushDepositForm lockedAmount={lockedAmount} />
          </MethodCard>
        ) : null}
        {methods.flutter ? (
          <MethodCard title={t('linkTitle')} description={t('linkDescription')}>
            <PaymentLinkDepositForm lockedAmount={lockedAmount} />
          </MethodCard>
        ) : null}
        {hasManual ? (
          <MethodCard title={t('manualTitle')} description={t('manualDescription')}>
            <div className="flex flex-col gap-4">
              <ManualProcedures procedures={procedures} />
              <RecoverCodeDepositForm />
            </div>
          </MethodCard>
        ) : null}
      </div>
    </div>
  );
}
