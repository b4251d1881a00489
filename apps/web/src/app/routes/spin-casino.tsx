import { useState } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { CasinoSpinPanel, FairnessPanel, SelfExclusion, SpinHistory, SpinOdds, spinsTexts } from '@/features/spins';
import { useTexts } from '@/i18n';
import { useCurrentUser } from '@/lib/session';

/** Casino Spin (/spin/casino): a stake from Jumbo or Deposit, stake x the drawn multiplier back into Jumbo. */
export default function SpinCasinoRoute() {
  const user = useCurrentUser();
  const [isSpinning, setSpinning] = useState(false);
  const t = useTexts(spinsTexts);
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4" data-testid="spin-casino-page">
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">{t('casinoTitle')}</CardTitle>
          <CardDescription>{t('casinoDescription')}</CardDescription>
        </CardHeader>
        <CardContent>
          <CasinoSpinPanel user={user} onSpinningChange={setSpinning} />
        </CardContent>
      </Card>
      <div className="grid gap-4 md:grid-cols-2">
        <Card>
          <CardContent className="pt-6">
            <SpinOdds kind="casino" />
          </CardContent>
        </Card>
        <Card>
          <CardContent className="flex flex-col gap-6 pt-6">
            <FairnessPanel isSpinning={isSpinning} />
            <SelfExclusion />
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
