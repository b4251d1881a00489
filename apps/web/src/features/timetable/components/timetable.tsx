import { parseTaskDates, STATIC_TIMETABLE_ROWS, TASK_MESSAGES } from '@tuzo/contracts';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useTasks } from '../api/get-tasks';

/** The timetable: the server's rows, then the spec's fixed rows (section 9). */
export function Timetable() {
  const query = useTasks();
  const rows = query.data ?? [];
  return (
    <Card className="mx-auto max-w-3xl">
      <CardHeader>
        <CardTitle>Task Timetable</CardTitle>
      </CardHeader>
      <CardContent>
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b text-slate-600">
              <th className="py-2">Task</th>
              <th className="py-2">When</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.aid} className="border-b">
                <td className="py-2 font-medium">{row.aname}</td>
                <td className="py-2">{parseTaskDates(row.adate).join(', ')}</td>
              </tr>
            ))}
            {query.isSuccess && rows.length === 0 ? (
              <tr className="border-b">
                <td colSpan={2} className="py-2 text-slate-500">
                  {TASK_MESSAGES.noTasks}
                </td>
              </tr>
            ) : null}
            {STATIC_TIMETABLE_ROWS.map((row) => (
              <tr key={row.name} className="border-b">
                <td className="py-2 font-medium">{row.name}</td>
                <td className="py-2">{row.when}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </CardContent>
    </Card>
  );
}
