import { formatMinor, type SpinAccount, type UserData } from '@tuzo/contracts';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field, invalidProps } from '@/components/ui/field';
import { Input, Select } from '@/components/ui/input';
import { useIdempotencyKey } from '@/hooks/use-idempotency-key';
import { useTexts } from '@/i18n';
import { failureText, isApiError, showErrorToast } from '@/lib/api-client';
import { formatMoney, readTypedAmountMinor, toMinor } from '@/lib/money';
import { useSpinOdds } from '../api/get-spin-odds';
import { useSpinState } from '../api/get-spin-state';
import { useRequestSpin } from '../api/request-spin';
import { useSpinSequence } from '../hooks/use-spin-sequence';
import { spinsTexts } from '../texts';
import { isStakeBelowMinimum, SPIN_WALLET_OPTIONS, stakeError, wheelLabel } from '../utils/spin-rules';
import { AgeConfirmation, casinoClosedReason } from './casino-guardrails';
import { SpinResult } from './spin-result';
import { SpinWheel } from './spin-wheel';

/** The casino wheel: wallet, stake, spin; the stake times the drawn multiplier is paid into Jumbo. */
export function CasinoSpinPanel({
  user,
  onSpinningChange,
}: {
  user: UserData;
  onSpinningChange?: (isSpinning: boolean) => void;
}) {
  const t = useTexts(spinsTexts);
  const odds = useSpinOdds('casino');
  const state = useSpinState();
  const request = useRequestSpin();
  const key = useIdempotencyKey();
  const sequence = useSpinSequence(odds.data?.segments.length ?? 12);
  const [acc, setAcc] = useState<SpinAccount>('1');
  const [stake, setStake] = useState('20');
  const [isTouched, setTouched] = useState(false);
  const currency = user.userdetails.ccurrency;
  // The minimum is 0 until the server says (spec part 2, section 5).
  const minStakeMinor = toMinor(state.data?.minStake ?? odds.data?.minStake) ?? 0n;
  const option = SPIN_WALLET_OPTIONS.find((o) => o.value === acc) ?? SPIN_WALLET_OPTIONS[0];
  const walletMinor = toMinor(user.balances[option.balanceField]) ?? 0n;
  const error = isTouched ? stakeError({ stake, minStakeMinor, walletMinor, currency }) : null;
  const figures = sequence.result?.figures ?? odds.data?.segments.map((s) => s.figure) ?? [];
  const closed = state.data ? casinoClosedReason(state.data) : null;
  const needsAge = state.data ? !state.data.age_confirmed : false;

  const onSpin = async () => {
    setTouched(true);
    if (stakeError({ stake, minStakeMinor, walletMinor, currency })) return;
    const stakeMinor = readTypedAmountMinor(stake);
    if (stakeMinor === null) return;
    onSpinningChange?.(true);
    try {
      const payload = { acc, spin_amount: formatMinor(stakeMinor) };
      await sequence.spin(async () => (await request.mutateAsync({ payload, idempotencyKey: key.get() })).data);
      key.renew();
    } catch (failure) {
      // A refusal is final for this key; a network failure keeps it, so a retry cannot spin twice.
      if (isApiError(failure)) key.renew();
      const message = failureText(failure, { failed: t('failed'), thrown: t('network') });
      if (message) showErrorToast(message);
    } finally {
      onSpinningChange?.(false);
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <SpinWheel
        label={t('casinoWheel')}
        labels={figures.map((f) => wheelLabel('casino', f))}
        rotation={sequence.rotation}
        isSpinning={sequence.isSpinning}
        highlighted={sequence.result?.segment ?? null}
      />
      <SpinResult result={sequence.result} />
      {closed ? (
        <Alert tone="warning" data-testid="spin-closed">
          {closed}
        </Alert>
      ) : needsAge ? (
        <AgeConfirmation />
      ) : (
        <form
          className="flex flex-col gap-3"
          aria-label={t('casinoForm')}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void onSpin();
          }}
        >
          <Field label={t('wallet')} htmlFor="spin-acc">
            <Select
              id="spin-acc"
              value={acc}
              disabled={sequence.isSpinning}
              onChange={(event) => (setAcc(event.target.value as SpinAccount), key.renew())}
            >
              {SPIN_WALLET_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {t(o.label)} ({formatMoney(user.balances[o.balanceField], currency)})
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t('stakeIn', { currency })} htmlFor="spin-stake" error={error ?? undefined}>
            <Input
              id="spin-stake"
              inputMode="decimal"
              autoComplete="off"
              value={stake}
              disabled={sequence.isSpinning}
              onChange={(event) => {
                setStake(event.target.value);
                setTouched(true);
                key.renew();
              }}
              {...invalidProps('spin-stake', error ?? undefined)}
            />
          </Field>
          <Button
            type="submit"
            size="lg"
            disabled={sequence.isSpinning || isStakeBelowMinimum(stake, minStakeMinor) || !state.data}
          >
            {sequence.isSpinning ? t('spinning') : t('spin')}
          </Button>
        </form>
      )}
    </div>
  );
}
