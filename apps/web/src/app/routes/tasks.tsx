import { ComingSoon } from '@/components/coming-soon';

/** Tasks (/tasks). Coming soon: another engineer replaces this file with the real screen. */
export default function TasksRoute() {
  return <ComingSoon title="Tasks" />;
}
