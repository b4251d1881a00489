/**
 * The content catalogue the console edits (content.service): videos, ads, timetable rows and lessons. Each table
 * belongs to its feature module, which writes it; this file only gathers their catalogue APIs under one name.
 */
export {
  selectVideoForUpdate,
  selectVideoPage,
  setVideoActive,
  upsertVideo,
  type VideoCatalogueRow,
  type VideoValues,
} from '../videos/index.ts';
export { selectAdForUpdate, selectAdPage, setAdActive, upsertAd, type AdCatalogueRow } from '../ads/index.ts';
export {
  deleteTimetable,
  selectAllTimetable,
  selectTimetableForUpdate,
  upsertTimetable,
  type TimetableRow,
} from '../timetable/index.ts';
export { selectAllLessons, selectLessonForUpdate, upsertLesson, type LessonRow } from '../lessons/index.ts';
