import { useEffect, useState, type RefObject } from 'react';
import type uPlot from 'uplot';
import type { ChartSeries } from './day-chart';

/** uPlot's options for one day chart: days on x (MM-DD), each series' own texts in the legend. */
function plotOptions(
  UPlot: typeof uPlot,
  width: number,
  days: readonly string[],
  series: readonly ChartSeries[],
  kind: 'line' | 'bars',
): uPlot.Options {
  const bars = kind === 'bars' ? UPlot.paths.bars?.({ size: [0.7, 40] }) : undefined;
  return {
    width,
    height: 200,
    legend: { show: true },
    cursor: { drag: { x: false, y: false } },
    scales: { x: { time: false } },
    axes: [{ values: (_u, splits) => splits.map((index) => days[Math.round(index)]?.slice(5) ?? ''), space: 48 }, { size: 60 }],
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
  };
}

/**
 * Draws the chart into `holder` once uPlot (fetched by this chunk only, on first render) has loaded, and keeps it as
 * wide as its holder. Answers true when the library could not load.
 */
export function useDayPlot(
  holder: RefObject<HTMLDivElement | null>,
  days: readonly string[],
  series: readonly ChartSeries[],
  kind: 'line' | 'bars',
): boolean {
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
        chart = new UPlot(
          plotOptions(UPlot, width, days, series, kind),
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
  }, [holder, days, series, kind]);
  return failed;
}
