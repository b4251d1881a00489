import { DailyBonusCard } from '@/features/bonuses';
import { useCurrentUser } from '@/lib/session';

/** Daily Bonuses (/daily-bonuses). */
export default function DailyBonusesRoute() {
  const user = useCurrentUser();
  return <DailyBonusCard balances={user.balances} currency={user.userdetails.ccurrency} />;
}
