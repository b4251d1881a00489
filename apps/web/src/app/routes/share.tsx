import { AffiliateLinkCard, TeamPowerTable } from '@/features/team';

/** Share (/share): the affiliate link and the Team Power table. */
export default function ShareRoute() {
  return (
    <div className="flex flex-col gap-4">
      <AffiliateLinkCard />
      <TeamPowerTable />
    </div>
  );
}
