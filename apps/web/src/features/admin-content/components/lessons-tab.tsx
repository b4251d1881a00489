import { AdminLessonSavePayloadSchema, LESSON_KINDS, type AdminLessonRow, type AdminLessonSaveInput } from '@tuzo/contracts';
import type { DataTableColumn } from '@/components/ui/data-table';
import { Field, InputField, invalidProps } from '@/components/ui/field';
import { Select } from '@/components/ui/input';
import { listError } from '@/components/ui/table-card';
import { useAdminLessons } from '../api/get-lessons';
import { useSaveLesson } from '../api/content-writes';
import { actionsColumn, EditButton, stateColumn } from './content-columns';
import { ContentEditor } from './content-editor';
import type { ContentInputsProps } from './content-field';
import { ContentTab } from './content-tab';
import { useContentTab } from './use-content-tab';

interface LessonFields {
  kind: AdminLessonRow['kind'];
  /** As typed; the contract reads the number. */
  part: string;
  title: string;
  /** Optional: left out of the payload when empty. */
  link: string;
  summary: string;
  active: boolean;
}

/** Lessons: forex and crypto parts; add (a free kind and part) or edit, hide by unticking Active. */
export function LessonsTab() {
  const { data, isPending, error } = useAdminLessons();
  const save = useSaveLesson();
  const tab = useContentTab<AdminLessonRow, LessonFields, AdminLessonSaveInput>({
    schema: AdminLessonSavePayloadSchema,
    fieldsOf: (editing) => ({
      kind: editing?.kind ?? 'forex',
      part: editing ? String(editing.part) : '',
      title: editing?.title ?? '',
      link: editing?.link ?? '',
      summary: editing?.summary ?? '',
      active: editing?.active ?? true,
    }),
    toPayload: ({ link, ...fields }, editing) => ({
      ...(editing ? { id: editing.id } : {}),
      ...fields,
      ...(link.trim() ? { link: link.trim() } : {}),
    }),
    send: save.mutateAsync,
    serverField: 'part',
    failed: 'The lesson was not saved',
    saved: 'Lesson saved',
  });
  const { editing, form } = tab;
  const columns: Array<DataTableColumn<AdminLessonRow>> = [
    { header: 'Course', cell: (row) => (row.kind === 'forex' ? 'Forex' : 'Crypto') },
    { header: 'Part', className: 'tabular-nums', cell: (row) => row.part },
    { header: 'Title', cell: (row) => row.title },
    stateColumn('Active', 'Hidden'),
    ...actionsColumn(tab.isOperator, (row: AdminLessonRow) => (
      <EditButton label={`Edit ${row.kind} part ${row.part}`} onClick={() => tab.setEditing(row)} />
    )),
  ];
  const editor = tab.isOperator ? (
    <ContentEditor
      {...tab.editor}
      title={editing ? `Edit ${editing.kind} part ${editing.part}` : 'Add a lesson'}
      formLabel={editing ? 'Edit lesson' : 'Add lesson'}
      submitLabel={editing ? 'Save lesson' : 'Add lesson'}
      isPending={save.isPending}
      active={{ field: form.register('active'), label: 'Active' }}
    >
      <LessonFieldInputs form={form} errors={tab.errors} />
    </ContentEditor>
  ) : null;
  return (
    <ContentTab
      editor={editor}
      title="Lessons"
      titleId="lessons-title"
      columns={columns}
      rows={data}
      isPending={isPending}
      error={listError(error, 'Failed to load lessons')}
      emptyText="No lessons."
      getRowKey={(row) => row.id}
      getRowAttributes={(row) => ({ 'data-testid': 'lesson-row', 'data-id': row.id })}
      minWidthClassName="min-w-[36rem]"
      hasSwipeHint
    />
  );
}

/** The lesson editor's inputs: course, part, title, link and summary. */
function LessonFieldInputs({ form, errors }: ContentInputsProps<LessonFields>) {
  return (
    <>
      <Field label="Course" htmlFor="lesson-kind" error={errors.kind}>
        <Select id="lesson-kind" {...form.register('kind')}>
          {LESSON_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {kind === 'forex' ? 'Forex' : 'Crypto'}
            </option>
          ))}
        </Select>
      </Field>
      <InputField
        label="Part (1-99)"
        id="lesson-part"
        error={errors.part}
        field={form.register('part')}
        type="number"
        min={1}
        max={99}
      />
      <InputField label="Title" id="lesson-title" error={errors.title} field={form.register('title')} maxLength={200} />
      <InputField
        label="Link (optional, https)"
        id="lesson-link"
        error={errors.link}
        field={form.register('link')}
        maxLength={500}
      />
      <div className="sm:col-span-2">
        <Field label="Summary" htmlFor="lesson-summary" error={errors.summary}>
          <textarea
            id="lesson-summary"
            rows={4}
            maxLength={4000}
            className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
            {...invalidProps('lesson-summary', errors.summary)}
            {...form.register('summary')}
          />
        </Field>
      </div>
    </>
  );
}
