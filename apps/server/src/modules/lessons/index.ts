/**
 * The lessons module's front door: everything the rest of the server uses from it, each name exported from the
 * file that defines it (decision 049). Files outside modules/lessons/ import this file only; tests may reach inside.
 */
export { selectAllLessons, selectLessonForUpdate, upsertLesson } from './lesson-catalogue.repository.ts';
export type { LessonRow } from './lesson-catalogue.repository.ts';
export { lessonsActions } from './lessons.actions.ts';
export { seedLessons } from './lessons.seed.ts';
