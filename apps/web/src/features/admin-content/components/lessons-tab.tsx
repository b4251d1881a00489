import { AdminLessonSavePayloadSchema, LESSON_KINDS, type AdminLessonRow } from '@tuzo/contracts';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { Field, invalidProps } from '@/components/ui/field';
import { Input, Select } from '@/components/ui/input';
import { failureText } from '@/lib/api-client';
import { useStaffRole } from '@/lib/staff-role';
import { useAdminLessons } from '../api/get-lessons';
import { useSaveLesson } from '../api/save-lesson';
import { ContentEditor } from './content-editor';
import { submitWithSchema, type FieldErrors } from './submit-with-schema';

/** Lessons: forex and crypto parts; add (a free kind and part) or edit, hide by unticking Active. */
export function LessonsTab() {
  const { isOperator } = useStaffRole();
  const { data, isPending, error } = useAdminLessons();
  const save = useSaveLesson();
  const [editing, setEditing] = useState<AdminLessonRow | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const values = new FormData(form);
    const link = String(values.get('link') ?? '').trim();
    const payload = {
      ...(editing ? { id: editing.id } : {}),
      kind: values.get('kind'),
      part: values.get('part'),
      title: values.get('title'),
      summary: values.get('summary'),
      ...(link ? { link } : {}),
      active: values.get('active') === 'on',
    };
    const result = await submitWithSchema({
      schema: AdminLessonSavePayloadSchema,
      values: payload,
      send: save.mutateAsync,
      serverField: 'part',
      failed: 'The lesson was not saved',
    });
    setErrors(result ?? {});
    if (result === null) {
      toast.success('Lesson saved');
      form.reset();
      setEditing(null);
    }
  }
  const columns: Array<DataTableColumn<AdminLessonRow>> = [
    { header: 'Course', cell: (row) => (row.kind === 'forex' ? 'Forex' : 'Crypto') },
    { header: 'Part', className: 'tabular-nums', cell: (row) => row.part },
    { header: 'Title', cell: (row) => row.title },
    {
      header: 'State',
      cell: (row) => <Badge tone={row.active ? 'success' : 'neutral'}>{row.active ? 'Active' : 'Hidden'}</Badge>,
    },
    ...(isOperator
      ? [
          {
            header: 'Actions',
            cell: (row: AdminLessonRow) => (
              <Button
                size="sm"
                variant="outline"
                onClick={() => setEditing(row)}
                aria-label={`Edit ${row.kind} part ${row.part}`}
              >
                Edit
              </Button>
            ),
          },
        ]
      : []),
  ];
  return (
    <div className="flex flex-col gap-4">
      {isOperator ? (
        <ContentEditor
          title={editing ? `Edit ${editing.kind} part ${editing.part}` : 'Add a lesson'}
          formLabel={editing ? 'Edit lesson' : 'Add lesson'}
          formKey={editing?.id ?? 'new'}
          onSubmit={(event) => void submit(event)}
          submitLabel={editing ? 'Save lesson' : 'Add lesson'}
          isPending={save.isPending}
          onCancel={editing ? () => setEditing(null) : undefined}
          active={{ defaultChecked: editing?.active ?? true, label: 'Active' }}
        >
          <Field label="Course" htmlFor="lesson-kind" error={errors.kind}>
            <Select id="lesson-kind" name="kind" defaultValue={editing?.kind ?? 'forex'}>
              {LESSON_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {kind === 'forex' ? 'Forex' : 'Crypto'}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Part (1-99)" htmlFor="lesson-part" error={errors.part}>
            <Input
              id="lesson-part"
              name="part"
              type="number"
              min={1}
              max={99}
              defaultValue={editing?.part ?? ''}
              {...invalidProps('lesson-part', errors.part)}
            />
          </Field>
          <Field label="Title" htmlFor="lesson-title" error={errors.title}>
            <Input
              id="lesson-title"
              name="title"
              maxLength={200}
              defaultValue={editing?.title ?? ''}
              {...invalidProps('lesson-title', errors.title)}
            />
          </Field>
          <Field label="Link (optional, https)" htmlFor="lesson-link" error={errors.link}>
            <Input
              id="lesson-link"
              name="link"
              maxLength={500}
              defaultValue={editing?.link ?? ''}
              {...invalidProps('lesson-link', errors.link)}
            />
          </Field>
          <div className="sm:col-span-2">
            <Field label="Summary" htmlFor="lesson-summary" error={errors.summary}>
              <textarea
                id="lesson-summary"
                name="summary"
                rows={4}
                maxLength={4000}
                defaultValue={editing?.summary ?? ''}
                className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
                {...invalidProps('lesson-summary', errors.summary)}
              />
            </Field>
          </div>
        </ContentEditor>
      ) : null}
      <Card>
        <CardHeader>
          <CardTitle id="lessons-title">Lessons</CardTitle>
        </CardHeader>
        <CardContent className="px-0 sm:px-0">
          <DataTable
            labelledBy="lessons-title"
            columns={columns}
            rows={data}
            isPending={isPending}
            error={error ? failureText(error, { failed: 'Failed to load lessons', thrown: 'Failed to load lessons' }) : null}
            emptyText="No lessons."
            getRowKey={(row) => row.id}
            getRowAttributes={(row) => ({ 'data-testid': 'lesson-row', 'data-id': row.id })}
            minWidthClassName="min-w-[36rem]"
            hasSwipeHint
          />
        </CardContent>
      </Card>
    </div>
  );
}
