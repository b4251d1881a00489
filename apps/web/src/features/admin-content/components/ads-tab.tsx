import { AdminAdSavePayloadSchema, UPLOAD_MAX_BYTES, type AdminAdRow, type AdminAdSaveInput } from '@tuzo/contracts';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { Field } from '@/components/ui/field';
import { errorMessage, failureText } from '@/lib/api-client';
import { useAdminAds } from '../api/get-ads';
import { useRetireAd } from '../api/retire-ad';
import { useSaveAd } from '../api/save-ad';
import { useUploadImage } from '../api/upload-image';
import { actionsColumn, EditButton, RetireButton, stateColumn } from './content-columns';
import { ContentEditor } from './content-editor';
import { ContentInput } from './content-field';
import { useContentTab } from './use-content-tab';

interface AdFields {
  name: string;
  /** Optional: left out of the payload when empty. */
  link: string;
  /** Filled by an upload, or typed. */
  image_url: string;
  active: boolean;
}

/** Ads: add or edit (an uploaded PNG/JPEG/WebP image or an https link), retire or restore. */
export function AdsTab() {
  const { data, isPending, error } = useAdminAds({}, 1);
  const save = useSaveAd();
  const retire = useRetireAd();
  const upload = useUploadImage();
  const { isOperator, editing, setEditing, form, errors, onSubmit } = useContentTab<AdminAdRow, AdFields, AdminAdSaveInput>({
    schema: AdminAdSavePayloadSchema,
    fieldsOf: (editing) => ({
      name: editing?.name ?? '',
      link: editing?.link ?? '',
      image_url: editing?.image_url ?? '',
      active: editing?.active ?? true,
    }),
    toPayload: ({ link, ...fields }, editing) => ({
      ...(editing ? { id: editing.id } : {}),
      ...fields,
      ...(link.trim() ? { link: link.trim() } : {}),
    }),
    send: save.mutateAsync,
    serverField: 'image_url',
    failed: 'The ad was not saved',
    saved: 'Ad saved',
  });

  async function pickImage(file: File | undefined) {
    if (!file) return;
    form.clearErrors();
    if (file.size > UPLOAD_MAX_BYTES) return form.setError('image_url', { message: 'The image is larger than 512 KB' });
    try {
      form.setValue('image_url', (await upload.mutateAsync(file)).url);
    } catch (failure) {
      form.setError('image_url', {
        message:
          failureText(failure, { failed: 'The image was not uploaded', thrown: errorMessage(failure) }) ??
          'The image was not uploaded',
      });
    }
  }
  const columns: Array<DataTableColumn<AdminAdRow>> = [
    {
      header: 'Image',
      cell: (row) => <img src={row.image_url} alt="" className="h-10 w-16 rounded object-cover" loading="lazy" />,
    },
    { header: 'Name', cell: (row) => row.name },
    { header: 'Link', cell: (row) => <span className="break-all text-xs">{row.link ?? '—'}</span> },
    stateColumn('Active', 'Retired'),
    ...actionsColumn(isOperator, (row: AdminAdRow) => (
      <div className="flex gap-2">
        <EditButton label={`Edit ad ${row.name}`} onClick={() => setEditing(row)} />
        <RetireButton id={row.id} active={row.active} noun="Ad" send={retire.mutateAsync} isPending={retire.isPending} />
      </div>
    )),
  ];
  return (
    <div className="flex flex-col gap-4">
      {isOperator ? (
        <ContentEditor
          title={editing ? `Edit ad ${editing.id}` : 'Add an ad'}
          formLabel={editing ? 'Edit ad' : 'Add ad'}
          formKey={editing?.id ?? 'new'}
          onSubmit={onSubmit}
          submitLabel={upload.isPending ? 'Uploading…' : editing ? 'Save ad' : 'Add ad'}
          isPending={save.isPending || upload.isPending}
          onCancel={editing ? () => setEditing(null) : undefined}
          active={{ field: form.register('active'), label: 'Active' }}
        >
          <ContentInput label="Name" id="ad-name" error={errors.name} field={form.register('name')} maxLength={200} />
          <ContentInput
            label="Link (optional, https)"
            id="ad-link"
            error={errors.link}
            field={form.register('link')}
            maxLength={500}
          />
          <ContentInput
            label="Image URL (upload, or an https link)"
            id="ad-image"
            error={errors.image_url}
            field={form.register('image_url')}
          />
          <Field label="Upload an image (PNG, JPEG or WebP, 512 KB)" htmlFor="ad-file">
            <input
              id="ad-file"
              type="file"
              accept="image/png,image/jpeg,image/webp"
              className="block text-sm"
              onChange={(event) => void pickImage(event.target.files?.[0])}
            />
          </Field>
        </ContentEditor>
      ) : null}
      <Card>
        <CardHeader>
          <CardTitle id="ads-title">Ads</CardTitle>
        </CardHeader>
        <CardContent className="px-0 sm:px-0">
          <DataTable
            labelledBy="ads-title"
            columns={columns}
            rows={data?.rows}
            isPending={isPending}
            error={error ? failureText(error, { failed: 'Failed to load ads', thrown: 'Failed to load ads' }) : null}
            emptyText="No ads."
            getRowKey={(row) => row.id}
            getRowAttributes={(row) => ({ 'data-testid': 'ad-row', 'data-id': row.id })}
            minWidthClassName="min-w-[40rem]"
            hasSwipeHint
          />
        </CardContent>
      </Card>
    </div>
  );
}
