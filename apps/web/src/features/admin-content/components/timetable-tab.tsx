import { AdminTimetableSavePayloadSchema, type AdminTimetableRow } from '@tuzo/contracts';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { errorMessage, failureText, showErrorToast } from '@/lib/api-client';
import { useDeleteTimetable } from '../api/delete-timetable';
import { useAdminTimetable } from '../api/get-timetable';
import { useSaveTimetable } from '../api/save-timetable';
import { actionsColumn, EditButton, stateColumn } from './content-columns';
import { ContentEditor } from './content-editor';
import { ContentInput } from './content-field';
import { useContentTab } from './use-content-tab';

/** Timetable: the rows members see on /timetable (a name and its days); add, edit, delete. */
export function TimetableTab() {
  const { data, isPending, error } = useAdminTimetable();
  const save = useSaveTimetable();
  const remove = useDeleteTimetable();
  const { isOperator, editing, setEditing, errors, onSubmit } = useContentTab<AdminTimetableRow>({
    schema: AdminTimetableSavePayloadSchema,
    send: save.mutateAsync,
    toPayload: (values, editing) => ({
      ...(editing ? { id: editing.id } : {}),
      name: values.get('name'),
      dates: String(values.get('dates') ?? '')
        .split(',')
        .map((day) => day.trim())
        .filter((day) => day !== ''),
      sort_order: values.get('sort_order') || 0,
      active: values.get('active') === 'on',
    }),
    serverField: 'name',
    failed: 'The row was not saved',
    saved: 'Timetable row saved',
  });
  async function deleteRow(row: AdminTimetableRow) {
    if (!window.confirm(`Delete “${row.name}”?`)) return;
    try {
      await remove.mutateAsync({ id: row.id });
      toast.success('Timetable row deleted');
    } catch (failure) {
      showErrorToast(
        failureText(failure, { failed: 'The row was not deleted', thrown: errorMessage(failure) }) ?? 'The row was not deleted',
      );
    }
  }
  const columns: Array<DataTableColumn<AdminTimetableRow>> = [
    { header: 'Order', className: 'tabular-nums', cell: (row) => row.sort_order },
    { header: 'Name', cell: (row) => row.name },
    { header: 'Days', cell: (row) => row.dates.join(', ') },
    stateColumn('Shown', 'Hidden'),
    ...actionsColumn(isOperator, (row: AdminTimetableRow) => (
      <div className="flex gap-2">
        <EditButton label={`Edit ${row.name}`} onClick={() => setEditing(row)} />
        <Button
          size="sm"
          variant="outline"
          disabled={remove.isPending}
          onClick={() => void deleteRow(row)}
          aria-label={`Delete ${row.name}`}
        >
          Delete
        </Button>
      </div>
    )),
  ];
  return (
    <div className="flex flex-col gap-4">
      {isOperator ? (
        <ContentEditor
          title={editing ? `Edit “${editing.name}”` : 'Add a timetable row'}
          formLabel={editing ? 'Edit timetable row' : 'Add timetable row'}
          formKey={editing?.id ?? 'new'}
          onSubmit={onSubmit}
          submitLabel={editing ? 'Save row' : 'Add row'}
          isPending={save.isPending}
          onCancel={editing ? () => setEditing(null) : undefined}
        >
          <ContentInput
            label="Name"
            id="tt-name"
            error={errors.name}
            name="name"
            maxLength={200}
            defaultValue={editing?.name ?? ''}
          />
          <ContentInput
            label="Days (comma separated: Monday, 2026-12-24)"
            id="tt-dates"
            error={errors.dates}
            name="dates"
            defaultValue={editing?.dates.join(', ') ?? ''}
          />
          <Field label="Order" htmlFor="tt-order" error={errors.sort_order}>
            <Input id="tt-order" name="sort_order" type="number" min={0} max={10000} defaultValue={editing?.sort_order ?? 0} />
          </Field>
          <label className="flex items-center gap-2 self-end pb-2 text-sm">
            <input type="checkbox" name="active" defaultChecked={editing?.active ?? true} className="size-4" />
            Shown to members
          </label>
        </ContentEditor>
      ) : null}
      <Card>
        <CardHeader>
          <CardTitle id="timetable-title">Timetable</CardTitle>
        </CardHeader>
        <CardContent className="px-0 sm:px-0">
          <DataTable
            labelledBy="timetable-title"
            columns={columns}
            rows={data}
            isPending={isPending}
            error={
              error
                ? failureText(error, { failed: 'Failed to load the timetable', thrown: 'Failed to load the timetable' })
                : null
            }
            emptyText="No timetable rows."
            getRowKey={(row) => String(row.id)}
            getRowAttributes={(row) => ({ 'data-testid': 'timetable-row', 'data-id': String(row.id) })}
            minWidthClassName="min-w-[36rem]"
            hasSwipeHint
          />
        </CardContent>
      </Card>
    </div>
  );
}
