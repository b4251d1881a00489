import { TRIVIA_RED_SECONDS } from '@tuzo/contracts';
import { Timer } from 'lucide-react';
import { useTexts } from '@/i18n';
import { cn } from '@/lib/cn';
import { triviaTexts } from '../texts';

/** Seconds left, red at 10 seconds or less (spec part 2, section 9). */
export function TriviaCountdown({ secondsLeft }: { secondsLeft: number }) {
  const isRed = secondsLeft <= TRIVIA_RED_SECONDS;
  const t = useTexts(triviaTexts);
  return (
    <div
      role="timer"
      aria-live="off"
      aria-label={t('secondsLeft', { seconds: secondsLeft })}
      data-testid="trivia-countdown"
      data-red={isRed}
      className={cn(
        'flex items-center gap-2 rounded-lg px-3 py-2 text-lg font-bold tabular-nums',
        isRed ? 'bg-red-50 text-red-700' : 'bg-brand-50 text-brand-900',
      )}
    >
      <Timer className="size-5" aria-hidden="true" />
      {secondsLeft}s
    </div>
  );
}
