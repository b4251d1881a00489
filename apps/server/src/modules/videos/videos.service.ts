import {
  formatMinor,
  systemToLocalMinor,
  TASK_MESSAGES,
  VIDEO_PAY_AFTER_SECONDS,
  type PayVideoData,
  type StartVideoData,
  type VideoItem,
} from '@tuzo/contracts';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { videoPayments } from '../../db/schema.ts';
import { businessRow } from '../../ledger/business-row.ts';
import { recordMovement } from '../../ledger/movement.ts';
import { toMemberString } from '../wallets/index.ts';
import { itemsOnShow, loadTaskContext, type TaskContext } from '../task-day/index.ts';
import {
  selectVideoFacts,
  startVideoWatch,
  selectVideoTask,
  selectVideosForMember,
  type VideoTask,
} from './videos.repository.ts';

/** The console edits the videos table through these (admin-content's content.service); the table is this module's. */

const WALLET_LABEL: Record<VideoTask, string> = { youtube: 'YouTube', tiktok: 'TikTok' };

export interface VideoList {
  videos: VideoItem[];
  dates: string[];
  currency: string;
  msg: string;
}

/**
 * `populateyoutube` / `populatetiktok`: today's videos on show with the member's price and paid state; an empty
 * list and a message naming the next day when the task does not run today for this member.
 */
export async function listVideos(deps: AppDeps, input: { memberId: bigint; task: VideoTask }): Promise<VideoList> {
  const context = await loadTaskContext(deps, { memberId: input.memberId, kind: input.task });
  const { availability, currency } = context;
  const base = { dates: availability.days, currency: currency.currency };
  if (!availability.isOpen) return { ...base, videos: [], msg: availability.closedMessage };
  const ids = await itemsOnShow(deps, { day: availability.today, kind: input.task });
  const rows = await selectVideosForMember(deps.db, { ids, memberId: input.memberId, day: availability.today });
  const byId = new Map(rows.map((row) => [row.id, row]));
  const videos = ids.flatMap((id, index) => {
    const row = byId.get(id);
    if (!row) return [];
    return [
      {
        v_id: id.toString(),
        v_url: row.url,
        v_price: toMemberString(row.priceMinor, currency),
        v_status: row.isPaidToday,
        No: index + 1,
        v_title: row.title,
        v_source: row.source,
      },
    ];
  });
  return { ...base, videos, msg: videos.length === 0 ? 'No videos on show today' : 'Videos loaded' };
}

/** Refuses unless the task runs today for the member and the video is one of today's set of that task. */
async function openVideo(deps: AppDeps, input: { memberId: bigint; task: VideoTask; videoId: bigint }): Promise<TaskContext> {
  const context = await loadTaskContext(deps, { memberId: input.memberId, kind: input.task });
  if (!context.availability.isOpen) throw new AppError('LIMIT_NOT_MET', context.availability.closedMessage);
  const ids = await itemsOnShow(deps, { day: context.availability.today, kind: input.task });
  if (!ids.includes(input.videoId)) throw new AppError('NOT_FOUND', TASK_MESSAGES.videoNotOnShow);
  return context;
}

/**
 * `startvideo`: records when playback of a video on show starts, by the server's clock. A member watches one video
 * at a time (spec: "Only one video plays at a time"): starting another video, YouTube or TikTok, ends this one's
 * timer; starting the running one again keeps its start. `task` is found from the video (YouTube or TikTok list).
 */
export async function startVideo(deps: AppDeps, input: { memberId: bigint; videoId: bigint }): Promise<StartVideoData> {
  const task = await selectVideoTask(deps.db, input.videoId);
  if (!task) throw new AppError('NOT_FOUND', TASK_MESSAGES.videoNotOnShow);
  const context = await openVideo(deps, { memberId: input.memberId, task, videoId: input.videoId });
  const startedAt = await startVideoWatch(deps.db, {
    memberId: input.memberId,
    videoId: input.videoId,
    day: context.availability.today,
    at: context.at,
  });
  return { v_id: input.videoId.toString(), started_at: startedAt.toISOString() };
}

/**
 * `payyoutube` / `paytiktok`: pays the video's price into the YouTube / TikTok wallet when the video is on show
 * today in that list, it is the member's running watch (no other video was started since) and that watch started at
 * least 5 seconds earlier by the server's clock, and it is not yet paid today. Key `<task>:<member>:<video>:<day>` (and UNIQUE (member, video, day)): concurrent calls pay once.
 */
export async function payVideo(
  deps: AppDeps,
  input: { memberId: bigint; task: VideoTask; videoId: bigint },
): Promise<PayVideoData> {
  const context = await openVideo(deps, input);
  const { at, currency } = context;
  const day = context.availability.today;
  const facts = await selectVideoFacts(deps.db, { videoId: input.videoId, memberId: input.memberId, day });
  if (!facts || facts.task !== input.task) throw new AppError('NOT_FOUND', TASK_MESSAGES.videoNotOnShow);
  if (facts.isPaid) throw new AppError('ALREADY_DONE', TASK_MESSAGES.videoPaidToday);
  if (!facts.startedAt) throw new AppError('LIMIT_NOT_MET', TASK_MESSAGES.videoNotStarted);
  if (at.getTime() - facts.startedAt.getTime() < VIDEO_PAY_AFTER_SECONDS * 1000)
    throw new AppError('LIMIT_NOT_MET', TASK_MESSAGES.videoTooSoon);
  const amount = toMemberString(facts.priceMinor, currency);
  const recorded = await recordMovement(deps.db, {
    kind: input.task,
    idempotencyKey: `${input.task}:${input.memberId}:${input.videoId}:${day}`,
    memberId: input.memberId,
    memo: `${WALLET_LABEL[input.task]} video ${input.videoId} watched ${day}`,
    conversion: {
      rateMicro: currency.rateMicro,
      localAmountMinor: systemToLocalMinor(facts.priceMinor, currency.rateMicro),
      currency: currency.currency,
    },
    // The fact is the request: a repeat of the key is "already paid", whatever the price is now.
    request: { task: input.task, video: input.videoId, day },
    at,
    legs: [
      { account: { system: 'house:tasks' }, amountMinor: -facts.priceMinor },
      { account: { memberId: input.memberId, wallet: input.task }, amountMinor: facts.priceMinor },
    ],
    business: businessRow(videoPayments, 'transactionId', {
      memberId: input.memberId,
      videoId: input.videoId,
      task: input.task,
      day,
      amountMinor: facts.priceMinor,
      createdAt: at,
    }),
    audit: {
      actorId: input.memberId,
      action: `task.${input.task}`,
      targetType: 'video',
      targetId: input.videoId,
      after: { transaction_id: '$transaction_id', day, amount_minor: formatMinor(facts.priceMinor) },
    },
  });
  if (recorded.duplicate) throw new AppError('ALREADY_DONE', TASK_MESSAGES.videoPaidToday);
  return { v_id: input.videoId.toString(), amount, currency: currency.currency, v_status: true };
}
