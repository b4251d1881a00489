import { TASK_MESSAGES } from '@tuzo/contracts';
import { defineAction } from '../../http/action.ts';
import { listTimetable } from './timetable.service.ts';

export const timetableActions = [
  defineAction('tasks', {
    handler: async (ctx) => {
      const rows = await listTimetable(ctx.deps);
      return { msg: rows.length === 0 ? TASK_MESSAGES.noTasks : 'Tasks loaded', data: rows };
    },
  }),
];
