import { AdminVideoSavePayloadSchema, VIDEO_TASKS, type AdminVideoRow } from '@tuzo/contracts';
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
import { useAdminVideos } from '../api/get-videos';
import { useRetireVideo } from '../api/retire-video';
import { useSaveVideo } from '../api/save-video';
import { ContentEditor } from './content-editor';
import { submitWithSchema, toggleActive, type FieldErrors } from './submit-with-schema';

/** Videos: the YouTube and TikTok lists; add or edit (an https link or a /media/ file, a price), retire or restore. */
export function VideosTab() {
  const { isOperator } = useStaffRole();
  const [task, setTask] = useState('');
  const { data, isPending, error } = useAdminVideos(task ? { task } : {}, 1);
  const save = useSaveVideo();
  const retire = useRetireVideo();
  const [editing, setEditing] = useState<AdminVideoRow | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const values = new FormData(form);
    const payload = {
      ...(editing ? { id: editing.id } : {}),
      task: values.get('task'),
      title: values.get('title'),
      url: values.get('url'),
      price: values.get('price'),
      active: values.get('active') === 'on',
    };
    const result = await submitWithSchema({
      schema: AdminVideoSavePayloadSchema,
      values: payload,
      send: save.mutateAsync,
      serverField: 'url',
      failed: 'The video was not saved',
    });
    setErrors(result ?? {});
    if (result === null) {
      toast.success('Video saved');
      form.reset();
      setEditing(null);
    }
  }
  const columns: Array<DataTableColumn<AdminVideoRow>> = [
    { header: 'Title', cell: (row) => row.title },
    { header: 'List', cell: (row) => (row.task === 'youtube' ? 'YouTube' : 'TikTok') },
    { header: 'Link', cell: (row) => <span className="break-all text-xs">{row.url}</span> },
    { header: 'Price', className: 'tabular-nums', cell: (row) => row.price },
    {
      header: 'State',
      cell: (row) => <Badge tone={row.active ? 'success' : 'neutral'}>{row.active ? 'Active' : 'Retired'}</Badge>,
    },
    ...(isOperator
      ? [
          {
            header: 'Actions',
            cell: (row: AdminVideoRow) => (
              <div className="flex gap-2">
                <Button size="sm" variant="outline" onClick={() => setEditing(row)} aria-label={`Edit video ${row.title}`}>
                  Edit
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={retire.isPending}
                  onClick={() => void toggleActive({ send: retire.mutateAsync, id: row.id, active: !row.active, noun: 'Video' })}
                >
                  {row.active ? 'Retire' : 'Restore'}
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
          title={editing ? `Edit video ${editing.id}` : 'Add a video'}
          formLabel={editing ? 'Edit video' : 'Add video'}
          formKey={editing?.id ?? 'new'}
          onSubmit={(event) => void submit(event)}
          submitLabel={editing ? 'Save video' : 'Add video'}
          isPending={save.isPending}
          onCancel={editing ? () => setEditing(null) : undefined}
          active={{ defaultChecked: editing?.active ?? true, label: 'Active' }}
        >
          <Field label="List" htmlFor="video-task" error={errors.task}>
            <Select id="video-task" name="task" defaultValue={editing?.task ?? 'youtube'}>
              {VIDEO_TASKS.map((value) => (
                <option key={value} value={value}>
                  {value === 'youtube' ? 'YouTube' : 'TikTok'}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Title" htmlFor="video-title" error={errors.title}>
            <Input
              id="video-title"
              name="title"
              maxLength={200}
              defaultValue={editing?.title ?? ''}
              {...invalidProps('video-title', errors.title)}
            />
          </Field>
          <Field label="Link (https YouTube/TikTok, or /media/…)" htmlFor="video-url" error={errors.url}>
            <Input
              id="video-url"
              name="url"
              maxLength={500}
              defaultValue={editing?.url ?? ''}
              {...invalidProps('video-url', errors.url)}
            />
          </Field>
          <Field label="Price (system currency)" htmlFor="video-price" error={errors.price}>
            <Input
              id="video-price"
              name="price"
              inputMode="decimal"
              defaultValue={editing?.price ?? ''}
              {...invalidProps('video-price', errors.price)}
            />
          </Field>
        </ContentEditor>
      ) : null}
      <Card>
        <CardHeader className="flex-row items-center justify-between gap-3">
          <CardTitle id="videos-title">Videos</CardTitle>
          <Select aria-label="Show list" value={task} onChange={(event) => setTask(event.target.value)} className="w-40">
            <option value="">Both lists</option>
            <option value="youtube">YouTube</option>
            <option value="tiktok">TikTok</option>
          </Select>
        </CardHeader>
        <CardContent className="px-0 sm:px-0">
          <DataTable
            labelledBy="videos-title"
            columns={columns}
            rows={data?.rows}
            isPending={isPending}
            error={error ? failureText(error, { failed: 'Failed to load videos', thrown: 'Failed to load videos' }) : null}
            emptyText="No videos."
            getRowKey={(row) => row.id}
            getRowAttributes={(row) => ({ 'data-testid': 'video-row', 'data-id': row.id })}
            minWidthClassName="min-w-[48rem]"
            hasSwipeHint
          />
        </CardContent>
      </Card>
    </div>
  );
}
