import { HeldCommissionsCard } from '@/features/holds';
import { ReferralStatsCard } from '@/features/referral-stats';
import { AffiliateLinkCard, TeamPowerTable } from '@/features/team';

/**
 * Share (/share): held commissions if any (issue 27), the affiliate link, what it brought in 30 days (issue 26 part 5)
 * and the Team Power table.
 */
export default function ShareRoute() {
  return (
    <div className="flex flex-col gap-4">
      <HeldCommissionsCard />
      <AffiliateLinkCard />
      <ReferralStatsCard />
      <TeamPowerTable />
    </div>
  );
}
