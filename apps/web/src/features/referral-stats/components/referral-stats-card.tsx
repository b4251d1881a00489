import type { ReferralStatsData, ReferralStatsDay } from '@tuzo/contracts';
import { BarChart3 } from 'lucide-react';
import { useId, useState } from 'react';
import { TitledCard } from '@/components/ui/card';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { listError } from '@/components/ui/table-card';
import { currentLocale, useLanguage, useTexts, type Translate } from '@/i18n';
import { cn } from '@/lib/cn';
import { formatAmount, toMinor } from '@/lib/money';
import { useReferralStats } from '../api/get-referral-stats';
import { referralStatsTexts } from '../texts';
import { ReferralBars } from './referral-bars';

type Key = keyof typeof referralStatsTexts.en;
const METRICS = ['visits', 'signups', 'activations', 'commissions'] as const;
type Metric = (typeof METRICS)[number];

/** The day as "Mar 11" in the language shown (an operator day: a calendar date, no time zone of its own). */
function dayText(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString(currentLocale(), { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

const count = (value: number) => value.toLocaleString(currentLocale());

/** The drawn height of a day: counts as they are, money in minor units (for drawing only, never for sums). */
function heightOf(day: ReferralStatsDay, metric: Metric): number {
  return metric === 'commissions' ? Number(toMinor(day.commissions) ?? 0n) : day[metric];
}

/** A metric's figure as shown: counts grouped, money from its decimal string. */
function shown(day: ReferralStatsDay, metric: Metric): string {
  return metric === 'commissions' ? formatAmount(day.commissions) : count(day[metric]);
}

/** The metric's total over the 30 days, exact: money summed in minor units. */
function totalOf(data: ReferralStatsData, metric: Metric): string {
  if (metric === 'commissions') return formatAmount(data.days.reduce((sum, day) => sum + (toMinor(day.commissions) ?? 0n), 0n));
  return count(data.days.reduce((sum, day) => sum + day[metric], 0));
}

/** The chart's text alternative: total, best day and today, in words. */
function chartSummary(data: ReferralStatsData, metric: Metric, t: Translate<Key>): string {
  const heights = data.days.map((day) => heightOf(day, metric));
  const most = heights.reduce((best, value, index) => (value > (heights[best] ?? 0) ? index : best), 0);
  const best = data.days[most];
  const today = data.days.at(-1);
  if (!best || !today || (heights[most] ?? 0) <= 0) return t('chartEmpty', { metric: t(metric) });
  return t('chartSummary', {
    metric: t(metric),
    total: totalOf(data, metric),
    most: shown(best, metric),
    mostDay: dayText(best.day),
    today: shown(today, metric),
  });
}

function columns(t: Translate<Key>, currency: string): ReadonlyArray<DataTableColumn<ReferralStatsDay>> {
  return [
    { header: t('day'), className: 'font-medium', cell: (row) => dayText(row.day) },
    ...METRICS.map((metric): DataTableColumn<ReferralStatsDay> => ({
      header: metric === 'commissions' ? `${t(metric)} (${currency})` : t(metric),
      isNumeric: true,
      className: 'tabular-nums',
      cell: (row) => shown(row, metric),
    })),
  ];
}

/** The metric picker and the 30-day totals: one button a metric, pressed when it is on the chart. */
function MetricPicker(props: { data: ReferralStatsData; metric: Metric; onPick: (metric: Metric) => void; t: Translate<Key> }) {
  const { data, metric, onPick, t } = props;
  return (
    <div role="group" aria-label={t('show')} className="grid grid-cols-2 gap-2 sm:grid-cols-4">
      {METRICS.map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={option === metric}
          onClick={() => onPick(option)}
          className={cn(
            'rounded-lg border px-3 py-2 text-left focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none',
            option === metric ? 'border-brand-600 bg-brand-50' : 'border-slate-200 bg-white hover:bg-slate-50',
          )}
          data-testid={`referral-total-${option}`}
        >
          <span className="block text-xs font-medium text-slate-600">
            {option === 'commissions' ? `${t(option)} (${data.currency})` : t(option)}
          </span>
          <span className="block text-lg font-semibold text-slate-900 tabular-nums">{totalOf(data, option)}</span>
        </button>
      ))}
    </div>
  );
}

/**
 * The share page's link results (issue 26 part 5): 30-day totals, a bar chart of the chosen figure and every day's
 * numbers in a table, newest first. The table is the accessible form; the chart carries a summary in words.
 */
export function ReferralStatsCard() {
  const { data, isPending, error } = useReferralStats();
  const t = useTexts(referralStatsTexts);
  useLanguage();
  const [metric, setMetric] = useState<Metric>('visits');
  const tableTitleId = useId();
  return (
    <TitledCard
      icon={BarChart3}
      title={t('title')}
      description={t('description')}
      testId="referral-stats"
      contentClassName="flex flex-col gap-4 px-0 sm:px-0"
    >
      {data ? (
        <div className="flex flex-col gap-3 px-4 sm:px-6">
          <p className="text-sm text-slate-600">{t('total')}</p>
          <MetricPicker data={data} metric={metric} onPick={setMetric} t={t} />
          <ReferralBars values={data.days.map((day) => heightOf(day, metric))} summary={chartSummary(data, metric, t)} />
        </div>
      ) : null}
      <h3 id={tableTitleId} className="sr-only">
        {t('tableTitle')}
      </h3>
      <DataTable
        labelledBy={tableTitleId}
        columns={columns(t, data?.currency ?? '')}
        rows={data ? [...data.days].reverse() : undefined}
        isPending={isPending}
        error={listError(error, t('failed'))}
        emptyText={t('failed')}
        getRowKey={(row) => row.day}
        getRowAttributes={(row) => ({ 'data-testid': `referral-day-${row.day}` })}
        minWidthClassName="min-w-[28rem]"
        skeleton={{ rows: 5, className: 'h-4 w-12' }}
      />
    </TitledCard>
  );
}
