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
import { triviaPayouts } from '../../db/schema.ts';
import { businessRow } from '../../ledger/business-row.ts';
import { recordMovement } from '../../ledger/movement.ts';
import { taskAvailability } from '../schedules/index.ts';
import { readSetting } from '../settings/index.ts';
import type { MemberCurrency } from '../wallets/index.ts';
import { gradeAnswers, type SubmittedAnswer } from './trivia.grading.ts';
import {
  insertRoundIfMissing,
  markRoundSubmitted,
  selectActiveQuestionIds,
  selectLatestRound,
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

/**
 * `answerdquiz`: grades the member's open round once (row locked, so concurrent submits grade once): only questions
 * served in it, each once; nothing scores after 60 s + 5 s of grace. Each correct answer pays the trivia price from
 * house:tasks into Jumbo (kind `trivia`, key trivia:<member>:<day>) in the same transaction as the round's grading.
 */
export async function submitAnswers(
  deps: AppDeps,
  input: { memberId: bigint; answers: SubmittedAnswer[] },
): Promise<AnswerQuizData> {
  const { currency } = await loadMember(deps, input.memberId);
  const priceMinor = await triviaPriceMinor(deps);
  const now = deps.clock.now();
  const today = operatorDay(now, deps.config.TUZO_TIMEZONE);
  return deps.db.transaction(async (tx) => {
    const round = await selectLatestRound(tx, input.memberId, { lock: true });
    const isLate = round ? now.getTime() > round.startedAt.getTime() + DEADLINE_MS : false;
    if (!round || (round.day !== today && isLate)) throw new AppError('CONFLICT', TRIVIA_MESSAGES.notStarted);
    if (round.submittedAt) throw new AppError('ALREADY_DONE', TRIVIA_MESSAGES.alreadyPlayed);
    const graded = gradeAnswers({ served: await selectQuestions(tx, round.questionIds), answers: input.answers });
    const correct = isLate ? 0 : graded.correct;
    await markRoundSubmitted(tx, { id: round.id, submittedAt: now, answers: graded.record, correctCount: correct });
    const amountMinor = priceMinor * BigInt(correct);
    const amount = formatMinor(systemToLocalMinor(amountMinor, currency.rateMicro));
    const result: AnswerQuizData = {
      correct,
      total: round.questionIds.length,
      amount,
      currency: currency.currency,
      late: isLate,
    };
    if (amountMinor <= 0n) return result;
    await recordMovement(tx, {
      kind: 'trivia',
      idempotencyKey: `trivia:${input.memberId}:${round.day}`,
      memberId: input.memberId,
      memo: `Trivia ${round.day}: ${correct} correct`,
      conversion: {
        rateMicro: currency.rateMicro,
        localAmountMinor: systemToLocalMinor(amountMinor, currency.rateMicro),
        currency: currency.currency,
      },
      request: { kind: 'trivia', day: round.day },
      at: now,
      legs: [
        { account: { system: 'house:tasks' }, amountMinor: -amountMinor },
        { account: { memberId: input.memberId, wallet: 'balance' }, amountMinor },
      ],
      business: businessRow(triviaPayouts, 'transactionId', {
        roundId: round.id,
        memberId: input.memberId,
        day: round.day,
        correctCount: correct,
        amountMinor,
        createdAt: now,
      }),
      notify: { memberId: input.memberId, msg: triviaResultMessage(result), severity: 'success' },
      audit: {
        actorId: input.memberId,
        action: 'trivia.payout',
        targetType: 'member',
        targetId: input.memberId,
        after: { transaction_id: '$transaction_id', day: round.day, correct, amount_minor: amountMinor.toString() },
      },
    });
    return result;
  });
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
