/**
 * The content catalogue the console edits (content.service): videos, ads, timetable rows and lessons. Each table
 * belongs to its feature module, which writes it; this file only gathers their catalogue APIs under one name.
 */
export {
  selectVideoForUpdate,
  selectVideoPage,
  setCatalogueVideoActive as setVideoActive,
  upsertVideo,
  type VideoCatalogueRow as VideoRow,
  type VideoValues,
} from '../videos/videos.service.ts';
export {
  selectAdForUpdate,
  selectAdPage,
  setCatalogueAdActive as setAdActive,
  upsertAd,
  type AdCatalogueRow as AdRow,
} from '../ads/ads.service.ts';
export {
  deleteTimetable,
  selectAllTimetable,
  selectTimetableForUpdate,
  upsertTimetable,
  type TimetableRow,
} from '../timetable/timetable.service.ts';
export { selectAllLessons, selectLessonForUpdate, upsertLesson, type LessonRow } from '../lessons/lessons.service.ts';
