import { TASK_MESSAGES, type StartVideoData, type VideoItem } from '@tuzo/contracts';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { toMemberString } from '../wallets/index.ts';
import { itemsOnShow, loadTaskContext, type TaskContext } from '../task-day/index.ts';
import { startVideoWatch, selectVideoTask, selectVideosForMember, type VideoTask } from './videos.repository.ts';

/** The console edits the videos table through these (admin-content's content.service); the table is this module's. */

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
