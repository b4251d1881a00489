import { AdminVideoSavePayloadSchema, VIDEO_TASKS, type AdminVideoRow, type AdminVideoSaveInput } from '@tuzo/contracts';
import { useState } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/input';
import { failureText } from '@/lib/api-client';
import { useAdminVideos } from '../api/get-videos';
import { useRetireVideo } from '../api/retire-video';
import { useSaveVideo } from '../api/save-video';
import { actionsColumn, EditButton, RetireButton, stateColumn } from './content-columns';
import { ContentEditor } from './content-editor';
import { ContentInput } from './content-field';
import { useContentTab } from './use-content-tab';

type VideoFields = Required<Omit<AdminVideoSaveInput, 'id'>>;

/** Videos: the YouTube and TikTok lists; add or edit (an https link or a /media/ file, a price), retire or restore. */
export function VideosTab() {
  const [task, setTask] = useState('');
  const { data, isPending, error } = useAdminVideos(task ? { task } : {}, 1);
  const save = useSaveVideo();
  const retire = useRetireVideo();
  const { isOperator, editing, setEditing, form, errors, onSubmit } = useContentTab<
    AdminVideoRow,
    VideoFields,
    AdminVideoSaveInput
  >({
    schema: AdminVideoSavePayloadSchema,
    fieldsOf: (editing) => ({
      task: editing?.task ?? 'youtube',
      title: editing?.title ?? '',
      url: editing?.url ?? '',
      price: editing?.price ?? '',
      active: editing?.active ?? true,
    }),
    toPayload: (fields, editing) => ({ ...(editing ? { id: editing.id } : {}), ...fields }),
    send: save.mutateAsync,
    serverField: 'url',
    failed: 'The video was not saved',
    saved: 'Video saved',
  });
  const columns: Array<DataTableColumn<AdminVideoRow>> = [
    { header: 'Title', cell: (row) => row.title },
    { header: 'List', cell: (row) => (row.task === 'youtube' ? 'YouTube' : 'TikTok') },
    { header: 'Link', cell: (row) => <span className="break-all text-xs">{row.url}</span> },
    { header: 'Price', className: 'tabular-nums', cell: (row) => row.price },
    stateColumn('Active', 'Retired'),
    ...actionsColumn(isOperator, (row: AdminVideoRow) => (
      <div className="flex gap-2">
        <EditButton label={`Edit video ${row.title}`} onClick={() => setEditing(row)} />
        <RetireButton id={row.id} active={row.active} noun="Video" send={retire.mutateAsync} isPending={retire.isPending} />
      </div>
    )),
  ];
  return (
    <div className="flex flex-col gap-4">
      {isOperator ? (
        <ContentEditor
          title={editing ? `Edit video ${editing.id}` : 'Add a video'}
          formLabel={editing ? 'Edit video' : 'Add video'}
          formKey={editing?.id ?? 'new'}
          onSubmit={onSubmit}
          submitLabel={editing ? 'Save video' : 'Add video'}
          isPending={save.isPending}
          onCancel={editing ? () => setEditing(null) : undefined}
          active={{ field: form.register('active'), label: 'Active' }}
        >
          <Field label="List" htmlFor="video-task" error={errors.task}>
            <Select id="video-task" {...form.register('task')}>
              {VIDEO_TASKS.map((value) => (
                <option key={value} value={value}>
                  {value === 'youtube' ? 'YouTube' : 'TikTok'}
                </option>
              ))}
            </Select>
          </Field>
          <ContentInput label="Title" id="video-title" error={errors.title} field={form.register('title')} maxLength={200} />
          <ContentInput
            label="Link (https YouTube/TikTok, or /media/…)"
            id="video-url"
            error={errors.url}
            field={form.register('url')}
            maxLength={500}
          />
          <ContentInput
            label="Price (system currency)"
            id="video-price"
            error={errors.price}
            field={form.register('price')}
            inputMode="decimal"
          />
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
