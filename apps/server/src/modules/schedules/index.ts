/**
 * The schedules module's front door: everything the rest of the server uses from it, each name exported from the
 * file that defines it (decision 049). Files outside modules/schedules/ import this file only; tests may reach inside.
 */
export { lockTaskSchedule, selectTaskSchedules, updateTaskSchedule } from './schedules.repository.ts';
export { scheduleOf, taskAvailability } from './schedules.service.ts';
export type { TaskAvailability } from './schedules.service.ts';
