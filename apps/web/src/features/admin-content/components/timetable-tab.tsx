import { AdminTimetableSavePayloadSchema, type AdminTimetableRow } from '@tuzo/contracts';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { Field, invalidProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { errorMessage, failureText, showErrorToast } from '@/lib/api-client';
import { useStaffRole } from '@/lib/staff-role';
import { useDeleteTimetable } from '../api/delete-timetable';
import { useAdminTimetable } from '../api/get-timetable';
import { useSaveTimetable } from '../api/save-timetable';
import { ContentEditor } from './content-editor';
import { submitWithSchema, type FieldErrors } from './submit-with-schema';

/** Timetable: the rows members see on /timetable (a name and its days); add, edit, delete. */
export function TimetableTab() {
  const { isOperator } = useStaffRole();
  const { data, isPending, error } = useAdminTimetable();
  const save = useSaveTimetable();
  const remove = useDeleteTimetable();
  const [editing, setEditing] = useState<AdminTimetableRow | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const values = new FormData(form);
    const dates = String(values.get('dates') ?? '')
      .split(',')
      .map((day) => day.trim())
      .filter((day) => day !== '');
    const payload = {
      ...(editing ? { id: editing.id } : {}),
      name: values.get('name'),
      dates,
      sort_order: values.get('sort_order') || 0,
      active: values.get('active') === 'on',
    };
    const result = await submitWithSchema({
      schema: AdminTimetableSavePayloadSchema,
      values: payload,
      send: save.mutateAsync,
      serverField: 'name',
      failed: 'The row was not saved',
    });
    setErrors(result ?? {});
    if (result === null) {
      toast.success('Timetable row saved');
      form.reset();
      setEditing(null);
    }
  }
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
    {
      header: 'State',
      cell: (row) => <Badge tone={row.active ? 'success' : 'neutral'}>{row.active ? 'Shown' : 'Hidden'}</Badge>,
    },
    ...(isOperator
      ? [
          {
            header: 'Actions',
            cell: (row: AdminTimetableRow) => (
              <div className="flex gap-2">
                <Button size="sm" variant="outline" onClick={() => setEditing(row)} aria-label={`Edit ${row.name}`}>
                  Edit
                </Button>
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
            ),
          },
        ]
      : []),
  ];
  return (
    <div className="flex flex-col gap-4">
      {isOperator ? (
        <ContentEditor
          title={editing ? `Edit “${editing.name}”` : 'Add a timetable row'}
          formLabel={editing ? 'Edit timetable row' : 'Add timetable row'}
          formKey={editing?.id ?? 'new'}
          onSubmit={(event) => void submit(event)}
          submitLabel={editing ? 'Save row' : 'Add row'}
          isPending={save.isPending}
          onCancel={editing ? () => setEditing(null) : undefined}
        >
          <Field label="Name" htmlFor="tt-name" error={errors.name}>
            <Input
              id="tt-name"
              name="name"
              maxLength={200}
              defaultValue={editing?.name ?? ''}
              {...invalidProps('tt-name', errors.name)}
            />
          </Field>
          <Field label="Days (comma separated: Monday, 2026-12-24)" htmlFor="tt-dates" error={errors.dates}>
            <Input
              id="tt-dates"
              name="dates"
              defaultValue={editing?.dates.join(', ') ?? ''}
              {...invalidProps('tt-dates', errors.dates)}
            />
          </Field>
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
