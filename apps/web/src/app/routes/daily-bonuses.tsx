import { ComingSoon } from '@/components/coming-soon';

/** Daily Bonuses (/daily-bonuses). Coming soon: another engineer replaces this file with the real screen. */
export default function DailyBonusesRoute() {
  return <ComingSoon title="Daily Bonuses" />;
}
