import { useId } from 'react';

export interface ReferralBarsProps {
  /** One height a day, oldest first; negative values draw as empty days. */
  values: readonly number[];
  /** The chart's text alternative: what the bars show, in words. */
  summary: string;
  /** The bars' colour (a Tailwind fill class). */
  fillClassName?: string;
}

const WIDTH = 300;
const HEIGHT = 80;
const GAP = 2;

/**
 * A small inline SVG bar chart, one bar a day: no chart library. It is an image with a text alternative (its
 * `<title>`); the exact numbers are in the table beside it, which is the form screen readers read.
 */
export function ReferralBars({ values, summary, fillClassName = 'fill-brand-600' }: ReferralBarsProps) {
  const titleId = useId();
  const highest = Math.max(0, ...values);
  const barWidth = values.length === 0 ? 0 : WIDTH / values.length - GAP;
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      preserveAspectRatio="none"
      role="img"
      aria-labelledby={titleId}
      className="h-24 w-full"
      data-testid="referral-bars"
    >
      <title id={titleId}>{summary}</title>
      <line x1={0} y1={HEIGHT - 0.5} x2={WIDTH} y2={HEIGHT - 0.5} className="stroke-slate-300" strokeWidth={1} />
      {values.map((value, index) => {
        // At least a sliver for a day with something, so a small day next to a big one still shows.
        const height = value <= 0 || highest === 0 ? 0 : Math.max(2, (value / highest) * (HEIGHT - 4));
        return (
          <rect
            key={index}
            x={index * (barWidth + GAP) + GAP / 2}
            y={HEIGHT - height}
            width={barWidth}
            height={height}
            rx={1}
            className={fillClassName}
          />
        );
      })}
    </svg>
  );
}
