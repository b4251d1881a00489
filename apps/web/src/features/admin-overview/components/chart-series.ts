import { formatAmount, toChartHeight, toMinor } from '@/lib/money';
import type { ChartSeries } from './day-chart';

/** "12345.60" -> "12,345.60" (the wire's decimal string, grouped for reading); unreadable text as it came. */
export function money(amount: string): string {
  return toMinor(amount) === null ? amount : formatAmount(amount);
}

/** A count grouped for reading: 12345 -> "12,345". */
export const count = (value: number) => value.toLocaleString('en');

/** A money series: drawn at each amount's height, read from the wire's decimal strings. */
export function moneySeries(label: string, color: string, amounts: readonly string[]): ChartSeries {
  return { label, color, values: amounts.map(toChartHeight), texts: amounts.map(money) };
}

/** A count series (activations, new members). */
export function countSeries(label: string, color: string, counts: readonly number[]): ChartSeries {
  return { label, color, values: counts, texts: counts.map(count) };
}
