import { formatMinor, parseAmountToMinor, type AdminVideoRow, type AdminVideoSavePayload } from '@tuzo/contracts';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { isServedOrExternal } from '../../lib/media-files.ts';
import { saveAudited, setActiveAudited, type AuditedSubject, type OperatorStamp } from '../audit/index.ts';
import {
  selectVideoForUpdate,
  selectVideoPage,
  setVideoActive,
  upsertVideo,
  type VideoCatalogueRow,
} from './video-catalogue.repository.ts';

/** The console's video catalogue (`adminvideos`, `adminvideosave`, `adminvideoretire` in admin-content). */
const VIDEO: AuditedSubject = { noun: 'video', action: 'video', targetType: 'video' };

const toVideo = (row: VideoCatalogueRow): AdminVideoRow => ({
  id: row.id,
  task: row.task,
  source: row.source,
  title: row.title,
  url: row.url,
  price: formatMinor(BigInt(row.price_minor)),
  active: row.active,
});

/** YouTube and TikTok links play in the official embed; any other https site is refused (it would not play). */
function videoSourceOf(url: string): 'youtube' | 'tiktok' | 'file' | null {
  if (url.startsWith('/media/')) return 'file';
  const host = new URL(url).hostname.toLowerCase();
  if (['youtube.com', 'www.youtube.com', 'm.youtube.com', 'youtu.be'].includes(host)) return 'youtube';
  if (host === 'tiktok.com' || host.endsWith('.tiktok.com')) return 'tiktok';
  return null;
}

/** One page of the catalogue, newest first, by list and status. */
export async function listVideoCatalogue(
  deps: AppDeps,
  input: { page: number; limit: number; task?: 'youtube' | 'tiktok' | undefined; status?: 'active' | 'retired' | undefined },
) {
  const { rows, total } = await selectVideoPage(deps.db, {
    task: input.task,
    status: input.status,
    limit: input.limit,
    offset: (input.page - 1) * input.limit,
  });
  return { rows: rows.map(toVideo), page: input.page, limit: input.limit, total };
}

/** Adds or edits a video: a YouTube or TikTok link or a served file, a price above zero; audited. */
export async function saveCatalogueVideo(deps: AppDeps, input: AdminVideoSavePayload & OperatorStamp): Promise<AdminVideoRow> {
  const source = videoSourceOf(input.url);
  if (source === null) throw new AppError('VALIDATION_FAILED', 'Use a YouTube or TikTok https link, or a file under /media/');
  if (!(await isServedOrExternal(deps, input.url)))
    throw new AppError('VALIDATION_FAILED', `No such file: ${input.url.slice(0, 100)}`);
  const priceMinor = parseAmountToMinor(input.price);
  if (priceMinor === null || priceMinor <= 0n) throw new AppError('VALIDATION_FAILED', 'The price must be above zero');
  const values = { task: input.task, source, title: input.title, url: input.url, priceMinor, active: input.active };
  const row = await saveAudited(deps, VIDEO, {
    ...input,
    lock: selectVideoForUpdate,
    write: (tx) => upsertVideo(tx, input.id ?? null, values),
    targetId: (written) => written.id,
    audit: (before, written) => ({ before, after: toVideo(written) }),
  });
  return toVideo(row);
}

/** Retires or restores a video (a retired one is no longer offered to members). */
export async function retireCatalogueVideo(
  deps: AppDeps,
  input: { id: bigint; active: boolean } & OperatorStamp,
): Promise<AdminVideoRow> {
  return toVideo(await setActiveAudited(deps, VIDEO, { ...input, lock: selectVideoForUpdate, write: setVideoActive }));
}
