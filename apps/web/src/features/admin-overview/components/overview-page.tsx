import type { AdminOverviewData } from '@tuzo/contracts';
import { useMemo } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { Skeleton } from '@/components/ui/skeleton';
import { failureText } from '@/lib/api-client';
import { useOverview } from '../api/get-overview';
import { count, countSeries, money, moneySeries } from './chart-series';
import { DayChart } from './day-chart';
import { Figure, PeriodCard } from './period-card';

type CountryRow = AdminOverviewData['members']['by_country'][number];
const COUNTRY_COLUMNS: DataTableColumn<CountryRow>[] = [
  { header: 'Country', cell: (row) => row.country },
  { header: 'Total', isNumeric: true, cell: (row) => count(row.total) },
  { header: 'Active', isNumeric: true, cell: (row) => count(row.active) },
  { header: 'Dormant', isNumeric: true, cell: (row) => count(row.dormant) },
  { header: 'Suspended', isNumeric: true, cell: (row) => count(row.suspended) },
];

type EarnerRow = AdminOverviewData['top_earners'][number];

/** The console's overview (/admin/overview): today's and this week's figures, members, spins and 30 days of charts. */
export function OverviewPage() {
  const { data, error, isPending } = useOverview();
  const charts = useMemo(() => {
    if (!data) return null;
    const days = data.days.map((day) => day.day);
    return {
      days,
      money: [
        moneySeries(
          `Deposits (${data.currency})`,
          '#059669',
          data.days.map((d) => d.deposits),
        ),
        moneySeries(
          `Withdrawals (${data.currency})`,
          '#dc2626',
          data.days.map((d) => d.withdrawals),
        ),
      ],
      members: [
        countSeries(
          'Activations',
          '#2563eb',
          data.days.map((d) => d.activations),
        ),
        countSeries(
          'New members',
          '#9333ea',
          data.days.map((d) => d.joined),
        ),
      ],
      tasks: [
        moneySeries(
          'YouTube',
          '#dc2626',
          data.days.map((d) => d.tasks.youtube),
        ),
        moneySeries(
          'TikTok',
          '#0f172a',
          data.days.map((d) => d.tasks.tiktok),
        ),
        moneySeries(
          'Ads',
          '#d97706',
          data.days.map((d) => d.tasks.ads),
        ),
        moneySeries(
          'Trivia',
          '#0891b2',
          data.days.map((d) => d.tasks.trivia),
        ),
      ],
    };
  }, [data]);

  const earnerColumns: DataTableColumn<EarnerRow>[] = [
    { header: '#', isNumeric: true, cell: (row) => String((data?.top_earners.indexOf(row) ?? 0) + 1) },
    { header: 'Member', cell: (row) => row.username },
    { header: 'Country', cell: (row) => row.country },
    { header: 'Status', cell: (row) => row.status },
    { header: `Earned (${data?.currency ?? ''})`, isNumeric: true, cell: (row) => money(row.earned) },
  ];

  if (error) {
    return (
      <div className="flex flex-col gap-4">
        <h1 className="text-xl font-bold text-slate-900">Overview</h1>
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          {failureText(error, { failed: 'Failed to load the overview', thrown: 'Failed to load the overview' })}
        </p>
      </div>
    );
  }
  if (isPending || !data || !charts) {
    return (
      <div className="flex flex-col gap-4" aria-busy="true">
        <h1 className="text-xl font-bold text-slate-900">Overview</h1>
        <Skeleton className="h-32 w-full" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }
  const { members, spins, pending_withdrawals: pending } = data;
  return (
    <div className="flex flex-col gap-4" data-testid="overview">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-xl font-bold text-slate-900">Overview</h1>
        <p className="text-sm text-slate-600">
          Today is {data.today} ({data.time_zone}); amounts in {data.currency}.
        </p>
      </div>

      <Card data-testid="overview-members">
        <CardHeader>
          <CardTitle>Members</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            <Figure label="Total" value={count(members.total)} testId="members-total" />
            <Figure label="Active" value={count(members.active)} testId="members-active" />
            <Figure
              label="Dormant"
              value={count(members.dormant)}
              hint="not activated, suspended included"
              testId="members-dormant"
            />
            <Figure label="Suspended" value={count(members.suspended)} testId="members-suspended" />
          </dl>
        </CardContent>
      </Card>

      <div className="grid gap-4 lg:grid-cols-2">
        <PeriodCard title="Today" period={data.totals.today} currency={data.currency} testId="overview-today" />
        <PeriodCard
          title={`This week (since ${data.week_start})`}
          period={data.totals.week}
          currency={data.currency}
          testId="overview-week"
        />
      </div>

      <div className="grid gap-4 lg:grid-cols-2">
        <Card data-testid="overview-pending">
          <CardHeader>
            <CardTitle>Pending withdrawals</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-2 gap-2">
              <Figure label="Waiting" value={count(pending.count)} testId="pending-count" />
              <Figure label={`Amount (${data.currency})`} value={money(pending.amount)} testId="pending-amount" />
            </dl>
          </CardContent>
        </Card>
        <Card data-testid="overview-spins">
          <CardHeader>
            <CardTitle>Spins: the house result</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-2 gap-2 lg:grid-cols-3">
              <Figure
                label="Realised return"
                value={spins.realised_return === null ? '–' : `${spins.realised_return} %`}
                hint={`published ${spins.expected_return} %`}
                testId="spins-return"
              />
              <Figure
                label={`Stakes (${data.currency})`}
                value={money(spins.casino_stakes)}
                hint={`${count(spins.casino_count)} casino spins`}
                testId="spins-stakes"
              />
              <Figure label={`Casino wins (${data.currency})`} value={money(spins.casino_wins)} testId="spins-wins" />
              <Figure
                label={`Free prizes (${data.currency})`}
                value={money(spins.free_prizes)}
                hint={`${count(spins.free_paid_count)} paid`}
                testId="spins-free"
              />
              <Figure
                label={`House result (${data.currency})`}
                value={money(spins.house_result)}
                hint="stakes − wins − free prizes"
                testId="spins-house"
              />
            </dl>
          </CardContent>
        </Card>
      </div>

      <section aria-labelledby="overview-charts-title" className="flex flex-col gap-3">
        <h2 id="overview-charts-title" className="text-base font-semibold text-slate-900">
          Last 30 days
        </h2>
        <div className="grid gap-4 lg:grid-cols-2">
          <DayChart title={`Deposits and withdrawals per day (${data.currency})`} days={charts.days} series={charts.money} />
          <DayChart title="Activations and new members per day" days={charts.days} series={charts.members} kind="bars" />
          <DayChart title={`Task pay per day (${data.currency})`} days={charts.days} series={charts.tasks} />
        </div>
      </section>

      <div className="grid gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle id="overview-earners-title">Top earners</CardTitle>
          </CardHeader>
          <CardContent className="px-0 sm:px-0">
            <DataTable
              labelledBy="overview-earners-title"
              columns={earnerColumns}
              rows={data.top_earners}
              isPending={false}
              emptyText="Nobody has earned yet."
              getRowKey={(row) => row.username}
              getRowAttributes={(row) => ({ 'data-testid': 'earner-row', 'data-username': row.username })}
              minWidthClassName="min-w-[32rem]"
            />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle id="overview-countries-title">Members by country</CardTitle>
          </CardHeader>
          <CardContent className="px-0 sm:px-0">
            <DataTable
              labelledBy="overview-countries-title"
              columns={COUNTRY_COLUMNS}
              rows={members.by_country}
              isPending={false}
              emptyText="No members yet."
              getRowKey={(row) => row.abbreviation}
              getRowAttributes={(row) => ({ 'data-testid': 'country-row', 'data-country': row.abbreviation })}
              minWidthClassName="min-w-[30rem]"
            />
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
