import { formatMinor, parseDbMinor, TASK_MESSAGES, VIDEO_PAY_AFTER_SECONDS, type PayVideoData } from '@tuzo/contracts';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { operatorDay } from '../../lib/clock.ts';
import { videoPayments } from '../../db/schema.ts';
import { businessRow } from '../../ledger/business-row.ts';
import {
  callLedgerFunction,
  movementOutcome,
  movementPayload,
  type LedgerFunction,
  type MovementResultJson,
} from '../../ledger/movement.ts';
import { retryWhileStale, staleReference } from '../reference/index.ts';
import { scheduleOf } from '../schedules/index.ts';
import { withDaySet } from '../task-day/index.ts';
import { toMemberString, type MemberCurrency } from '../wallets/index.ts';
import type { VideoTask } from './videos.repository.ts';

const WALLET_LABEL: Record<VideoTask, string> = { youtube: 'YouTube', tiktok: 'TikTok' };
const PAY: LedgerFunction = 'videos_pay';
/** The legs' amount until `videos_pay` writes the video's price, which only the database knows, in its place. */
const PRICE_SET_IN_SQL = 1n;

type PayAnswer =
  | { status: 'stale'; version: string; country_id: number }
  | { status: 'no_member' | 'undrawn' | 'not_on_show' | 'paid' | 'not_started' | 'too_soon' }
  | { status: 'closed'; weekdays: number[] | null }
  | (MovementResultJson & { price_minor: string });

interface PayInput {
  memberId: bigint;
  countryId: number;
  task: VideoTask;
  videoId: bigint;
}

/**
 * `payyoutube` / `paytiktok` in one call to PostgreSQL (`videos_pay`, migration 0527, decision 065): the member, the
 * task day, the day's set, the video's facts and the movement, checked in the order the service always checked them,
 * with the currency from this process's reference copy (reloaded when the call answers `stale`). The first request of
 * an operator day draws the day's set here (`undrawn`: the app's random source, as before) and calls again.
 */
export async function payVideo(deps: AppDeps, input: PayInput): Promise<PayVideoData> {
  const at = deps.clock.now();
  const day = operatorDay(at, deps.config.TUZO_TIMEZONE);
  const notOnShow = () => new AppError('NOT_FOUND', TASK_MESSAGES.videoNotOnShow);
  const { answer, currency } = await withDaySet(deps, { day, kind: input.task, itemId: input.videoId, notOnShow }, (drawn) =>
    retryWhileStale(deps.reference, 'a video payment', input.countryId, async (copy) => {
      const { data: reference, currency } = copy;
      const context = { at, day, currency, timeZone: deps.config.TUZO_TIMEZONE };
      const payload = { ...callPayload(input, context), reference_version: reference.version, drawn };
      const json = await callLedgerFunction<PayAnswer>(deps.db, PAY, payload, {});
      return json.status === 'stale'
        ? staleReference(json, input.countryId)
        : { status: 'answered' as const, answer: json, currency };
    }),
  );
  return answerPayment(deps, input, { answer, currency, today: day });
}

/** What `videos_pay` is given, but the reference version: the movement as recordMovement built it, price aside. */
function callPayload(input: PayInput, context: { at: Date; day: string; timeZone: string; currency: MemberCurrency }) {
  const { at, day, currency } = context;
  const movement = movementPayload({
    kind: input.task,
    idempotencyKey: `${input.task}:${input.memberId}:${input.videoId}:${day}`,
    memberId: input.memberId,
    memo: `${WALLET_LABEL[input.task]} video ${input.videoId} watched ${day}`,
    conversion: { rateMicro: currency.rateMicro, localAmountMinor: PRICE_SET_IN_SQL, currency: currency.currency },
    // The fact is the request: a repeat of the key is "already paid", whatever the price is now.
    request: { task: input.task, video: input.videoId, day },
    at,
    legs: [
      { account: { system: 'house:tasks' }, amountMinor: -PRICE_SET_IN_SQL },
      { account: { memberId: input.memberId, wallet: input.task }, amountMinor: PRICE_SET_IN_SQL },
    ],
    business: businessRow(videoPayments, 'transactionId', {
      memberId: input.memberId,
      videoId: input.videoId,
      task: input.task,
      day,
      amountMinor: PRICE_SET_IN_SQL,
      createdAt: at,
    }),
    audit: {
      actorId: input.memberId,
      action: `task.${input.task}`,
      targetType: 'video',
      targetId: input.videoId,
      after: { transaction_id: '$transaction_id', day, amount_minor: formatMinor(PRICE_SET_IN_SQL) },
    },
  });
  return {
    member_id: input.memberId,
    country_id: currency.countryId,
    task: input.task,
    today: day,
    time_zone: context.timeZone,
    item_id: input.videoId,
    at,
    pay_after_seconds: VIDEO_PAY_AFTER_SECONDS,
    rate_micro: currency.rateMicro,
    movement,
  };
}

/** Every answer of the one call but `stale` and `undrawn`, as the AppErrors and data the action has always given. */
async function answerPayment(
  deps: AppDeps,
  input: PayInput,
  context: { answer: Exclude<PayAnswer, { status: 'stale' }>; currency: MemberCurrency; today: string },
): Promise<PayVideoData> {
  const { answer, currency } = context;
  switch (answer.status) {
    case 'no_member':
      throw new AppError('NOT_FOUND', 'Member not found');
    case 'closed': {
      const schedule = scheduleOf(input.task, answer.weekdays, context.today);
      throw new AppError('LIMIT_NOT_MET', schedule.closedMessage);
    }
    case 'undrawn':
    case 'not_on_show':
      throw new AppError('NOT_FOUND', TASK_MESSAGES.videoNotOnShow);
    case 'paid':
      throw new AppError('ALREADY_DONE', TASK_MESSAGES.videoPaidToday);
    case 'not_started':
      throw new AppError('LIMIT_NOT_MET', TASK_MESSAGES.videoNotStarted);
    case 'too_soon':
      throw new AppError('LIMIT_NOT_MET', TASK_MESSAGES.videoTooSoon);
    default: {
      const recorded = movementOutcome(answer, {});
      if (recorded.duplicate) throw new AppError('ALREADY_DONE', TASK_MESSAGES.videoPaidToday);
      const amount = toMemberString(parseDbMinor(answer.price_minor), currency);
      return { v_id: input.videoId.toString(), amount, currency: currency.currency, v_status: true };
    }
  }
}
