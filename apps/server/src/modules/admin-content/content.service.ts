import {
  formatMinor,
  parseAmountToMinor,
  type AdminAdRow,
  type AdminAdSavePayload,
  type AdminLessonRow,
  type AdminLessonSavePayload,
  type AdminTimetableRow,
  type AdminTimetableSavePayload,
  type AdminVideoRow,
  type AdminVideoSavePayload,
} from '@tuzo/contracts';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { writeAudit } from '../audit/index.ts';
import * as repo from './catalogue.ts';
import { isServedMediaFile } from './media-files.ts';

interface Staff {
  operatorId: bigint;
  ip: string;
}
interface Page {
  page: number;
  limit: number;
}

const toVideo = (row: repo.VideoCatalogueRow): AdminVideoRow => ({
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

async function checkMediaUrl(deps: AppDeps, url: string): Promise<void> {
  if (url.startsWith('/media/') && !(await isServedMediaFile(deps, url)))
    throw new AppError('VALIDATION_FAILED', `No such file: ${url.slice(0, 100)}`);
}

export async function listVideos(
  deps: AppDeps,
  input: Page & { task?: 'youtube' | 'tiktok' | undefined; status?: 'active' | 'retired' | undefined },
) {
  const { rows, total } = await repo.selectVideoPage(deps.db, {
    task: input.task,
    status: input.status,
    limit: input.limit,
    offset: (input.page - 1) * input.limit,
  });
  return { rows: rows.map(toVideo), page: input.page, limit: input.limit, total };
}

export async function saveVideo(deps: AppDeps, input: AdminVideoSavePayload & Staff): Promise<AdminVideoRow> {
  const source = videoSourceOf(input.url);
  if (source === null) throw new AppError('VALIDATION_FAILED', 'Use a YouTube or TikTok https link, or a file under /media/');
  await checkMediaUrl(deps, input.url);
  const priceMinor = parseAmountToMinor(input.price);
  if (priceMinor === null || priceMinor <= 0n) throw new AppError('VALIDATION_FAILED', 'The price must be above zero');
  const values: repo.VideoValues = {
    task: input.task,
    source,
    title: input.title,
    url: input.url,
    priceMinor,
    active: input.active,
  };
  return deps.db.transaction(async (tx) => {
    const before = input.id === undefined ? null : await repo.selectVideoForUpdate(tx, input.id);
    if (input.id !== undefined && before === null) throw new AppError('NOT_FOUND', 'Video not found');
    const row = await repo.upsertVideo(tx, input.id ?? null, values);
    await writeAudit(tx, {
      actorId: input.operatorId,
      action: before ? 'video.edit' : 'video.add',
      targetType: 'video',
      targetId: row.id,
      before,
      after: toVideo(row),
      ip: input.ip,
    });
    return toVideo(row);
  });
}

export async function setVideoActive(deps: AppDeps, input: { id: bigint; active: boolean } & Staff): Promise<AdminVideoRow> {
  return deps.db.transaction(async (tx) => {
    const before = await repo.selectVideoForUpdate(tx, input.id);
    if (!before) throw new AppError('NOT_FOUND', 'Video not found');
    if (before.active === input.active)
      throw new AppError('CONFLICT', input.active ? 'The video is already active' : 'The video is already retired');
    const row = await repo.setVideoActive(tx, input.id, input.active);
    await writeAudit(tx, {
      actorId: input.operatorId,
      action: input.active ? 'video.restore' : 'video.retire',
      targetType: 'video',
      targetId: row.id,
      before: { active: before.active },
      after: { active: input.active },
      ip: input.ip,
    });
    return toVideo(row);
  });
}

export async function listAds(deps: AppDeps, input: Page & { status?: 'active' | 'retired' | undefined }) {
  const { rows, total } = await repo.selectAdPage(deps.db, {
    status: input.status,
    limit: input.limit,
    offset: (input.page - 1) * input.limit,
  });
  return { rows, page: input.page, limit: input.limit, total };
}

export async function saveAd(deps: AppDeps, input: AdminAdSavePayload & Staff): Promise<AdminAdRow> {
  await checkMediaUrl(deps, input.image_url);
  return deps.db.transaction(async (tx) => {
    const before = input.id === undefined ? null : await repo.selectAdForUpdate(tx, input.id);
    if (input.id !== undefined && before === null) throw new AppError('NOT_FOUND', 'Ad not found');
    const row = await repo.upsertAd(tx, input.id ?? null, {
      name: input.name,
      imageUrl: input.image_url,
      link: input.link ?? null,
      active: input.active,
    });
    await writeAudit(tx, {
      actorId: input.operatorId,
      action: before ? 'ad.edit' : 'ad.add',
      targetType: 'ad',
      targetId: row.id,
      before,
      after: row,
      ip: input.ip,
    });
    return row;
  });
}

export async function setAdActive(deps: AppDeps, input: { id: bigint; active: boolean } & Staff): Promise<AdminAdRow> {
  return deps.db.transaction(async (tx) => {
    const before = await repo.selectAdForUpdate(tx, input.id);
    if (!before) throw new AppError('NOT_FOUND', 'Ad not found');
    if (before.active === input.active)
      throw new AppError('CONFLICT', input.active ? 'The ad is already active' : 'The ad is already retired');
    const row = await repo.setAdActive(tx, input.id, input.active);
    await writeAudit(tx, {
      actorId: input.operatorId,
      action: input.active ? 'ad.restore' : 'ad.retire',
      targetType: 'ad',
      targetId: row.id,
      before: { active: before.active },
      after: { active: input.active },
      ip: input.ip,
    });
    return row;
  });
}

export async function listTimetable(deps: AppDeps): Promise<{ rows: AdminTimetableRow[] }> {
  return { rows: await repo.selectAllTimetable(deps.db) };
}

export async function saveTimetable(deps: AppDeps, input: AdminTimetableSavePayload & Staff): Promise<AdminTimetableRow> {
  return deps.db.transaction(async (tx) => {
    const before = input.id === undefined ? null : await repo.selectTimetableForUpdate(tx, input.id);
    if (input.id !== undefined && before === null) throw new AppError('NOT_FOUND', 'Timetable row not found');
    const row = await repo.upsertTimetable(tx, input.id ?? null, {
      name: input.name,
      dates: input.dates,
      sortOrder: input.sort_order,
      active: input.active,
    });
    await writeAudit(tx, {
      actorId: input.operatorId,
      action: before ? 'timetable.edit' : 'timetable.add',
      targetType: 'timetable_task',
      targetId: row.id,
      before,
      after: row,
      ip: input.ip,
    });
    return row;
  });
}

export async function removeTimetable(deps: AppDeps, input: { id: number } & Staff): Promise<AdminTimetableRow> {
  return deps.db.transaction(async (tx) => {
    const before = await repo.selectTimetableForUpdate(tx, input.id);
    if (!before) throw new AppError('NOT_FOUND', 'Timetable row not found');
    await repo.deleteTimetable(tx, input.id);
    await writeAudit(tx, {
      actorId: input.operatorId,
      action: 'timetable.delete',
      targetType: 'timetable_task',
      targetId: input.id,
      before,
      ip: input.ip,
    });
    return before;
  });
}

export async function listLessons(deps: AppDeps, kind: 'forex' | 'crypto' | undefined): Promise<{ rows: AdminLessonRow[] }> {
  return { rows: await repo.selectAllLessons(deps.db, kind) };
}

export async function saveLesson(deps: AppDeps, input: AdminLessonSavePayload & Staff): Promise<AdminLessonRow> {
  return deps.db.transaction(async (tx) => {
    const before = input.id === undefined ? null : await repo.selectLessonForUpdate(tx, input.id);
    if (input.id !== undefined && before === null) throw new AppError('NOT_FOUND', 'Lesson not found');
    const values = {
      kind: input.kind,
      part: input.part,
      title: input.title,
      summary: input.summary,
      link: input.link ?? null,
      active: input.active,
    };
    const row = await repo.upsertLesson(tx, input.id ?? null, values);
    if (!row) throw new AppError('CONFLICT', `There is already a ${input.kind} lesson part ${input.part}`);
    await writeAudit(tx, {
      actorId: input.operatorId,
      action: before ? 'lesson.edit' : 'lesson.add',
      targetType: 'lesson',
      targetId: row.id,
      before,
      after: row,
      ip: input.ip,
    });
    return row;
  });
}
