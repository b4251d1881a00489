import { useState } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FairnessPanel, FreeSpinPanel, SpinHistory, SpinOdds } from '@/features/spins';

/** Free Spin (/spin/free): once per member, the prize paid into Jumbo. */
export default function SpinFreeRoute() {
  const [isSpinning, setSpinning] = useState(false);
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4" data-testid="spin-free-page">
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">Free Spin</CardTitle>
          <CardDescription>One free spin per member. The prize goes into your Jumbo wallet.</CardDescription>
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
