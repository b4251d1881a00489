import {
  formatMinor,
  parseAmountToMinor,
  systemToLocalMinor,
  TRIVIA_GRACE_SECONDS,
  TRIVIA_MESSAGES,
  TRIVIA_QUESTION_COUNT,
  TRIVIA_SECONDS,
  triviaResultMessage,
  triviaStartedMessage,
  type AnswerQuizData,
  type TriviaInfoData,
  type TriviaQuestion,
} from '@tuzo/contracts';
import { operatorDay } from '../../lib/clock.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { drawDistinct } from '../../lib/random.ts';
import { accountCode } from '../../ledger/accounts.ts';
import { movementOutcome } from '../../ledger/movement.ts';
import { retryWhileStale, type ReferenceCopy } from '../reference/index.ts';
import { taskAvailability } from '../schedules/index.ts';
import { parseSettings, readSetting } from '../settings/index.ts';
import type { MemberCurrency } from '../wallets/index.ts';
import { answerInOneCall, KEY_CONFLICT, rightOptions, type AnswerRequest } from './trivia.answer.ts';
import { judgeAnswers, type SubmittedAnswer } from './trivia.grading.ts';
import {
  insertRoundIfMissing,
  selectActiveQuestionIds,
  selectQuestions,
  selectRoundOfDay,
  selectTriviaMember,
  type TriviaRoundRow,
} from './trivia.repository.ts';

/** The console's question bank goes through these (admin-content's trivia-bank.service); the table is this module's. */

const LIMIT_MS = TRIVIA_SECONDS * 1000;
const DEADLINE_MS = (TRIVIA_SECONDS + TRIVIA_GRACE_SECONDS) * 1000;

async function loadMember(deps: AppDeps, memberId: bigint) {
  const member = await selectTriviaMember(deps.db, memberId);
  if (!member) throw new AppError('NOT_FOUND', 'Member not found');
  const currency: MemberCurrency = { countryId: member.countryId, currency: member.currency, rateMicro: member.rateMicro };
  return { activatedAt: member.activatedAt, currency };
}

async function triviaPriceMinor(deps: AppDeps): Promise<bigint> {
  const minor = parseAmountToMinor(await readSetting(deps.db, 'trivia_price'));
  if (minor === null) throw new Error('trivia_price does not parse');
  return minor;
}

function secondsLeft(round: TriviaRoundRow, now: Date): number {
  const left = round.startedAt.getTime() + LIMIT_MS - now.getTime();
  return Math.max(0, Math.ceil(left / 1000));
}

/**
 * `populatetrivia`: on a day trivia runs for this member, today's round: 10 random active questions (deps.random)
 * recorded with the start time on the first call, the same set on later calls (the clock keeps running); refused
 * once submitted. On a closed day, or with an empty bank, an empty list and a message.
 */
export async function startTrivia(deps: AppDeps, memberId: bigint): Promise<{ questions: TriviaQuestion[]; msg: string }> {
  const member = await loadMember(deps, memberId);
  const availability = await taskAvailability(deps, { kind: 'trivia', activatedAt: member.activatedAt });
  if (!availability.isOpen) return { questions: [], msg: availability.closedMessage };
  let round = await selectRoundOfDay(deps.db, { memberId, day: availability.today });
  if (round?.submittedAt) throw new AppError('ALREADY_DONE', TRIVIA_MESSAGES.alreadyPlayed);
  if (!round) {
    const drawn = drawDistinct(deps.random, await selectActiveQuestionIds(deps.db), TRIVIA_QUESTION_COUNT);
    if (drawn.length === 0) return { questions: [], msg: TRIVIA_MESSAGES.noQuestions };
    await insertRoundIfMissing(deps.db, { memberId, day: availability.today, questionIds: drawn, startedAt: deps.clock.now() });
    round = await selectRoundOfDay(deps.db, { memberId, day: availability.today });
    if (!round) throw new Error('The trivia round just started is missing');
  }
  const questions = await servedQuestions(deps, round);
  return { questions, msg: triviaStartedMessage({ count: questions.length, secondsLeft: secondsLeft(round, deps.clock.now()) }) };
}

/** The round's questions in the order served, answers left out. */
async function servedQuestions(deps: AppDeps, round: TriviaRoundRow): Promise<TriviaQuestion[]> {
  const byId = new Map((await selectQuestions(deps.db, round.questionIds)).map((q) => [q.id, q]));
  return round.questionIds.flatMap((id) => {
    const q = byId.get(id);
    if (!q) return [];
    const [A1 = '', A2 = '', A3 = '', A4 = ''] = q.options;
    return [{ qid: id.toString(), Question: q.question, A1, A2, A3, A4 }];
  });
}

/** The member's currency and the trivia price from this process's reference copy. */
function answerContext(copy: ReferenceCopy) {
  const priceMinor = parseAmountToMinor(parseSettings(['trivia_price'], copy.data.settings).trivia_price);
  if (priceMinor === null) throw new Error('trivia_price does not parse');
  const currency: MemberCurrency = copy.currency;
  return { version: copy.data.version, currency, priceMinor };
}

/** The texts the function writes with format(): the ledger memo (day, correct) and the member's notification. */
const MEMO = 'Trivia %1$s: %2$s correct';
function resultNotice(currency: string): string {
  // The figures only the round gives (correct %1$s, total %2$s, amount %3$s) stand as format() placeholders.
  return triviaResultMessage({ correct: '%1$s', total: '%2$s', currency, amount: '%3$s', late: false });
}

type AnswerContext = Awaited<ReturnType<typeof answerContext>>;

/** The pay for `correct` answers, in system units, the member's units and as shown. */
function payFor(context: AnswerContext, correct: number): { system: bigint; local: bigint; text: string } {
  const system = context.priceMinor * BigInt(correct);
  const local = systemToLocalMinor(system, context.currency.rateMicro);
  return { system, local, text: formatMinor(local) };
}

/** The call's input: the answers judged on `bank`, the pay for each possible count, the texts and the accounts. */
function answerRequest(
  deps: AppDeps,
  input: { memberId: bigint; answers: SubmittedAnswer[]; at: Date },
  context: AnswerContext,
  bank: ReadonlyMap<string, string | null>,
): AnswerRequest {
  return {
    memberId: input.memberId,
    countryId: context.currency.countryId,
    referenceVersion: context.version,
    at: input.at,
    today: operatorDay(input.at, deps.config.TUZO_TIMEZONE),
    deadlineMs: DEADLINE_MS,
    answers: judgeAnswers(input.answers, (qid) => bank.get(qid) ?? null),
    // At most one correct answer per answer given.
    amounts: Array.from({ length: input.answers.length + 1 }, (_, correct) => payFor(context, correct)),
    currency: context.currency.currency,
    rateMicro: context.currency.rateMicro,
    houseCode: accountCode({ system: 'house:tasks' }),
    winCode: accountCode({ memberId: input.memberId, wallet: 'balance' }),
    memo: MEMO,
    notice: resultNotice(context.currency.currency),
  };
}

/**
 * `answerdquiz`: grades the member's open round once (row locked, so concurrent submits grade once): only questions
 * served in it, each once; nothing scores after 60 s + 5 s of grace. Each correct answer pays the trivia price from
 * house:tasks into Jumbo (kind `trivia`, key trivia:<member>:<day>) in the same transaction as the round's grading.
 * One call after the session check (decision 065, `trivia_answer`, migration 0528); the price, the currency and the
 * pay for each possible count are worked out here from the reference copy, each answer judged on this process's
 * copy of the bank, which the function checks (a stale copy of either is reloaded and the call made again).
 */
export async function submitAnswers(
  deps: AppDeps,
  input: { memberId: bigint; countryId: number; answers: SubmittedAnswer[] },
): Promise<AnswerQuizData> {
  const at = deps.clock.now();
  let context: AnswerContext | undefined;
  const outcome = await retryWhileStale(deps.reference, 'a trivia submission', input.countryId, async (copy) => {
    const current = answerContext(copy);
    context = current;
    const call = async (reload: boolean) => {
      const bank = await rightOptions(deps.db, deps.pool, reload);
      return answerInOneCall(deps.db, answerRequest(deps, { ...input, at }, current, bank));
    };
    const first = await call(false);
    return first.status === 'questions' ? call(true) : first;
  }).catch((error: unknown) => {
    const cause = ((error as { cause?: unknown }).cause ?? error) as { code?: string };
    if (cause.code === KEY_CONFLICT)
      throw new AppError('CONFLICT', 'This idempotency key was already used for a different request');
    throw error;
  });
  if (!context) throw new Error('trivia: no attempt was made');
  if (outcome.status === 'no_member') throw new AppError('NOT_FOUND', 'Member not found');
  if (outcome.status === 'questions') throw new Error('The trivia questions changed during both attempts of a submission');
  if (outcome.status === 'not_started') throw new AppError('CONFLICT', TRIVIA_MESSAGES.notStarted);
  if (outcome.status === 'already') throw new AppError('ALREADY_DONE', TRIVIA_MESSAGES.alreadyPlayed);
  if (outcome.movement) movementOutcome(outcome.movement, {});
  const amount = payFor(context, outcome.correct).text;
  return { correct: outcome.correct, total: outcome.total, amount, currency: context.currency.currency, late: outcome.late };
}

/** `triviainfo`: the intro card (price in the member's currency, rules, availability) and today's round state. */
export async function loadTriviaInfo(deps: AppDeps, memberId: bigint): Promise<TriviaInfoData> {
  const member = await loadMember(deps, memberId);
  const availability = await taskAvailability(deps, { kind: 'trivia', activatedAt: member.activatedAt });
  const round = await selectRoundOfDay(deps.db, { memberId, day: availability.today });
  const priceMinor = await triviaPriceMinor(deps);
  return {
    price: formatMinor(systemToLocalMinor(priceMinor, member.currency.rateMicro)),
    currency: member.currency.currency,
    questions: TRIVIA_QUESTION_COUNT,
    seconds: TRIVIA_SECONDS,
    isOpen: availability.isOpen,
    days: availability.days,
    closedMessage: availability.isOpen ? '' : availability.closedMessage,
    state: !round ? 'ready' : round.submittedAt ? 'submitted' : 'started',
    secondsLeft: round && !round.submittedAt ? secondsLeft(round, deps.clock.now()) : 0,
    correct: round?.correctCount ?? null,
  };
}
