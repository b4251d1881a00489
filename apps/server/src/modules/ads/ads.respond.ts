import {
  formatMinor,
  parseAmountToMinor,
  parseDbMinor,
  systemToLocalMinor,
  TASK_MESSAGES,
  type PayAdsData,
} from '@tuzo/contracts';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { operatorDay } from '../../lib/clock.ts';
import { adPayments } from '../../db/schema.ts';
import { businessRow } from '../../ledger/business-row.ts';
import {
  callLedgerFunction,
  movementOutcome,
  movementPayload,
  type LedgerFunction,
  type MovementResultJson,
} from '../../ledger/movement.ts';
import { retryWhileStale, staleReference } from '../reference/index.ts';
import { parseSettings } from '../settings/index.ts';
import { scheduleOf } from '../schedules/index.ts';
import { withDaySet } from '../task-day/index.ts';
import { toMemberString, type MemberCurrency } from '../wallets/index.ts';
import { adStatus } from './ads.service.ts';

const PRICE_KEYS = ['ad_like_price', 'ad_comment_price'] as const;
const RESPOND: LedgerFunction = 'ads_respond';

type AdAction = 'like' | 'unlike' | 'comment';

type RespondAnswer =
  | { status: 'stale'; version: string; country_id: number }
  | { status: 'no_member' | 'undrawn' | 'not_on_show' | 'commented' | 'vanished' }
  | { status: 'conflict'; movement: MovementResultJson }
  | { status: 'closed'; weekdays: number[] | null }
  | {
      status: 'done';
      movement: 'none' | MovementResultJson['status'];
      liked: boolean | null;
      message: string | null;
      paid_minor: string;
    };

interface RespondInput {
  memberId: bigint;
  countryId: number;
  adId: bigint;
  liked: boolean;
  message: string;
}

/** The spec's client: a like sends liked true and an empty message, an unlike liked false and an empty message, a comment its text. */
function actionOf(input: { liked: boolean; message: string }): AdAction {
  if (input.message !== '') {
    if (input.message.trim() === '') throw new AppError('VALIDATION_FAILED', TASK_MESSAGES.enterComment);
    return 'comment';
  }
  return input.liked ? 'like' : 'unlike';
}

/**
 * `payAds`: a like pays `ad_like_price` once per ad per member per day (liking again after an unlike records the like
 * and pays nothing); an unlike is recorded and pays nothing; a comment is stored once and pays `ad_comment_price`
 * once. Money goes to the Ads wallet (keys ads:<member>:<ad>:<day>:like|comment). One call to PostgreSQL
 * (`ads_respond`, migration 0527, decision 065): the member, the task day, the day's set, the response row first and
 * the movement second (the same order for every action, so concurrent calls cannot deadlock), and the member's
 * response and earnings after it. The prices and the currency come from this process's reference copy (reloaded when
 * the call answers `stale`); the first request of an operator day draws the day's set here and calls again.
 */
export async function respondToAd(deps: AppDeps, input: RespondInput): Promise<PayAdsData> {
  const action = actionOf(input);
  const at = deps.clock.now();
  const day = operatorDay(at, deps.config.TUZO_TIMEZONE);
  const notOnShow = () => new AppError('NOT_FOUND', TASK_MESSAGES.adNotOnShow);
  const { answer, currency, priceMinor } = await withDaySet(deps, { day, kind: 'ads', itemId: input.adId, notOnShow }, (drawn) =>
    retryWhileStale(deps.reference, 'an ad response', input.countryId, async (copy) => {
      const { data: reference, country, currency } = copy;
      const prices = parseSettings(PRICE_KEYS, reference.settings);
      const price = action === 'comment' ? prices.ad_comment_price : prices.ad_like_price;
      const priceMinor = parseAmountToMinor(price) ?? 0n;
      const payload = {
        member_id: input.memberId,
        country_id: country.id,
        reference_version: reference.version,
        today: day,
        time_zone: deps.config.TUZO_TIMEZONE,
        item_id: input.adId,
        drawn,
        at,
        action,
        message: input.message.trim(),
        ...(action !== 'unlike' && priceMinor > 0n
          ? { movement: adMovement({ ...input, action, day, at, priceMinor, currency }) }
          : {}),
      };
      const json = await callLedgerFunction<RespondAnswer>(deps.db, RESPOND, payload, {});
      return json.status === 'stale'
        ? staleReference(json, input.countryId)
        : { status: 'answered' as const, answer: json, currency, priceMinor };
    }),
  );
  return answerResponse(deps, { ...input, action, answer, currency, priceMinor, today: day });
}

/** Every answer of the one call but `stale` and `undrawn`, as the AppErrors and data the action has always given. */
async function answerResponse(
  deps: AppDeps,
  input: {
    adId: bigint;
    action: AdAction;
    answer: Exclude<RespondAnswer, { status: 'stale' }>;
    currency: MemberCurrency;
    priceMinor: bigint;
    today: string;
  },
): Promise<PayAdsData> {
  const { answer, currency } = input;
  switch (answer.status) {
    case 'no_member':
      throw new AppError('NOT_FOUND', 'Member not found');
    case 'closed': {
      const schedule = scheduleOf('ads', answer.weekdays, input.today);
      throw new AppError('LIMIT_NOT_MET', schedule.closedMessage);
    }
    case 'undrawn':
    case 'not_on_show':
      throw new AppError('NOT_FOUND', TASK_MESSAGES.adNotOnShow);
    case 'commented':
      throw new AppError('ALREADY_DONE', TASK_MESSAGES.adCommentedToday);
    case 'conflict':
      movementOutcome(answer.movement, {}); // The 409 recordMovement gave for a key used for another request.
      throw new Error(`Ad ${input.adId}: the movement's conflict was not refused`);
    case 'vanished':
      throw new Error(`Ad ${input.adId} vanished`);
    case 'done': {
      const paidMinor = answer.movement === 'posted' ? input.priceMinor : 0n;
      const row = { liked: answer.liked, message: answer.message, paidMinor: parseDbMinor(answer.paid_minor) };
      return {
        v_id: input.adId.toString(),
        action: input.action,
        amount: toMemberString(paidMinor, currency),
        currency: currency.currency,
        v_status: adStatus(row, currency),
      };
    }
    default:
      return assertNever(answer);
  }
}

/** The movement house:tasks -> the member's Ads wallet with its ad_payments row, as recordMovement was given it. */
function adMovement(input: {
  memberId: bigint;
  adId: bigint;
  day: string;
  at: Date;
  action: AdAction;
  priceMinor: bigint;
  currency: MemberCurrency;
}) {
  const action = input.action === 'comment' ? 'comment' : 'like';
  return movementPayload({
    kind: 'ads',
    idempotencyKey: `ads:${input.memberId}:${input.adId}:${input.day}:${action}`,
    memberId: input.memberId,
    memo: `Ad ${input.adId} ${action} ${input.day}`,
    conversion: {
      rateMicro: input.currency.rateMicro,
      localAmountMinor: systemToLocalMinor(input.priceMinor, input.currency.rateMicro),
      currency: input.currency.currency,
    },
    request: { ad: input.adId, day: input.day, action },
    at: input.at,
    legs: [
      { account: { system: 'house:tasks' }, amountMinor: -input.priceMinor },
      { account: { memberId: input.memberId, wallet: 'ads' }, amountMinor: input.priceMinor },
    ],
    business: businessRow(adPayments, 'transactionId', {
      memberId: input.memberId,
      adId: input.adId,
      day: input.day,
      action,
      amountMinor: input.priceMinor,
      createdAt: input.at,
    }),
    audit: {
      actorId: input.memberId,
      action: `task.ads.${action}`,
      targetType: 'ad',
      targetId: input.adId,
      after: { transaction_id: '$transaction_id', day: input.day, amount_minor: formatMinor(input.priceMinor) },
    },
  });
}

function assertNever(value: never): never {
  throw new Error(`Unhandled answer: ${JSON.stringify(value)}`);
}
