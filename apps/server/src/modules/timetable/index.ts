/**
 * The timetable module's front door: everything the rest of the server uses from it, each name exported from the
 * file that defines it (decision 049). Files outside modules/timetable/ import this file only; tests may reach inside.
 */
export { deleteTimetableRow, listTimetableCatalogue, saveTimetableRow } from './admin-timetable.service.ts';
export { timetableActions } from './timetable.actions.ts';
export { seedDemoTimetable } from './timetable.service.ts';
