import type { AnswerQuizData, AnswerQuizPayload } from '@tuzo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAction, type ApiEnvelope } from '@/lib/api-client';
import { refreshUserData } from '@/lib/session';
import { triviaInfoQueryOptions } from './get-trivia-info';

/** POST answerdquiz {answers: [{qid, answer}]} (spec part 2, section 7). */
export function answerQuiz(payload: AnswerQuizPayload): Promise<ApiEnvelope<AnswerQuizData>> {
  return callAction('answerdquiz', { payload });
}

/** Success refreshes the user data (the payment reached Jumbo and the trivia total); either way the round is read again. */
export function useAnswerQuiz() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerQuiz,
    onSuccess: () => void refreshUserData(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: triviaInfoQueryOptions.queryKey }),
  });
}
