import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useTexts } from '@/i18n';
import { failureText, showErrorToast } from '@/lib/api-client';
import { useFreeSpin } from '../api/free-spin';
import { useSpinOdds } from '../api/get-spin-odds';
import { useSpinState } from '../api/get-spin-state';
import { useSpinSequence } from '../hooks/use-spin-sequence';
import { spinsTexts } from '../texts';
import { SpinStage } from './spin-stage';

/** The free wheel: one spin per member, ever; no stake is sent (the spec's fixed stake of 20 always passes). */
export function FreeSpinPanel({ onSpinningChange }: { onSpinningChange?: (isSpinning: boolean) => void }) {
  const t = useTexts(spinsTexts);
  const odds = useSpinOdds('free');
  const state = useSpinState();
  const freeSpin = useFreeSpin();
  const sequence = useSpinSequence(odds.data?.segments.length ?? 13);
  const figures = sequence.result?.figures ?? odds.data?.segments.map((s) => s.figure) ?? [];
  const isUsed = state.data?.free_spin_used === true && sequence.phase !== 'result';

  const onSpin = async () => {
    onSpinningChange?.(true);
    try {
      await sequence.spin(async () => (await freeSpin.mutateAsync()).data);
    } catch (error) {
      const message = failureText(error, { failed: t('failed'), thrown: t('network') });
      if (message) showErrorToast(message);
    } finally {
      onSpinningChange?.(false);
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <SpinStage kind="free" label={t('freeWheel')} figures={figures} sequence={sequence} />
      {isUsed ? <Alert tone="info">{t('freeUsed')}</Alert> : null}
      <Button
        size="lg"
        disabled={sequence.isSpinning || isUsed || !state.data || sequence.phase === 'result'}
        onClick={() => void onSpin()}
      >
        {sequence.isSpinning ? t('spinning') : t('spin')}
      </Button>
    </div>
  );
}
