import { parseTaskDates, STATIC_TIMETABLE_ROWS } from '@tuzo/contracts';
import { TitledCard } from '@/components/ui/card';
import { useTexts } from '@/i18n';
import { useTasks } from '../api/get-tasks';
import { TIMETABLE_KEYS, timetableTexts } from '../texts';

/** The timetable: the server's rows, then the spec's fixed rows (section 9). */
export function Timetable() {
  const query = useTasks();
  const t = useTexts(timetableTexts);
  // The fixed rows are the contracts' English words; each has its text in the bundle.
  const fixed = (text: string) => {
    const key = TIMETABLE_KEYS[text];
    return key ? t(key) : text;
  };
  const rows = query.data ?? [];
  return (
    <TitledCard title={t('title')} className="mx-auto max-w-3xl">
      <table className="w-full text-left text-sm">
        <thead>
          <tr className="border-b text-slate-600">
            <th className="py-2">{t('task')}</th>
            <th className="py-2">{t('when')}</th>
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
                {t('noTasks')}
              </td>
            </tr>
          ) : null}
          {STATIC_TIMETABLE_ROWS.map((row) => (
            <tr key={row.name} className="border-b">
              <td className="py-2 font-medium">{fixed(row.name)}</td>
              <td className="py-2">{fixed(row.when)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TitledCard>
  );
}
