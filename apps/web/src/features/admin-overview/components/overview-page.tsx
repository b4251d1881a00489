import { Skeleton } from '@/components/ui/skeleton';
import { failureText } from '@/lib/api-client';
import { useOverview } from '../api/get-overview';
import { MembersCard, PendingCard, SpinsCard } from './overview-cards';
import { OverviewCharts } from './overview-charts';
import { CountriesCard, TopEarnersCard } from './overview-tables';
import { PeriodCard } from './period-card';

const TITLE = <h1 className="text-xl font-bold text-slate-900">Overview</h1>;

/** The console's overview (/admin/overview): today's and this week's figures, members, spins and 30 days of charts. */
export function OverviewPage() {
  const { data, error, isPending } = useOverview();
  if (error) {
    return (
      <div className="flex flex-col gap-4">
        {TITLE}
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          {failureText(error, { failed: 'Failed to load the overview', thrown: 'Failed to load the overview' })}
        </p>
      </div>
    );
  }
  if (isPending || !data) {
    return (
      <div className="flex flex-col gap-4" aria-busy="true">
        {TITLE}
        <Skeleton className="h-32 w-full" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }
  const { currency } = data;
  return (
    <div className="flex flex-col gap-4" data-testid="overview">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        {TITLE}
        <p className="text-sm text-slate-600">
          Today is {data.today} ({data.time_zone}); amounts in {currency}.
        </p>
      </div>
      <MembersCard members={data.members} />
      <div className="grid gap-4 lg:grid-cols-2">
        <PeriodCard title="Today" period={data.totals.today} currency={currency} testId="overview-today" />
        <PeriodCard
          title={`This week (since ${data.week_start})`}
          period={data.totals.week}
          currency={currency}
          testId="overview-week"
        />
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <PendingCard pending={data.pending_withdrawals} currency={currency} />
        <SpinsCard spins={data.spins} currency={currency} />
      </div>
      <OverviewCharts data={data} />
      <div className="grid gap-4 lg:grid-cols-2">
        <TopEarnersCard earners={data.top_earners} currency={currency} />
        <CountriesCard countries={data.members.by_country} />
      </div>
    </div>
  );
}
