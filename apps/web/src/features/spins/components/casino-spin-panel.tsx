import { formatMinor, type SpinAccount, type UserData } from '@tuzo/contracts';
import { useState, type ReactNode } from 'react';
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
import { isStakeBelowMinimum, SPIN_WALLET_OPTIONS, stakeError } from '../utils/spin-rules';
import { AgeConfirmation, casinoClosedReason } from './casino-guardrails';
import { SpinStage } from './spin-stage';

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
      <SpinStage kind="casino" label={t('casinoWheel')} figures={figures} sequence={sequence} />
      <CasinoGate closed={closed} needsAge={needsAge}>
        <StakeForm
          user={user}
          acc={acc}
          stake={stake}
          error={error}
          isSpinning={sequence.isSpinning}
          canSpin={!isStakeBelowMinimum(stake, minStakeMinor) && Boolean(state.data)}
          onAccChange={(next) => (setAcc(next), key.renew())}
          onStakeChange={(next) => {
            setStake(next);
            setTouched(true);
            key.renew();
          }}
          onSpin={() => void onSpin()}
        />
      </CasinoGate>
    </div>
  );
}

/** The casino's wallet and stake, and Spin. */
function StakeForm(props: {
  user: UserData;
  acc: SpinAccount;
  stake: string;
  error: string | null;
  isSpinning: boolean;
  canSpin: boolean;
  onAccChange: (acc: SpinAccount) => void;
  onStakeChange: (stake: string) => void;
  onSpin: () => void;
}) {
  const { user, acc, stake, error, isSpinning, canSpin, onAccChange, onStakeChange, onSpin } = props;
  const t = useTexts(spinsTexts);
  const currency = user.userdetails.ccurrency;
  return (
    <form
      className="flex flex-col gap-3"
      aria-label={t('casinoForm')}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSpin();
      }}
    >
      <Field label={t('wallet')} htmlFor="spin-acc">
        <Select
          id="spin-acc"
          value={acc}
          disabled={isSpinning}
          onChange={(event) => onAccChange(event.target.value as SpinAccount)}
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
          disabled={isSpinning}
          onChange={(event) => onStakeChange(event.target.value)}
          {...invalidProps('spin-stake', error ?? undefined)}
        />
      </Field>
      <Button type="submit" size="lg" disabled={isSpinning || !canSpin}>
        {isSpinning ? t('spinning') : t('spin')}
      </Button>
    </form>
  );
}

/** The stake form, unless the casino is closed now or the member has not confirmed their age yet. */
function CasinoGate({ closed, needsAge, children }: { closed: string | null; needsAge: boolean; children: ReactNode }) {
  if (closed)
    return (
      <Alert tone="warning" data-testid="spin-closed">
        {closed}
      </Alert>
    );
  return needsAge ? <AgeConfirmation /> : children;
}
