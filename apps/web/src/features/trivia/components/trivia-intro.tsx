import type { TriviaInfoData } from '@tuzo/contracts';
import { Brain, CalendarClock, CheckCircle2 } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeading } from '@/components/ui/card';
import { useTexts } from '@/i18n';
import { formatMoney, toMinor } from '@/lib/money';
import { useWeekdayName } from '@/lib/weekdays.texts';
import { triviaTexts } from '../texts';

/**
 * The trivia intro card (spec part 2, "Trivia"): the earnings in the member's currency, the instructions and
 * "Start Trivia". Closed days and a round already played today say so and keep the button disabled.
 */
export function TriviaIntro({ info, isStarting, onStart }: { info: TriviaInfoData; isStarting: boolean; onStart: () => void }) {
  const maxMinor = (toMinor(info.price) ?? 0n) * BigInt(info.questions);
  const isPlayed = info.state === 'submitted';
  const canStart = info.isOpen && !isPlayed;
  const t = useTexts(triviaTexts);
  const weekday = useWeekdayName();
  const isSomeDays = info.days.length > 0 && info.days.length < 7;
  return (
    <Card className="mx-auto w-full max-w-2xl" data-testid="trivia-intro">
      <CardHeading icon={Brain} title={t('title')} description={t('description', { questions: info.questions })} />
      <CardContent className="flex flex-col gap-4">
        <div className="rounded-lg bg-brand-50 p-4 text-brand-900">
          <p className="text-sm">{t('eachCorrect')}</p>
          <p className="text-2xl font-bold" data-testid="trivia-price">
            {formatMoney(info.price, info.currency)}
          </p>
          <p className="text-sm">{t('upTo', { amount: formatMoney(maxMinor, info.currency) })}</p>
        </div>
        <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700">
          <li>{t('ruleQuestions', { questions: info.questions, seconds: info.seconds })}</li>
          <li>{t('ruleAnswer')}</li>
          <li>{t('ruleTime')}</li>
          <li>{isSomeDays ? t('ruleOnceOn', { days: info.days.map(weekday).join(', ') }) : t('ruleOnce')}</li>
        </ol>
        <div aria-live="polite">
          {!info.isOpen ? (
            <Alert tone="warning" data-testid="trivia-closed">
              <span className="flex items-center gap-2">
                <CalendarClock className="size-4 shrink-0" aria-hidden="true" />
                {info.closedMessage}
              </span>
            </Alert>
          ) : isPlayed ? (
            <Alert tone="success" data-testid="trivia-played">
              <span className="flex items-center gap-2">
                <CheckCircle2 className="size-4 shrink-0" aria-hidden="true" />
                {info.correct !== null ? t('playedScore', { correct: info.correct, total: info.questions }) : t('played')}
              </span>
            </Alert>
          ) : info.state === 'started' ? (
            <p className="text-sm text-slate-600">{t('started', { seconds: info.secondsLeft })}</p>
          ) : null}
        </div>
        <Button size="lg" onClick={onStart} disabled={!canStart || isStarting} aria-busy={isStarting}>
          {isStarting ? t('loading') : t('start')}
        </Button>
      </CardContent>
    </Card>
  );
}
