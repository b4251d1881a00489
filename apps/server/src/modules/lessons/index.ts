/**
 * The lessons module's front door: everything the rest of the server uses from it, each name exported from the
 * file that defines it (decision 049). Files outside modules/lessons/ import this file only; tests may reach inside.
 */
export { listLessonCatalogue, saveCatalogueLesson } from './admin-lessons.service.ts';
export { lessonsActions } from './lessons.actions.ts';
export { seedLessons } from './lessons.seed.ts';
