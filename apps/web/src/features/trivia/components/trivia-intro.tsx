import { TRIVIA_MESSAGES, type TriviaInfoData } from '@tuzo/contracts';
import { Brain, CalendarClock, CheckCircle2 } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatMoney, toMinor } from '@/lib/money';

/**
 * The trivia intro card (spec part 2, "Trivia"): the earnings in the member's currency, the instructions and
 * "Start Trivia". Closed days and a round already played today say so and keep the button disabled.
 */
export function TriviaIntro({ info, isStarting, onStart }: { info: TriviaInfoData; isStarting: boolean; onStart: () => void }) {
  const maxMinor = (toMinor(info.price) ?? 0n) * BigInt(info.questions);
  const isPlayed = info.state === 'submitted';
  const canStart = info.isOpen && !isPlayed;
  return (
    <Card className="mx-auto w-full max-w-2xl" data-testid="trivia-intro">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Brain className="size-5 text-brand-700" aria-hidden="true" />
          Trivia
        </CardTitle>
        <CardDescription>Answer {info.questions} quick questions and earn for every correct answer.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="rounded-lg bg-brand-50 p-4 text-brand-900">
          <p className="text-sm">Each correct answer earns</p>
          <p className="text-2xl font-bold" data-testid="trivia-price">
            {formatMoney(info.price, info.currency)}
          </p>
          <p className="text-sm">Up to {formatMoney(maxMinor, info.currency)} a day, paid into your Jumbo wallet.</p>
        </div>
        <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700">
          <li>
            You get {info.questions} questions and {info.seconds} seconds for all of them.
          </li>
          <li>Pick one answer (A to D) for each question, then press Submit.</li>
          <li>When the time reaches 0 your answers are submitted automatically; the timer turns red in the last 10 seconds.</li>
          <li>You can play once a day{info.days.length > 0 && info.days.length < 7 ? ` on ${info.days.join(', ')}` : ''}.</li>
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
                You have played today’s trivia{info.correct !== null ? `: ${info.correct} of ${info.questions} right` : ''}. Come
                back tomorrow.
              </span>
            </Alert>
          ) : info.state === 'started' ? (
            <p className="text-sm text-slate-600">Your round has started: {info.secondsLeft} seconds left.</p>
          ) : null}
        </div>
        <Button size="lg" onClick={onStart} disabled={!canStart || isStarting} aria-busy={isStarting}>
          {isStarting ? 'Loading...' : TRIVIA_MESSAGES.start}
        </Button>
      </CardContent>
    </Card>
  );
}
