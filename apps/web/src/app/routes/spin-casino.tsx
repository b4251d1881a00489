import { CasinoSpinPanel, SelfExclusion, SpinScreen, spinsTexts } from '@/features/spins';
import { useTexts } from '@/i18n';
import { useCurrentUser } from '@/lib/session';

/** Casino Spin (/spin/casino): a stake from Jumbo or Deposit, stake x the drawn multiplier back into Jumbo. */
export default function SpinCasinoRoute() {
  const user = useCurrentUser();
  const t = useTexts(spinsTexts);
  return (
    <SpinScreen
      kind="casino"
      title={t('casinoTitle')}
      description={t('casinoDescription')}
      wheel={(onSpinningChange) => <CasinoSpinPanel user={user} onSpinningChange={onSpinningChange} />}
      guardrails={<SelfExclusion />}
    />
  );
}
