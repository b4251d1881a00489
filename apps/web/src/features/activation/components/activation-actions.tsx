import type { UserData } from '@tuzo/contracts';
import { BadgeCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { useIdempotencyKey } from '@/hooks/use-idempotency-key';
import { useTexts } from '@/i18n';
import { failureText, isApiError, showErrorToast } from '@/lib/api-client';
import { formatMoney, isZeroAmount, toPlainAmount } from '@/lib/money';
import { useActivateAccount } from '../api/activate-account';
import { activationTexts } from '../texts';

export interface ActivationDepositSlots {
  /** The deposit methods with the amount fixed to the activation fee (composed in src/app from the deposit feature). */
  renderDepositMethods?: (lockedAmount: string) => ReactNode;
  /** The member's recent deposits, so a pending push can be watched until it completes. */
  depositHistory?: ReactNode;
}

function ActivateButton() {
  const key = useIdempotencyKey();
  const activate = useActivateAccount();
  const t = useTexts(activationTexts);

  async function onActivate() {
    try {
      await activate.mutateAsync(key.get());
      key.renew();
      toast.success(t('activated'));
    } catch (error) {
      // Already active: the refreshed user data opens the shell, so there is nothing to report.
      if (isApiError(error, 'ALREADY_DONE')) return;
      const message = failureText(error, {
        failed: t('failed'),
        thrown: t('error'),
      });
      if (message) showErrorToast(message);
    }
  }

  return (
    <Button size="lg" className="w-full" onClick={() => void onActivate()} disabled={activate.isPending}>
      <BadgeCheck aria-hidden="true" />
      {activate.isPending ? t('activating') : t('activate')}
    </Button>
  );
}

/**
 * The deposit/activate region of the activation page: while the fee is still missing (actbal above 0) the deposit
 * methods with the fee as a fixed amount; then the 'Activate My Account' button.
 */
export function ActivationActions({ user, renderDepositMethods, depositHistory }: { user: UserData } & ActivationDepositSlots) {
  const { actbal, deposit } = user.balances;
  const currency = user.userdetails.ccurrency;
  const needsDeposit = !isZeroAmount(actbal);
  const lockedAmount = toPlainAmount(actbal) ?? '';
  const t = useTexts(activationTexts);

  return (
    <div className="flex flex-col gap-5" data-slot="activation-actions">
      {needsDeposit ? (
        renderDepositMethods?.(lockedAmount)
      ) : (
        <p className="rounded-lg bg-green-50 px-3 py-2 text-sm text-green-900">
          {t('covered', { amount: formatMoney(deposit, currency) })}
        </p>
      )}
      <ActivateButton />
      {depositHistory}
    </div>
  );
}
