import { TRIVIA_OPTION_LABELS, type TriviaQuestion } from '@tuzo/contracts';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useTexts } from '@/i18n';
import { cn } from '@/lib/cn';
import { triviaTexts } from '../texts';
import { TriviaCountdown } from './trivia-countdown';

export type TriviaAnswers = Record<string, string>;

function secondsUntil(endsAt: number): number {
  return Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
}

/** The seconds left until `endsAt`, and a submit that runs once: by the caller, or by itself at 0. */
function useSubmitOnce(endsAt: number, submit: () => void) {
  const [secondsLeft, setSecondsLeft] = useState(() => secondsUntil(endsAt));
  const submitted = useRef(false);

  const submitOnce = () => {
    if (submitted.current) return;
    submitted.current = true;
    submit();
  };
  const submitRef = useRef(submitOnce);
  submitRef.current = submitOnce;

  useEffect(() => {
    const tick = () => {
      const left = secondsUntil(endsAt);
      setSecondsLeft(left);
      if (left === 0) submitRef.current();
    };
    tick();
    const timer = window.setInterval(tick, 250);
    return () => window.clearInterval(timer);
  }, [endsAt]);

  return { secondsLeft, submitOnce };
}

/**
 * The question screen: the countdown, the questions with options A to D, and Submit. At 0 the answers are submitted
 * automatically, once (the ref keeps a late tick or a click from submitting twice).
 */
export function TriviaQuiz({
  questions,
  endsAt,
  isSubmitting,
  onSubmit,
}: {
  questions: TriviaQuestion[];
  endsAt: number;
  isSubmitting: boolean;
  onSubmit: (answers: TriviaAnswers) => void;
}) {
  const t = useTexts(triviaTexts);
  const [answers, setAnswers] = useState<TriviaAnswers>({});
  const latest = useRef(answers);
  latest.current = answers;
  const { secondsLeft, submitOnce } = useSubmitOnce(endsAt, () => onSubmit(latest.current));

  const answered = Object.keys(answers).length;
  return (
    <Card className="mx-auto w-full max-w-2xl" data-testid="trivia-quiz">
      <CardHeader className="sticky top-0 z-10 flex flex-row items-center justify-between gap-3 rounded-t-xl bg-white">
        <CardTitle>
          {t('title')}{' '}
          <span className="text-sm font-normal text-slate-600">{t('answered', { answered, total: questions.length })}</span>
        </CardTitle>
        <TriviaCountdown secondsLeft={secondsLeft} />
      </CardHeader>
      <CardContent>
        <form
          className="flex flex-col gap-5"
          onSubmit={(event) => {
            event.preventDefault();
            submitOnce();
          }}
        >
          {questions.map((question, index) => (
            <QuestionFieldset
              key={question.qid}
              question={question}
              number={index + 1}
              chosen={answers[question.qid]}
              isSubmitting={isSubmitting}
              onChoose={(option) => setAnswers((current) => ({ ...current, [question.qid]: option }))}
            />
          ))}
          <Button type="submit" size="lg" disabled={isSubmitting} aria-busy={isSubmitting}>
            {isSubmitting ? t('submitting') : t('submit')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

/** One question and its four options; the chosen one is marked. */
function QuestionFieldset({
  question,
  number,
  chosen,
  isSubmitting,
  onChoose,
}: {
  question: TriviaQuestion;
  number: number;
  chosen: string | undefined;
  isSubmitting: boolean;
  onChoose: (option: string) => void;
}) {
  return (
    <fieldset className="rounded-lg border border-slate-200 p-3" data-testid="trivia-question">
      <legend className="px-1 font-semibold text-slate-900">
        {number}. {question.Question}
      </legend>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {[question.A1, question.A2, question.A3, question.A4].map((option, optionIndex) => {
          const isChosen = chosen === option;
          return (
            <label
              key={optionIndex}
              className={cn(
                'flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm',
                isChosen ? 'border-brand-700 bg-brand-50' : 'border-slate-200 hover:bg-slate-50',
              )}
            >
              <input
                type="radio"
                name={`q-${question.qid}`}
                value={option}
                checked={isChosen}
                disabled={isSubmitting}
                onChange={() => onChoose(option)}
                className="accent-brand-700"
              />
              <span className="font-semibold">{TRIVIA_OPTION_LABELS[optionIndex]}.</span> {option}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
