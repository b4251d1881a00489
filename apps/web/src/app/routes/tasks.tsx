import { Timetable } from '@/features/timetable';

/** Tasks (/tasks): the timetable. */
export default function TasksRoute() {
  return <Timetable />;
}
