import type { TeamLevel } from '@tuzo/contracts';
import { Link, useParams } from 'react-router';
import { TitledCard } from '@/components/ui/card';
import { TeamLevelView, teamTexts } from '@/features/team';
import { useTexts } from '@/i18n';

const LEVELS: Record<string, TeamLevel> = { 'level-1': 1, 'level-2': 2, 'level-3': 3 };

/** My Team by level (/my-team/level-1 .. level-3). Another level in the address offers the three that exist. */
export default function MyTeamRoute() {
  const { level = '' } = useParams();
  const t = useTexts(teamTexts);
  const number = LEVELS[level];
  if (!number) {
    return (
      <TitledCard title={t('myTeam')} description={t('threeLevels')} contentClassName="flex flex-wrap gap-3">
        {Object.entries(LEVELS).map(([path, value]) => (
          <Link key={path} to={`/my-team/${path}`} className="text-brand-700 underline underline-offset-2">
            {t('level', { level: value })}
          </Link>
        ))}
      </TitledCard>
    );
  }
  // Keyed by level: moving to another level starts with an empty search, all members and page 1.
  return <TeamLevelView key={number} level={number} />;
}
