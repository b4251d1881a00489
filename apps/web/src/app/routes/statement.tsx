import { StatementPage } from '@/features/my-data';

/** /statement?from=&to=: the printable statement. */
export default function StatementRoute() {
  return <StatementPage />;
}
