import type { UserData } from '@tuzo/contracts';
import { ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useTexts } from '@/i18n';
import { formatMoney, isZeroAmount, toPlainAmount } from '@/lib/money';
import { activationTexts } from '../texts';
import { ActivationActions, type ActivationDepositSlots } from './activation-actions';

/**
 * The Activation Page of an inactive member (spec part 2, "Activation"). The first view shows when the activation
 * balance (actbal) is 0, otherwise the deposit view with the activation fee pre-filled and greyed. The actions
 * (the "Activate My Account" button and the deposit forms) go into the `activation-actions` slot.
 */
export function ActivationPage({ user, ...slots }: { user: UserData } & ActivationDepositSlots) {
  const { userdetails: details, balances } = user;
  const actions = <ActivationActions user={user} {...slots} />;
  return isZeroAmount(balances.actbal) ? (
    <FirstView uname={details.uname} actions={actions} />
  ) : (
    <DepositView actbal={balances.actbal} currency={details.ccurrency} actions={actions} />
  );
}

function FirstView({ uname, actions }: { uname: string; actions: ReactNode }) {
  const t = useTexts(activationTexts);
  return (
    <Card data-view="activate" data-testid="activation-page">
      <CardHeader>
        <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-amber-100 text-amber-900">
          <ShieldCheck className="size-6" aria-hidden="true" />
        </span>
        <CardTitle className="text-xl">{t('activateTitle')}</CardTitle>
        <CardDescription>{t('welcome', { name: uname })}</CardDescription>
      </CardHeader>
      <CardContent>{actions}</CardContent>
    </Card>
  );
}

function DepositView({ actbal, currency, actions }: { actbal: string; currency: string; actions: ReactNode }) {
  const t = useTexts(activationTexts);
  return (
    <Card data-view="deposit" data-testid="activation-page">
      <CardHeader>
        <CardTitle className="text-xl">{t('depositTitle')}</CardTitle>
        <CardDescription>{t('depositHint')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900" data-testid="activation-fee">
          {t('fee', { amount: formatMoney(actbal, currency) })}
        </p>
        <Field label={t('amount', { currency })} htmlFor="activation-amount">
          <Input
            id="activation-amount"
            inputMode="decimal"
            value={toPlainAmount(actbal) ?? ''}
            readOnly
            disabled
            aria-readonly="true"
          />
        </Field>
        {actions}
      </CardContent>
    </Card>
  );
}
