import { ReferralStatsCard } from '@/features/referral-stats';
import { AffiliateLinkCard, TeamPowerTable } from '@/features/team';

/** Share (/share): the affiliate link, what it brought in 30 days (issue 26 part 5) and the Team Power table. */
export default function ShareRoute() {
  return (
    <div className="flex flex-col gap-4">
      <AffiliateLinkCard />
      <ReferralStatsCard />
      <TeamPowerTable />
    </div>
  );
}
