import { ComingSoon } from '@/components/coming-soon';

/** Welcome Bonus (/welcome-bonus). Coming soon: another engineer replaces this file with the real screen. */
export default function WelcomeBonusRoute() {
  return <ComingSoon title="Welcome Bonus" />;
}
