import { useId, useRef } from 'react';
import { useDayPlot } from './use-day-plot';

export interface ChartSeries {
  label: string;
  /** A CSS colour. */
  color: string;
  /** The heights drawn, one a day. */
  values: readonly number[];
  /** What the legend and the table show for each day: money from its decimal string, counts grouped. */
  texts: readonly string[];
}

export interface DayChartProps {
  title: string;
  /** Operator days, YYYY-MM-DD, oldest first. */
  days: readonly string[];
  series: readonly ChartSeries[];
  kind?: 'line' | 'bars';
}

/**
 * One chart of the overview: a title, a uPlot chart (the library is fetched by this chunk only, on first render)
 * and the same numbers as a table in a details/summary for screen readers and exact reading.
 */
export function DayChart({ title, days, series, kind = 'line' }: DayChartProps) {
  const titleId = useId();
  const holder = useRef<HTMLDivElement>(null);
  const failed = useDayPlot(holder, days, series, kind);

  return (
    <figure
      className="flex min-w-0 flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4"
      aria-labelledby={titleId}
      data-testid="overview-chart"
    >
      <figcaption id={titleId} className="text-sm font-semibold text-slate-900">
        {title}
      </figcaption>
      <div ref={holder} className="min-h-[200px] w-full overflow-hidden" aria-hidden="true" />
      {failed ? <p className="text-sm text-slate-600">The chart could not load; the numbers are below.</p> : null}
      <DayTable title={title} days={days} series={series} />
    </figure>
  );
}

/** The chart's numbers as a table in a details/summary, for screen readers and exact reading. */
function DayTable({ title, days, series }: Omit<DayChartProps, 'kind'>) {
  return (
    <details className="text-sm">
      <summary className="cursor-pointer text-brand-700">Show the numbers</summary>
      <div className="mt-2 max-h-72 overflow-auto">
        <table className="w-full text-left tabular-nums">
          <caption className="sr-only">{title}</caption>
          <thead>
            <tr>
              <th scope="col" className="px-2 py-1">
                Day
              </th>
              {series.map((s) => (
                <th key={s.label} scope="col" className="px-2 py-1 text-right">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {days.map((day, index) => (
              <tr key={day} className="border-t border-slate-100">
                <th scope="row" className="px-2 py-1 font-normal">
                  {day}
                </th>
                {series.map((s) => (
                  <td key={s.label} className="px-2 py-1 text-right">
                    {s.texts[index] ?? ''}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
