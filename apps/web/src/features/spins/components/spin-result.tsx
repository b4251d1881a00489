import type { SpinData } from '@tuzo/contracts';
import { translate, useTexts } from '@/i18n';
import { formatMoney, isZeroAmount } from '@/lib/money';
import { spinsTexts } from '../texts';

export function resultMessage(data: SpinData): string {
  const stake = formatMoney(data.stake, data.currency);
  const won = formatMoney(data.win, data.currency);
  if (isZeroAmount(data.win))
    return data.kind === 'casino'
      ? translate(spinsTexts, 'casinoNoWin', { multiplier: data.default, stake })
      : translate(spinsTexts, 'freeNoWin');
  return data.kind === 'casino'
    ? translate(spinsTexts, 'casinoWin', { multiplier: data.default, won, stake })
    : translate(spinsTexts, 'freeWin', { won });
}

/** The result line, announced politely to screen readers when it appears. */
export function SpinResult({ result }: { result: SpinData | null }) {
  // Re-rendered when the language changes, so the line follows it.
  useTexts(spinsTexts);
  return (
    <p aria-live="polite" className="min-h-6 text-center text-lg font-semibold text-slate-900" data-testid="spin-result">
      {result ? resultMessage(result) : ''}
    </p>
  );
}
