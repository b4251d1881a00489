import { z } from 'zod';
import { NoPayloadSchema } from './common.ts';
import { bigId } from './primitives.ts';
import { MoneyStringSchema } from './money-schemas.ts';

/**
 * Trivia (spec part 2: "Trivia", sections 3, 4, 7, 8, 9; business rules "Tasks: Trivia"): once per operator day, 10
 * random questions from the operator's bank, 60 seconds (plus a few seconds of grace for the network), each correct
 * answer paid the trivia price into Jumbo and the trivia total.
 */
export const TRIVIA_QUESTION_COUNT = 10;
export const TRIVIA_SECONDS = 60;
/** Answers arriving this long after the 60 seconds still count (the auto-submit at 0 travels over the network). */
export const TRIVIA_GRACE_SECONDS = 5;
/** The countdown turns red at this many seconds or fewer (spec part 2, section 9). */
export const TRIVIA_RED_SECONDS = 10;
/** Options A1..A4 are labelled A to D (spec part 2, section 9). */
export const TRIVIA_OPTION_LABELS = ['A', 'B', 'C', 'D'] as const;

/** Texts the server sends and the screen shows; the spec's error catalogue texts are kept word for word. */
export const TRIVIA_MESSAGES = {
  start: 'Start Trivia',
  submit: 'Submit',
  loadFailed: 'Failed to load trivia questions',
  noQuestions: 'No trivia questions available',
  submitFailed: 'Failed to submit quiz',
  submitError: 'Error submitting quiz',
  alreadyPlayed: 'You have already played trivia today. Come back tomorrow.',
  notStarted: 'Start today’s trivia first.',
} as const;

/** A served question (spec part 2, section 3: qid, Question, A1 to A4), without its answer. */
export const TriviaQuestionSchema = z.object({
  qid: z.string(),
  Question: z.string(),
  A1: z.string(),
  A2: z.string(),
  A3: z.string(),
  A4: z.string(),
});
export type TriviaQuestion = z.infer<typeof TriviaQuestionSchema>;

/** `populatetrivia` takes no fields. */
export const PopulateTriviaPayloadSchema = NoPayloadSchema;

/**
 * `populatetrivia` data: the spec's list of questions (empty on a day trivia does not run; `msg` then names the next
 * day). The time left is in `msg` and, machine-readable, in `triviainfo`.
 */
export const PopulateTriviaDataSchema = z.array(TriviaQuestionSchema);
export type PopulateTriviaData = z.infer<typeof PopulateTriviaDataSchema>;

const QidSchema = bigId('qid must be a question id').transform(String);

/** One answer: the question id and the option text chosen (spec part 2, section 3). */
export const TriviaAnswerSchema = z.object({
  qid: QidSchema,
  answer: z.string().max(500, 'An answer is at most 500 characters'),
});

/** `answerdquiz` {answers: [{qid, answer}]}: at most one entry per served question (repeats count once). */
export const AnswerQuizPayloadSchema = z.object({
  answers: z.array(TriviaAnswerSchema).max(TRIVIA_QUESTION_COUNT * 2, `At most ${TRIVIA_QUESTION_COUNT * 2} answers`),
});
export type AnswerQuizPayload = z.input<typeof AnswerQuizPayloadSchema>;

/** What a submitted round scored and paid, in the member's currency. */
export const AnswerQuizDataSchema = z.object({
  correct: z.number().int().min(0).max(TRIVIA_QUESTION_COUNT),
  total: z.number().int().min(0).max(TRIVIA_QUESTION_COUNT),
  amount: MoneyStringSchema,
  currency: z.string(),
  /** True when the answers arrived after the time limit and its grace: nothing scored. */
  late: z.boolean(),
});
export type AnswerQuizData = z.infer<typeof AnswerQuizDataSchema>;

export const TriviaInfoPayloadSchema = NoPayloadSchema;

/** `triviainfo`: what the intro card shows, and the state of today's round. */
export const TriviaInfoDataSchema = z.object({
  /** Paid per correct answer, in the member's currency. */
  price: MoneyStringSchema,
  currency: z.string(),
  questions: z.number().int(),
  seconds: z.number().int(),
  isOpen: z.boolean(),
  /** The scheduled weekday names, Sunday first. */
  days: z.array(z.string()),
  /** Why trivia is closed today (names the next day); empty when open. */
  closedMessage: z.string(),
  state: z.enum(['ready', 'started', 'submitted']),
  /** Seconds left of a started round (0 once the time is up). */
  secondsLeft: z.number().int().min(0),
  /** Today's score once submitted. */
  correct: z.number().int().nullable(),
});
export type TriviaInfoData = z.infer<typeof TriviaInfoDataSchema>;

/** `correct` and `total` may be placeholders (the server's notification is a PostgreSQL format() string). */
export function triviaResultMessage(input: {
  correct: number | string;
  total: number | string;
  currency: string;
  amount: string;
  late: boolean;
}): string {
  if (input.late) return `Time was up: your answers arrived too late and scored nothing (0 of ${input.total}).`;
  return `You got ${input.correct} of ${input.total} right and earned ${input.currency} ${input.amount}.`;
}

export function triviaStartedMessage(input: { count: number; secondsLeft: number }): string {
  return `${input.count} questions: ${input.secondsLeft} seconds left`;
}
