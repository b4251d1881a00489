import { WelcomeBonusCard } from '@/features/bonuses';
import { useCurrentUser } from '@/lib/session';

/** Welcome Bonus (/welcome-bonus). */
export default function WelcomeBonusRoute() {
  const user = useCurrentUser();
  return <WelcomeBonusCard balances={user.balances} currency={user.userdetails.ccurrency} />;
}
