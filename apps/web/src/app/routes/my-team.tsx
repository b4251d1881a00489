import { useParams } from 'react-router';
import { ComingSoon } from '@/components/coming-soon';

/** My Team by level (/my-team/level-1 .. level-3). Coming soon. */
export default function MyTeamRoute() {
  const { level = '' } = useParams();
  const number = /^level-(\d+)$/.exec(level)?.[1];
  return <ComingSoon title={number ? `My Team: Level ${number}` : 'My Team'} />;
}
