import { WELCOME_BONUS_TARGET, type Balances } from '@tuzo/contracts';
import { PartyPopper } from 'lucide-react';
import { Card, CardContent, CardHeading } from '@/components/ui/card';
import { useTexts } from '@/i18n';
import { formatMoney } from '@/lib/money';
import { useClaimWelcomeBonus } from '../api/claim-welcome-bonus';
import { bonusesTexts } from '../texts';
import { BonusClaim, BonusFigure, BonusProgress } from './bonus-progress';

/**
 * Welcome Bonus (spec part 2, "Welcome bonus"): the target of 15 active level-1 members, the bonus in the member's
 * currency, the progress, and "Claim Welcome Bonus" ("Claiming..." while loading); a claimed state once paid.
 */
export function WelcomeBonusCard({ balances, currency }: { balances: Balances; currency: string }) {
  const claim = useClaimWelcomeBonus();
  const t = useTexts(bonusesTexts);
  const target = balances.welcome_target ?? WELCOME_BONUS_TARGET;
  const progress = balances.welcome_progress ?? 0;
  const isClaimed = balances.welcomeclaimed === true;
  const reward = balances.welcome_reward ?? '0.00';
  return (
    <Card className="mx-auto w-full max-w-2xl">
      <CardHeading
        icon={PartyPopper}
        title={t('welcomeTitle')}
        description={t('welcomeDescription', { target })}
        descriptionTestId="welcome-target-text"
      />
      <CardContent className="flex flex-col gap-4">
        <dl className="grid grid-cols-2 gap-2">
          <BonusFigure label={t('welcomeBonus')} value={formatMoney(reward, currency)} testId="welcome-reward" />
          <BonusFigure
            label={t('activeLevelOne')}
            value={t('progressOf', { progress: Math.min(progress, target), target })}
            testId="welcome-progress"
          />
        </dl>
        <BonusProgress label={t('welcomeProgress')} percent={target === 0 ? 100 : (Math.min(progress, target) * 100) / target} />
        <BonusClaim
          name="welcome"
          isClaimed={isClaimed}
          isPending={claim.isPending}
          claimed={t('welcomeClaimed', { amount: formatMoney(balances.bonus, currency) })}
          hint={progress >= target ? t('welcomeReached') : t('welcomeMore', { remaining: target - progress })}
          labels={{ claim: t('claimWelcome'), claiming: t('claiming'), claimed: t('welcomeClaimedButton') }}
          onClaim={() => claim.mutate()}
        />
      </CardContent>
    </Card>
  );
}
