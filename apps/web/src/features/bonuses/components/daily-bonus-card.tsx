import { BONUS_MESSAGES, type Balances } from '@tuzo/contracts';
import { CalendarCheck, Gift } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatMoney } from '@/lib/money';
import { useClaimDailyBonus } from '../api/claim-daily-bonus';
import { BonusFigure, BonusProgress } from './bonus-progress';

/**
 * Daily Bonuses (spec part 2, "Daily bonuses"): today's target points, the reward in the member's currency, the
 * progress percent with a bar, points done over target, total today, points remaining, and "Claim Bonus"
 * ("Claiming..." while loading). Once claimed today the button says so and stays disabled until tomorrow.
 */
export function DailyBonusCard({ balances, currency }: { balances: Balances; currency: string }) {
  const claim = useClaimDailyBonus();
  const isClaimed = balances.dailyclaimed === true;
  const isReached = balances.remaining === 0;
  return (
    <Card className="mx-auto w-full max-w-2xl">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Gift className="size-5 text-brand-700" aria-hidden="true" />
          Daily Bonus
        </CardTitle>
        <CardDescription>
          Earn a point for every level-1 member who activates today. Reach the target to claim the reward into your Jumbo wallet.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          <BonusFigure label="Today's target" value={`${balances.target} pts`} testId="daily-target" />
          <BonusFigure label="Target reward" value={formatMoney(balances.reward, currency)} testId="daily-reward" />
          <BonusFigure label="Progress" value={`${Math.min(100, Math.round(balances.percent))}%`} testId="daily-percent" />
          <BonusFigure label="Points done" value={`${balances.progress} / ${balances.target}`} testId="daily-done" />
          <BonusFigure label="Total today" value={`${balances.progress} pts`} testId="daily-total" />
          <BonusFigure label="Points remaining" value={`${balances.remaining} pts`} testId="daily-remaining" />
        </dl>
        <BonusProgress label="Daily bonus progress" percent={balances.percent} />
        <div aria-live="polite">
          {isClaimed ? (
            <Alert tone="success" data-testid="daily-claimed">
              <span className="flex items-center gap-2">
                <CalendarCheck className="size-4 shrink-0" aria-hidden="true" />
                You have claimed today’s bonus. Come back tomorrow for the next one.
              </span>
            </Alert>
          ) : (
            <p id="daily-hint" className="text-sm text-slate-600">
              {isReached
                ? 'Target reached: your bonus is ready to claim.'
                : `${balances.remaining} more level-1 activations today to reach the target.`}
            </p>
          )}
        </div>
        <Button
          size="lg"
          onClick={() => claim.mutate()}
          disabled={claim.isPending || isClaimed}
          aria-describedby={isClaimed ? undefined : 'daily-hint'}
          aria-busy={claim.isPending}
        >
          {claim.isPending ? BONUS_MESSAGES.claiming : isClaimed ? 'Claimed today' : BONUS_MESSAGES.claimDaily}
        </Button>
      </CardContent>
    </Card>
  );
}
