/** One answer as submitted: the question id and the option text chosen. */
export interface SubmittedAnswer {
  qid: string;
  answer: string;
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

/** An answer with the right option of its question (as this process knows the bank) and whether it matches it. */
export interface JudgedAnswer extends SubmittedAnswer {
  /** options[correct] of the question, null when there is no such question or no such option. */
  right: string | null;
  correct: boolean;
}

/**
 * Whether each answer is the right option of its question. Which answers are graded is the round's to say
 * (trivia_answer, migration 0528): only questions served in it, each once (the first answer to a question counts;
 * repeats and questions that were not served score nothing); it checks that `right` is the bank's for each of those.
 */
export function judgeAnswers(answers: readonly SubmittedAnswer[], rightOf: (qid: string) => string | null): JudgedAnswer[] {
  return answers.map((a) => {
    const right = rightOf(a.qid);
    return { qid: a.qid, answer: a.answer, right, correct: right !== null && sameAnswer(a.answer, right) };
  });
}
