import { NoPayloadSchema, TASK_MESSAGES, TasksDataSchema } from '@tuzo/contracts';
import { defineAction } from '../../http/action.ts';
import { listTimetable } from './timetable.service.ts';

export const timetableActions = [
  defineAction({
    name: 'tasks',
    methods: ['GET'],
    access: 'active',
    summary: 'The operator’s timetable rows {aid, aname, adate (JSON text of a dates list)}; the screen adds the fixed rows.',
    payload: NoPayloadSchema,
    data: TasksDataSchema,
    handler: async (ctx) => {
      const rows = await listTimetable(ctx.deps);
      return { msg: rows.length === 0 ? TASK_MESSAGES.noTasks : 'Tasks loaded', data: rows };
    },
  }),
];
