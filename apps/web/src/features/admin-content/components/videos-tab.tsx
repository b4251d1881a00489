import { AdminVideoSavePayloadSchema, VIDEO_TASKS, type AdminVideoRow, type AdminVideoSaveInput } from '@tuzo/contracts';
import { useState } from 'react';
import type { DataTableColumn } from '@/components/ui/data-table';
import { Field, InputField } from '@/components/ui/field';
import { Select } from '@/components/ui/input';
import { listError } from '@/components/ui/table-card';
import { useAdminVideos } from '../api/get-videos';
import { useRetireVideo, useSaveVideo } from '../api/content-writes';
import { actionsColumn, EditButton, RetireButton, stateColumn } from './content-columns';
import { ContentEditor } from './content-editor';
import type { ContentInputsProps } from './content-field';
import { ContentTab } from './content-tab';
import { useContentTab } from './use-content-tab';

type VideoFields = Required<Omit<AdminVideoSaveInput, 'id'>>;
const listName = (task: string) => (task === 'youtube' ? 'YouTube' : 'TikTok');

/** Videos: the YouTube and TikTok lists; add or edit (an https link or a /media/ file, a price), retire or restore. */
export function VideosTab() {
  const [task, setTask] = useState('');
  const { data, isPending, error } = useAdminVideos(task ? { task } : {}, 1);
  const save = useSaveVideo();
  const retire = useRetireVideo();
  const tab = useContentTab<AdminVideoRow, VideoFields, AdminVideoSaveInput>({
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
  const { editing, form } = tab;
  const columns: Array<DataTableColumn<AdminVideoRow>> = [
    { header: 'Title', cell: (row) => row.title },
    { header: 'List', cell: (row) => listName(row.task) },
    { header: 'Link', cell: (row) => <span className="break-all text-xs">{row.url}</span> },
    { header: 'Price', className: 'tabular-nums', cell: (row) => row.price },
    stateColumn('Active', 'Retired'),
    ...actionsColumn(tab.isOperator, (row: AdminVideoRow) => (
      <div className="flex gap-2">
        <EditButton label={`Edit video ${row.title}`} onClick={() => tab.setEditing(row)} />
        <RetireButton id={row.id} active={row.active} noun="Video" send={retire.mutateAsync} isPending={retire.isPending} />
      </div>
    )),
  ];
  const editor = tab.isOperator ? (
    <ContentEditor
      {...tab.editor}
      title={editing ? `Edit video ${editing.id}` : 'Add a video'}
      formLabel={editing ? 'Edit video' : 'Add video'}
      submitLabel={editing ? 'Save video' : 'Add video'}
      isPending={save.isPending}
      active={{ field: form.register('active'), label: 'Active' }}
    >
      <VideoFieldInputs form={form} errors={tab.errors} />
    </ContentEditor>
  ) : null;
  return (
    <ContentTab
      editor={editor}
      title="Videos"
      titleId="videos-title"
      headerClassName="flex-row items-center justify-between gap-3"
      headerExtra={<ListFilter task={task} onChange={setTask} />}
      columns={columns}
      rows={data?.rows}
      isPending={isPending}
      error={listError(error, 'Failed to load videos')}
      emptyText="No videos."
      getRowKey={(row) => row.id}
      getRowAttributes={(row) => ({ 'data-testid': 'video-row', 'data-id': row.id })}
      minWidthClassName="min-w-[48rem]"
      hasSwipeHint
    />
  );
}

/** The video editor's inputs: its list, title, link and price. */
function VideoFieldInputs({ form, errors }: ContentInputsProps<VideoFields>) {
  return (
    <>
      <Field label="List" htmlFor="video-task" error={errors.task}>
        <Select id="video-task" {...form.register('task')}>
          {VIDEO_TASKS.map((value) => (
            <option key={value} value={value}>
              {listName(value)}
            </option>
          ))}
        </Select>
      </Field>
      <InputField label="Title" id="video-title" error={errors.title} field={form.register('title')} maxLength={200} />
      <InputField
        label="Link (https YouTube/TikTok, or /media/…)"
        id="video-url"
        error={errors.url}
        field={form.register('url')}
        maxLength={500}
      />
      <InputField
        label="Price (system currency)"
        id="video-price"
        error={errors.price}
        field={form.register('price')}
        inputMode="decimal"
      />
    </>
  );
}

/** Which list the table shows: both, YouTube or TikTok. */
function ListFilter({ task, onChange }: { task: string; onChange: (task: string) => void }) {
  return (
    <Select aria-label="Show list" value={task} onChange={(event) => onChange(event.target.value)} className="w-40">
      <option value="">Both lists</option>
      <option value="youtube">YouTube</option>
      <option value="tiktok">TikTok</option>
    </Select>
  );
}
