import type { SpinData } from '@tuzo/contracts';
import { formatMoney, isZeroAmount } from '@/lib/money';

export function resultMessage(data: SpinData): string {
  if (isZeroAmount(data.win))
    return data.kind === 'casino'
      ? `x${data.default}: no win this time (stake ${formatMoney(data.stake, data.currency)})`
      : 'No prize this time';
  const won = formatMoney(data.win, data.currency);
  return data.kind === 'casino'
    ? `x${data.default}: ${won} paid into Jumbo (stake ${formatMoney(data.stake, data.currency)})`
    : `Congratulations! You won ${won}`;
}

/** The result line, announced politely to screen readers when it appears. */
export function SpinResult({ result }: { result: SpinData | null }) {
  return (
    <p aria-live="polite" className="min-h-6 text-center text-lg font-semibold text-slate-900" data-testid="spin-result">
      {result ? resultMessage(result) : ''}
    </p>
  );
}
