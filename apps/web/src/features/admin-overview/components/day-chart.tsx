import { useEffect, useId, useRef, useState } from 'react';
import type uPlot from 'uplot';

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
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const element = holder.current;
    if (!element) return;
    let chart: uPlot | null = null;
    let observer: ResizeObserver | null = null;
    let cancelled = false;
    Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')])
      .then(([{ default: UPlot }]) => {
        if (cancelled) return;
        const width = Math.max(240, element.clientWidth);
        const bars = kind === 'bars' ? UPlot.paths.bars?.({ size: [0.7, 40] }) : undefined;
        chart = new UPlot(
          {
            width,
            height: 200,
            legend: { show: true },
            cursor: { drag: { x: false, y: false } },
            scales: { x: { time: false } },
            axes: [
              { values: (_u, splits) => splits.map((index) => days[Math.round(index)]?.slice(5) ?? ''), space: 48 },
              { size: 60 },
            ],
            series: [
              { label: 'Day', value: (_u, index) => (index === null ? '' : (days[Math.round(index)] ?? '')) },
              ...series.map((s) => ({
                label: s.label,
                stroke: s.color,
                fill: kind === 'bars' ? `${s.color}99` : `${s.color}22`,
                width: 2,
                ...(bars ? { paths: bars } : {}),
                value: (_u: uPlot, value: number | null, _series: number, index: number | null) =>
                  value === null || index === null ? '' : (s.texts[index] ?? ''),
              })),
            ],
          },
          [days.map((_day, index) => index), ...series.map((s) => [...s.values])],
          element,
        );
        observer = new ResizeObserver(() => chart?.setSize({ width: Math.max(240, element.clientWidth), height: 200 }));
        observer.observe(element);
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
      observer?.disconnect();
      chart?.destroy();
    };
  }, [days, series, kind]);

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
    </figure>
  );
}
