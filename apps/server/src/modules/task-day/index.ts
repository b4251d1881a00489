/**
 * The task-day module's front door: everything the rest of the server uses from it, each name exported from the
 * file that defines it (decision 049). Files outside modules/task-day/ import this file only; tests may reach inside.
 */
export { itemsOnShow, loadTaskContext, withDaySet } from './task-day.service.ts';
export type { TaskContext } from './task-day.service.ts';
