import type { AdminSettingRow } from '@tuzo/contracts';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PageSpinner } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { useStaffRole } from '@/lib/staff-role';
import { useAdminCountries } from '../api/get-countries';
import { useSettings } from '../api/get-settings';
import { useTaskDays } from '../api/task-days';
import { CountryEditor } from './country-editor';
import { SettingForm } from './setting-form';
import { SETTING_GROUPS } from './setting-value';
import { SpinTableEditor } from './spin-table-editor';
import { TaskDaysForm } from './task-days-form';

const SPIN_TABLES = new Set(['spins.casino_table', 'spins.free_table']);

function groupRows(rows: readonly AdminSettingRow[]) {
  const listed = new Set(SETTING_GROUPS.flatMap((group) => group.keys));
  const byKey = new Map(rows.map((row) => [row.key, row]));
  const groups = SETTING_GROUPS.map((group) => ({ title: group.title, rows: group.keys.flatMap((key) => byKey.get(key) ?? []) }));
  const other = rows.filter((row) => !listed.has(row.key));
  return other.length > 0 ? [...groups, { title: 'Other', rows: other }] : groups;
}

function CountriesCard({ canEdit }: { canEdit: boolean }) {
  const { data, isPending, error } = useAdminCountries();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Countries, fees and tariffs</CardTitle>
        <CardDescription>
          Amounts are in each country’s own currency; the brackets are replaced as a whole and may not overlap.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-2">
        {isPending ? <PageSpinner /> : null}
        {error ? <Alert tone="error">{errorMessage(error)}</Alert> : null}
        {data?.countries.map((country) => (
          <details key={country.id} className="rounded-lg border border-slate-200 p-3">
            <summary className="cursor-pointer text-sm font-medium text-slate-800">
              {country.name} ({country.abbreviation}, {country.currency}){country.enabled ? '' : ' · closed'}
            </summary>
            <div className="pt-3">
              <CountryEditor country={country} canEdit={canEdit} />
            </div>
          </details>
        ))}
      </CardContent>
    </Card>
  );
}

function TaskDaysCard({ canEdit }: { canEdit: boolean }) {
  const { data, error } = useTaskDays();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Task days</CardTitle>
        <CardDescription>The weekdays each task runs on (the operator’s time zone).</CardDescription>
      </CardHeader>
      <CardContent>
        {error ? <Alert tone="error">{errorMessage(error)}</Alert> : null}
        {data?.schedules.map((schedule) => (
          <TaskDaysForm key={schedule.kind} schedule={schedule} canEdit={canEdit} />
        ))}
      </CardContent>
    </Card>
  );
}

/** /admin/settings: every operator setting of the registry, grouped; support staff see the values read-only. */
export function SettingsPage() {
  const { isOperator: canEdit } = useStaffRole();
  const { data, isPending, error } = useSettings();
  if (isPending) return <PageSpinner />;
  if (error || !data) return <Alert tone="error">{errorMessage(error)}</Alert>;
  return (
    <div className="flex flex-col gap-6">
      {canEdit ? null : <Alert tone="info">Settings are managed by operators; you can read them here.</Alert>}
      {groupRows(data.settings).map((group) => (
        <Card key={group.title}>
          <CardHeader>
            <CardTitle>{group.title}</CardTitle>
          </CardHeader>
          <CardContent>
            {group.rows.map((row) =>
              SPIN_TABLES.has(row.key) ? (
                <SpinTableEditor key={row.key} row={row} canEdit={canEdit} bounds={data.casino_return_bounds} />
              ) : (
                <SettingForm key={row.key} row={row} canEdit={canEdit} />
              ),
            )}
          </CardContent>
        </Card>
      ))}
      <CountriesCard canEdit={canEdit} />
      <TaskDaysCard canEdit={canEdit} />
    </div>
  );
}
