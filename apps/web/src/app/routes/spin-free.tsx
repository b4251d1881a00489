import { useState } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FairnessPanel, FreeSpinPanel, SpinHistory, SpinOdds, spinsTexts } from '@/features/spins';
import { useTexts } from '@/i18n';

/** Free Spin (/spin/free): once per member, the prize paid into Jumbo. */
export default function SpinFreeRoute() {
  const [isSpinning, setSpinning] = useState(false);
  const t = useTexts(spinsTexts);
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4" data-testid="spin-free-page">
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">{t('freeTitle')}</CardTitle>
          <CardDescription>{t('freeDescription')}</CardDescription>
        </CardHeader>
        <CardContent>
          <FreeSpinPanel onSpinningChange={setSpinning} />
        </CardContent>
      </Card>
      <div className="grid gap-4 md:grid-cols-2">
        <Card>
          <CardContent className="pt-6">
            <SpinOdds kind="free" />
          </CardContent>
        </Card>
        <Card>
          <CardContent className="pt-6">
            <FairnessPanel isSpinning={isSpinning} />
          </CardContent>
        </Card>
      </div>
      <Card>
        <CardContent className="pt-6">
          <SpinHistory />
        </CardContent>
      </Card>
    </div>
  );
}
