import { z } from 'zod';
import { bigId } from './primitives.ts';
import { MoneyStringSchema } from './money-schemas.ts';

/**
 * Video and ad tasks and the timetable (spec part 2: "YouTube, TikTok, Ads", "Timetable", sections 3, 4, 7, 8, 9;
 * business rules "Tasks"). Prices are shown in the member's currency; the ledger holds system minor units.
 */

/** Spec section 9: a video pays after 5 seconds of play (the server checks its own recorded start). */
export const VIDEO_PAY_AFTER_SECONDS = 5;
/** Items on show each day (business rules, Tasks). */
export const ON_SHOW_COUNTS = { youtube: 4, tiktok: 4, ads: 5 } as const;

/** Spec section 9, "Static timetable rows", shown after the server's rows. */
export const STATIC_TIMETABLE_ROWS = [
  { name: 'Daily Bonuses', when: 'Daily' },
  { name: 'Welcome Bonus', when: 'Once after joining' },
  { name: 'Free Spin', when: 'Once after joining' },
  { name: 'Casino Spin', when: 'Daily, unlimited' },
  { name: 'Affiliate Earnings', when: 'Daily, unlimited' },
  { name: 'Forex Advancement', when: 'Daily, unlimited' },
  { name: 'Crypto', when: 'Daily' },
] as const;

/** Texts of the screens and the server (the spec's own toasts included). */
export const TASK_MESSAGES = {
  loadVideosFailed: 'Failed to load videos',
  loadAdsFailed: 'Failed to load ads',
  likeFailed: 'Failed to update like status',
  commentFailed: 'Failed to submit comment',
  liked: 'Liked ad',
  unliked: 'Unliked ad',
  commentSubmitted: 'Comment submitted',
  enterComment: 'Please enter a comment',
  tasksFailed: 'Failed to fetch tasks',
  noTasks: 'No additional tasks available',
  videoNotOnShow: 'This video is not on show today',
  videoNotStarted: 'Play the video before asking to be paid for it',
  videoTooSoon: `Watch at least ${VIDEO_PAY_AFTER_SECONDS} seconds of the video to be paid`,
  videoPaidToday: 'This video was already paid today',
  adNotOnShow: 'This ad is not on show today',
  adCommentedToday: 'You already commented on this ad today',
} as const;

/** An item id as the spec's client sends it: a number or its digits. */
const ItemIdSchema = bigId('Unknown item');

export const VideoIdPayloadSchema = z.object({ vid: ItemIdSchema });
export type VideoIdPayload = z.input<typeof VideoIdPayloadSchema>;

export const VideoSourceSchema = z.enum(['youtube', 'tiktok', 'file']);
export type VideoSource = z.infer<typeof VideoSourceSchema>;

/** Spec section 3: v_id, v_url, v_price, v_status (paid today), No; plus the title and how it plays. */
export const VideoItemSchema = z.object({
  v_id: z.string(),
  v_url: z.string(),
  v_price: MoneyStringSchema,
  v_status: z.boolean(),
  No: z.number().int(),
  v_title: z.string(),
  v_source: VideoSourceSchema,
});
export type VideoItem = z.infer<typeof VideoItemSchema>;

export const PopulateYoutubeDataSchema = z.object({
  videos: z.array(VideoItemSchema),
  dates: z.array(z.string()),
  currency: z.string(),
});
export type PopulateYoutubeData = z.infer<typeof PopulateYoutubeDataSchema>;
export const PopulateTiktokDataSchema = z.array(VideoItemSchema);
export type PopulateTiktokData = z.infer<typeof PopulateTiktokDataSchema>;

export const StartVideoDataSchema = z.object({ v_id: z.string(), started_at: z.string() });
export type StartVideoData = z.infer<typeof StartVideoDataSchema>;
export const PayVideoDataSchema = z.object({
  v_id: z.string(),
  amount: MoneyStringSchema,
  currency: z.string(),
  v_status: z.literal(true),
});
export type PayVideoData = z.infer<typeof PayVideoDataSchema>;

/** Spec section 3: v_status of an ad: res (responded today), paid (earned today), data (JSON text: liked, message). */
export const AdStatusSchema = z.object({ res: z.boolean(), paid: MoneyStringSchema, data: z.string() });
export type AdStatus = z.infer<typeof AdStatusSchema>;
export const AdItemSchema = z.object({
  v_id: z.string(),
  v_name: z.string(),
  v_url: z.string(),
  v_link: z.string().nullable(),
  No: z.number().int(),
  v_status: AdStatusSchema,
});
export type AdItem = z.infer<typeof AdItemSchema>;
export const PopulateAdsDataSchema = z.array(AdItemSchema);
export type PopulateAdsData = z.infer<typeof PopulateAdsDataSchema>;

/** What `data` of an ad's status holds once parsed. */
export const AdResponseSchema = z.object({ liked: z.boolean(), message: z.string() });
export type AdResponse = z.infer<typeof AdResponseSchema>;

/** Spec section 7: addId, liked, message; a like sends an empty message, a comment sends liked false. */
export const PayAdsPayloadSchema = z.object({
  addId: ItemIdSchema,
  liked: z.boolean({ error: 'liked must be true or false' }),
  message: z.string({ error: TASK_MESSAGES.enterComment }).max(500, 'Keep the comment under 500 characters').default(''),
});
export type PayAdsPayload = z.input<typeof PayAdsPayloadSchema>;
export const PayAdsDataSchema = z.object({
  v_id: z.string(),
  action: z.enum(['like', 'unlike', 'comment']),
  amount: MoneyStringSchema,
  currency: z.string(),
  v_status: AdStatusSchema,
});
export type PayAdsData = z.infer<typeof PayAdsDataSchema>;

/** Spec section 3: aid, aname, adate (JSON text holding a list of dates). */
export const TimetableTaskSchema = z.object({ aid: z.number().int(), aname: z.string(), adate: z.string() });
export type TimetableTask = z.infer<typeof TimetableTaskSchema>;
export const TasksDataSchema = z.array(TimetableTaskSchema);
export type TasksData = z.infer<typeof TasksDataSchema>;

/** The dates list inside `adate`, or [] when it is not a JSON list of strings. */
export function parseTaskDates(adate: string): string[] {
  try {
    const parsed: unknown = JSON.parse(adate);
    return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

/** The id of a YouTube link (watch, youtu.be, shorts or embed forms), or null. */
export function youtubeVideoId(url: string): string | null {
  const match =
    /^https:\/\/(?:www\.|m\.)?(?:youtube\.com\/(?:watch\?v=|shorts\/|embed\/)|youtu\.be\/)([A-Za-z0-9_-]{11})(?:[?&#].*)?$/.exec(
      url,
    );
  return match?.[1] ?? null;
}

/** The id of a TikTok video link (https://www.tiktok.com/@user/video/ID), or null. */
export function tiktokVideoId(url: string): string | null {
  const match = /^https:\/\/(?:www\.)?tiktok\.com\/@[\w.-]+\/video\/(\d{5,25})(?:[?#].*)?$/.exec(url);
  return match?.[1] ?? null;
}
