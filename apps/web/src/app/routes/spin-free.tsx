import { FreeSpinPanel, SpinScreen, spinsTexts } from '@/features/spins';
import { useTexts } from '@/i18n';

/** Free Spin (/spin/free): once per member, the prize paid into Jumbo. */
export default function SpinFreeRoute() {
  const t = useTexts(spinsTexts);
  return (
    <SpinScreen
      kind="free"
      title={t('freeTitle')}
      description={t('freeDescription')}
      wheel={(onSpinningChange) => <FreeSpinPanel onSpinningChange={onSpinningChange} />}
    />
  );
}
