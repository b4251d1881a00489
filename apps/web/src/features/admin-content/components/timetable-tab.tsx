import { AdminTimetableSavePayloadSchema, type AdminTimetableRow, type AdminTimetableSaveInput } from '@tuzo/contracts';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import type { DataTableColumn } from '@/components/ui/data-table';
import { Field, InputField } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { listError } from '@/components/ui/table-card';
import { errorMessage, failureText, showErrorToast } from '@/lib/api-client';
import { useDeleteTimetable, useSaveTimetable } from '../api/content-writes';
import { useAdminTimetable } from '../api/get-timetable';
import { actionsColumn, EditButton, stateColumn } from './content-columns';
import { ContentEditor } from './content-editor';
import type { ContentInputsProps } from './content-field';
import { ContentTab } from './content-tab';
import { useContentTab } from './use-content-tab';

interface TimetableFields {
  name: string;
  /** Comma separated; sent as a list. */
  dates: string;
  /** As typed; empty is 0. */
  sort_order: string;
  active: boolean;
}

/** Timetable: the rows members see on /timetable (a name and its days); add, edit, delete. */
export function TimetableTab() {
  const { data, isPending, error } = useAdminTimetable();
  const save = useSaveTimetable();
  const tab = useContentTab<AdminTimetableRow, TimetableFields, AdminTimetableSaveInput>({
    schema: AdminTimetableSavePayloadSchema,
    fieldsOf: (editing) => ({
      name: editing?.name ?? '',
      dates: editing?.dates.join(', ') ?? '',
      sort_order: String(editing?.sort_order ?? 0),
      active: editing?.active ?? true,
    }),
    toPayload: (fields, editing) => ({
      ...(editing ? { id: editing.id } : {}),
      name: fields.name,
      dates: fields.dates
        .split(',')
        .map((day) => day.trim())
        .filter((day) => day !== ''),
      sort_order: fields.sort_order || 0,
      active: fields.active,
    }),
    send: save.mutateAsync,
    serverField: 'name',
    failed: 'The row was not saved',
    saved: 'Timetable row saved',
  });
  const { editing, form } = tab;
  const columns: Array<DataTableColumn<AdminTimetableRow>> = [
    { header: 'Order', className: 'tabular-nums', cell: (row) => row.sort_order },
    { header: 'Name', cell: (row) => row.name },
    { header: 'Days', cell: (row) => row.dates.join(', ') },
    stateColumn('Shown', 'Hidden'),
    ...actionsColumn(tab.isOperator, (row: AdminTimetableRow) => (
      <div className="flex gap-2">
        <EditButton label={`Edit ${row.name}`} onClick={() => tab.setEditing(row)} />
        <DeleteRowButton row={row} />
      </div>
    )),
  ];
  const editor = tab.isOperator ? (
    <ContentEditor
      {...tab.editor}
      title={editing ? `Edit “${editing.name}”` : 'Add a timetable row'}
      formLabel={editing ? 'Edit timetable row' : 'Add timetable row'}
      submitLabel={editing ? 'Save row' : 'Add row'}
      isPending={save.isPending}
    >
      <TimetableFieldInputs form={form} errors={tab.errors} />
    </ContentEditor>
  ) : null;
  return (
    <ContentTab
      editor={editor}
      title="Timetable"
      titleId="timetable-title"
      columns={columns}
      rows={data}
      isPending={isPending}
      error={listError(error, 'Failed to load the timetable')}
      emptyText="No timetable rows."
      getRowKey={(row) => String(row.id)}
      getRowAttributes={(row) => ({ 'data-testid': 'timetable-row', 'data-id': String(row.id) })}
      minWidthClassName="min-w-[36rem]"
      hasSwipeHint
    />
  );
}

/** The timetable editor's inputs: name, days, order and whether members see the row. */
function TimetableFieldInputs({ form, errors }: ContentInputsProps<TimetableFields>) {
  return (
    <>
      <InputField label="Name" id="tt-name" error={errors.name} field={form.register('name')} maxLength={200} />
      <InputField
        label="Days (comma separated: Monday, 2026-12-24)"
        id="tt-dates"
        error={errors.dates}
        field={form.register('dates')}
      />
      <Field label="Order" htmlFor="tt-order" error={errors.sort_order}>
        <Input id="tt-order" type="number" min={0} max={10000} {...form.register('sort_order')} />
      </Field>
      <label className="flex items-center gap-2 self-end pb-2 text-sm">
        <input type="checkbox" className="size-4" {...form.register('active')} />
        Shown to members
      </label>
    </>
  );
}

/** Delete, once the operator confirms it; a toast either way. */
function DeleteRowButton({ row }: { row: AdminTimetableRow }) {
  const remove = useDeleteTimetable();
  async function deleteRow() {
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
  return (
    <Button
      size="sm"
      variant="outline"
      disabled={remove.isPending}
      onClick={() => void deleteRow()}
      aria-label={`Delete ${row.name}`}
    >
      Delete
    </Button>
  );
}
