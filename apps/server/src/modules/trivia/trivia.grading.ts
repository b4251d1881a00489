/** One answer as submitted: the question id and the option text chosen. */
export interface SubmittedAnswer {
  qid: string;
  answer: string;
}

interface ServedQuestion {
  id: bigint;
  options: string[];
  correct: number;
}

/** What is stored on the round: every answer received, whether it was graded and whether it was right. */
export interface GradedAnswer {
  qid: string;
  answer: string;
  graded: boolean;
  correct: boolean;
}

/** Answers are option text, matched trimmed and case-insensitively (business rules, "Trivia"). */
export function sameAnswer(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/**
 * Grades only questions served in the round, each once (the first answer to a question counts; repeats and
 * questions that were not served score nothing).
 */
export function gradeAnswers(input: { served: readonly ServedQuestion[]; answers: readonly SubmittedAnswer[] }): {
  correct: number;
  record: GradedAnswer[];
} {
  const served = new Map(input.served.map((q) => [q.id.toString(), q]));
  const seen = new Set<string>();
  let correct = 0;
  const record = input.answers.map((a): GradedAnswer => {
    const question = served.get(a.qid);
    if (!question || seen.has(a.qid)) return { qid: a.qid, answer: a.answer, graded: false, correct: false };
    seen.add(a.qid);
    const right = question.options[question.correct - 1];
    const isCorrect = right !== undefined && sameAnswer(a.answer, right);
    if (isCorrect) correct += 1;
    return { qid: a.qid, answer: a.answer, graded: true, correct: isCorrect };
  });
  return { correct, record };
}
