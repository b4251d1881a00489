import type { SpinKind } from '@tuzo/contracts';
import { Skeleton } from '@/components/ui/skeleton';
import { useTexts } from '@/i18n';
import { formatMoney } from '@/lib/money';
import { useSpinOdds } from '../api/get-spin-odds';
import { spinsTexts } from '../texts';
import { wheelLabel } from '../utils/spin-rules';

/** Probabilities as percentages with enough digits that none reads as 0 (every segment can be drawn). */
function percent(probability: number): string {
  const value = probability * 100;
  if (value >= 0.01) return `${value.toFixed(2)} %`;
  return `${Number(value.toPrecision(2)).toString()} %`;
}

/** "Odds": every segment's chance, and the wheel's expected return (casino) or expected prize (free). */
export function SpinOdds({ kind }: { kind: SpinKind }) {
  const odds = useSpinOdds(kind);
  const t = useTexts(spinsTexts);
  return (
    <section aria-labelledby={`odds-${kind}`} className="flex flex-col gap-2" data-testid="spin-odds">
      <h2 id={`odds-${kind}`} className="text-base font-semibold text-slate-900">
        {t('oddsTitle')}
      </h2>
      {!odds.data ? (
        odds.isError ? (
          <p className="text-sm text-red-700">{t('oddsFailed')}</p>
        ) : (
          <Skeleton className="h-24 w-full" />
        )
      ) : (
        <>
          <p className="text-sm text-slate-700" data-testid="spin-expected">
            {odds.data.expected_return !== null
              ? t('expectedReturn', { percent: odds.data.expected_return })
              : t('expectedPrize', { amount: formatMoney(odds.data.expected_prize, odds.data.currency) })}
          </p>
          <table className="w-full text-sm">
            <thead>
              <tr className="text-left text-slate-600">
                <th className="py-1 font-medium">
                  {kind === 'casino' ? t('multiplier') : t('prizeIn', { currency: odds.data.currency })}
                </th>
                <th className="py-1 text-right font-medium">{t('chance')}</th>
              </tr>
            </thead>
            <tbody>
              {odds.data.segments.map((segment, index) => (
                <tr key={index} className="border-t border-slate-100">
                  <td className="py-1 tabular-nums">{wheelLabel(kind, segment.figure)}</td>
                  <td
                    className="py-1 text-right tabular-nums"
                    title={t('weightOf', { weight: segment.weight, total: odds.data.total_weight })}
                  >
                    {percent(segment.probability)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
