import type { AnswerQuizData, TriviaQuestion } from '@tuzo/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Skeleton } from '@/components/ui/skeleton';
import { useTexts } from '@/i18n';
import { failureText, showErrorToast } from '@/lib/api-client';
import { useAnswerQuiz } from '../api/answer-quiz';
import { triviaInfoQueryOptions, useTriviaInfo } from '../api/get-trivia-info';
import { usePopulateTrivia } from '../api/populate-trivia';
import { triviaTexts } from '../texts';
import { TriviaIntro } from './trivia-intro';
import { TriviaQuiz, type TriviaAnswers } from './trivia-quiz';
import { TriviaResult } from './trivia-result';

type View =
  | { name: 'intro' }
  | { name: 'quiz'; questions: TriviaQuestion[]; endsAt: number }
  | { name: 'result'; result: AnswerQuizData; msg: string };

/** How long the "no questions" error shows before the page reloads (spec part 2, section 4). */
const RELOAD_AFTER_MS = 1500;

/**
 * Trivia (spec part 2, "Trivia", section 4): idle (the intro), started (questions and the 60-second countdown),
 * ended by Submit or by the countdown reaching 0 (one automatic submit); then the result and back to the intro.
 * Starting with no questions shows the spec's error and reloads.
 */
export function TriviaGame() {
  const t = useTexts(triviaTexts);
  const info = useTriviaInfo();
  const start = usePopulateTrivia();
  const answer = useAnswerQuiz();
  const queryClient = useQueryClient();
  const [view, setView] = useState<View>({ name: 'intro' });

  const onStart = async () => {
    try {
      const questions = await start.mutateAsync();
      if (questions.length === 0) {
        showErrorToast(t('noQuestions'));
        window.setTimeout(() => window.location.reload(), RELOAD_AFTER_MS);
        return;
      }
      const fresh = await queryClient.fetchQuery({ ...triviaInfoQueryOptions, staleTime: 0 });
      setView({ name: 'quiz', questions, endsAt: Date.now() + fresh.secondsLeft * 1000 });
    } catch (error) {
      const text = failureText(error, { failed: t('loadFailed'), thrown: t('loadFailed') });
      if (text) showErrorToast(text);
    }
  };

  const onSubmit = async (answers: TriviaAnswers) => {
    try {
      const envelope = await answer.mutateAsync({
        answers: Object.entries(answers).map(([qid, text]) => ({ qid, answer: text })),
      });
      toast.success(envelope.msg);
      setView({ name: 'result', result: envelope.data, msg: envelope.msg });
    } catch (error) {
      const text = failureText(error, { failed: t('submitFailed'), thrown: t('submitError') });
      if (text) showErrorToast(text);
      setView({ name: 'intro' });
    }
  };

  if (view.name === 'quiz') {
    return (
      <TriviaQuiz
        questions={view.questions}
        endsAt={view.endsAt}
        isSubmitting={answer.isPending}
        onSubmit={(answers) => void onSubmit(answers)}
      />
    );
  }
  if (view.name === 'result')
    return <TriviaResult result={view.result} msg={view.msg} onDone={() => setView({ name: 'intro' })} />;
  if (info.isPending) return <Skeleton className="mx-auto h-96 w-full max-w-2xl" />;
  if (info.isError) {
    return (
      <p className="mx-auto max-w-2xl text-sm text-red-700" role="alert">
        {failureText(info.error, { failed: t('loadFailed') }) ?? t('loadFailed')}
      </p>
    );
  }
  return <TriviaIntro info={info.data} isStarting={start.isPending} onStart={() => void onStart()} />;
}
