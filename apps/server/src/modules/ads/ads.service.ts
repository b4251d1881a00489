import {
  formatMinor,
  parseAmountToMinor,
  systemToLocalMinor,
  TASK_MESSAGES,
  type AdItem,
  type AdStatus,
  type PayAdsData,
} from '@tuzo/contracts';
import type { DbOrTx } from '../../db/client.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { adPayments } from '../../db/schema.ts';
import { businessRow } from '../../ledger/business-row.ts';
import { recordMovement } from '../../ledger/movement.ts';
import { parseSettings } from '../settings/index.ts';
import { toMemberString, type MemberCurrency } from '../wallets/index.ts';
import { itemsOnShow, loadTaskContext } from '../task-day/index.ts';
import { insertAdComment, selectAdsForMember, upsertAdLike, type AdRow } from './ads.repository.ts';

/** The console edits the ads table through these (admin-content's content.service); the table is this module's. */

/** The ads table belongs to this module; the demo content (videos' demo-content.ts) adds its demo ads through these. */

const PRICE_KEYS = ['ad_like_price', 'ad_comment_price'] as const;

function adStatus(row: AdRow, currency: MemberCurrency): AdStatus {
  return {
    res: row.liked !== null || row.message !== null,
    paid: toMemberString(row.paidMinor, currency),
    data: JSON.stringify({ liked: row.liked ?? false, message: row.message ?? '' }),
  };
}

/** `populateads`: today's 5 ads on show with the member's response and earnings; empty with a message on other days. */
export async function listAds(deps: AppDeps, memberId: bigint): Promise<{ ads: AdItem[]; msg: string }> {
  const context = await loadTaskContext(deps, { memberId, kind: 'ads' });
  const { availability, currency } = context;
  if (!availability.isOpen) return { ads: [], msg: availability.closedMessage };
  const ids = await itemsOnShow(deps, { day: availability.today, kind: 'ads' });
  const byId = new Map(
    (await selectAdsForMember(deps.db, { ids, memberId, day: availability.today })).map((row) => [row.id, row]),
  );
  const ads = ids.flatMap((id, index) => {
    const row = byId.get(id);
    if (!row) return [];
    return [
      {
        v_id: id.toString(),
        v_name: row.name,
        v_url: row.imageUrl,
        v_link: row.link,
        No: index + 1,
        v_status: adStatus(row, currency),
      },
    ];
  });
  return { ads, msg: ads.length === 0 ? 'No ads on show today' : 'Ads loaded' };
}

type AdAction = 'like' | 'unlike' | 'comment';

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
 * once. Money goes to the Ads wallet (keys ads:<member>:<ad>:<day>:like|comment). The response row is written first
 * and the movement second in one transaction, the same order for every action, so concurrent calls cannot deadlock.
 */
export async function respondToAd(
  deps: AppDeps,
  input: { memberId: bigint; adId: bigint; liked: boolean; message: string },
): Promise<PayAdsData> {
  const action = actionOf(input);
  const context = await loadTaskContext(deps, { memberId: input.memberId, kind: 'ads' });
  const { at, currency, availability } = context;
  if (!availability.isOpen) throw new AppError('LIMIT_NOT_MET', availability.closedMessage);
  const day = availability.today;
  if (!(await itemsOnShow(deps, { day, kind: 'ads' })).includes(input.adId))
    throw new AppError('NOT_FOUND', TASK_MESSAGES.adNotOnShow);
  const prices = parseSettings(PRICE_KEYS, context.settings);
  const priceMinor = parseAmountToMinor(action === 'comment' ? prices.ad_comment_price : prices.ad_like_price) ?? 0n;
  const row = { memberId: input.memberId, adId: input.adId, day, at };

  const paidMinor = await deps.db.transaction(async (tx) => {
    switch (action) {
      case 'unlike':
        await upsertAdLike(tx, { ...row, liked: false });
        return 0n;
      case 'like': {
        await upsertAdLike(tx, { ...row, liked: true });
        const paid = await payAd(tx, { ...row, action, priceMinor, currency });
        return paid ? priceMinor : 0n;
      }
      case 'comment': {
        if (!(await insertAdComment(tx, { ...row, message: input.message.trim() })))
          throw new AppError('ALREADY_DONE', TASK_MESSAGES.adCommentedToday);
        if (!(await payAd(tx, { ...row, action, priceMinor, currency })))
          throw new AppError('ALREADY_DONE', TASK_MESSAGES.adCommentedToday);
        return priceMinor;
      }
      default:
        return assertNever(action);
    }
  });
  const [after] = await selectAdsForMember(deps.db, { ids: [input.adId], memberId: input.memberId, day });
  if (!after) throw new Error(`Ad ${input.adId} vanished`);
  return {
    v_id: input.adId.toString(),
    action,
    amount: toMemberString(paidMinor, currency),
    currency: currency.currency,
    v_status: adStatus(after, currency),
  };
}

/** One movement house:tasks -> the member's Ads wallet with its ad_payments row; false when already paid today. */
async function payAd(
  tx: DbOrTx,
  input: {
    memberId: bigint;
    adId: bigint;
    day: string;
    at: Date;
    action: 'like' | 'comment';
    priceMinor: bigint;
    currency: MemberCurrency;
  },
): Promise<boolean> {
  if (input.priceMinor <= 0n) return false;
  const recorded = await recordMovement(tx, {
    kind: 'ads',
    idempotencyKey: `ads:${input.memberId}:${input.adId}:${input.day}:${input.action}`,
    memberId: input.memberId,
    memo: `Ad ${input.adId} ${input.action} ${input.day}`,
    conversion: {
      rateMicro: input.currency.rateMicro,
      localAmountMinor: systemToLocalMinor(input.priceMinor, input.currency.rateMicro),
      currency: input.currency.currency,
    },
    request: { ad: input.adId, day: input.day, action: input.action },
    at: input.at,
    legs: [
      { account: { system: 'house:tasks' }, amountMinor: -input.priceMinor },
      { account: { memberId: input.memberId, wallet: 'ads' }, amountMinor: input.priceMinor },
    ],
    business: businessRow(adPayments, 'transactionId', {
      memberId: input.memberId,
      adId: input.adId,
      day: input.day,
      action: input.action,
      amountMinor: input.priceMinor,
      createdAt: input.at,
    }),
    audit: {
      actorId: input.memberId,
      action: `task.ads.${input.action}`,
      targetType: 'ad',
      targetId: input.adId,
      after: { transaction_id: '$transaction_id', day: input.day, amount_minor: formatMinor(input.priceMinor) },
    },
  });
  return !recorded.duplicate;
}

function assertNever(value: never): never {
  throw new Error(`Unhandled ad action: ${String(value)}`);
}
