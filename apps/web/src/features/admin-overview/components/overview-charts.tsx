import type { AdminOverviewData } from '@tuzo/contracts';
import { useMemo } from 'react';
import { countSeries, moneySeries } from './chart-series';
import { DayChart } from './day-chart';

/** The overview's three chart series sets, read from its 30 days. */
function chartsOf(data: AdminOverviewData) {
  const per = <T,>(pick: (day: AdminOverviewData['days'][number]) => T) => data.days.map(pick);
  return {
    days: per((day) => day.day),
    money: [
      moneySeries(
        `Deposits (${data.currency})`,
        '#059669',
        per((d) => d.deposits),
      ),
      moneySeries(
        `Withdrawals (${data.currency})`,
        '#dc2626',
        per((d) => d.withdrawals),
      ),
    ],
    members: [
      countSeries(
        'Activations',
        '#2563eb',
        per((d) => d.activations),
      ),
      countSeries(
        'New members',
        '#9333ea',
        per((d) => d.joined),
      ),
    ],
    tasks: [
      moneySeries(
        'YouTube',
        '#dc2626',
        per((d) => d.tasks.youtube),
      ),
      moneySeries(
        'TikTok',
        '#0f172a',
        per((d) => d.tasks.tiktok),
      ),
      moneySeries(
        'Ads',
        '#d97706',
        per((d) => d.tasks.ads),
      ),
      moneySeries(
        'Trivia',
        '#0891b2',
        per((d) => d.tasks.trivia),
      ),
    ],
  };
}

/** "Last 30 days": money in and out, activations and new members, task pay, each a chart with its table. */
export function OverviewCharts({ data }: { data: AdminOverviewData }) {
  const charts = useMemo(() => chartsOf(data), [data]);
  return (
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
  );
}
