import type { Balances } from '@tuzo/contracts';
import { CalendarCheck, Gift } from 'lucide-react';
import { Card, CardContent, CardHeading } from '@/components/ui/card';
import { useTexts } from '@/i18n';
import { formatMoney } from '@/lib/money';
import { useClaimDailyBonus } from '../api/claim-daily-bonus';
import { bonusesTexts } from '../texts';
import { BonusClaim, BonusFigure, BonusProgress } from './bonus-progress';

/**
 * Daily Bonuses (spec part 2, "Daily bonuses"): today's target points, the reward in the member's currency, the
 * progress percent with a bar, points done over target, total today, points remaining, and "Claim Bonus"
 * ("Claiming..." while loading). Once claimed today the button says so and stays disabled until tomorrow.
 */
export function DailyBonusCard({ balances, currency }: { balances: Balances; currency: string }) {
  const claim = useClaimDailyBonus();
  const t = useTexts(bonusesTexts);
  const isClaimed = balances.dailyclaimed === true;
  const isReached = balances.remaining === 0;
  return (
    <Card className="mx-auto w-full max-w-2xl">
      <CardHeading icon={Gift} title={t('dailyTitle')} description={t('dailyDescription')} />
      <CardContent className="flex flex-col gap-4">
        <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          <BonusFigure label={t('todaysTarget')} value={t('points', { points: balances.target })} testId="daily-target" />
          <BonusFigure label={t('targetReward')} value={formatMoney(balances.reward, currency)} testId="daily-reward" />
          <BonusFigure label={t('progress')} value={`${Math.min(100, Math.round(balances.percent))}%`} testId="daily-percent" />
          <BonusFigure label={t('pointsDone')} value={`${balances.progress} / ${balances.target}`} testId="daily-done" />
          <BonusFigure label={t('totalToday')} value={t('points', { points: balances.progress })} testId="daily-total" />
          <BonusFigure
            label={t('pointsRemaining')}
            value={t('points', { points: balances.remaining })}
            testId="daily-remaining"
          />
        </dl>
        <BonusProgress label={t('dailyProgress')} percent={balances.percent} />
        <BonusClaim
          name="daily"
          isClaimed={isClaimed}
          isPending={claim.isPending}
          claimed={
            <span className="flex items-center gap-2">
              <CalendarCheck className="size-4 shrink-0" aria-hidden="true" />
              {t('dailyClaimed')}
            </span>
          }
          hint={isReached ? t('dailyReached') : t('dailyMore', { remaining: balances.remaining })}
          labels={{ claim: t('claimDaily'), claiming: t('claiming'), claimed: t('claimedToday') }}
          onClaim={() => claim.mutate()}
        />
      </CardContent>
    </Card>
  );
}
