import { AdminAdSavePayloadSchema, UPLOAD_MAX_BYTES, type AdminAdRow, type AdminAdSaveInput } from '@tuzo/contracts';
import type { DataTableColumn } from '@/components/ui/data-table';
import { Field, InputField } from '@/components/ui/field';
import { listError } from '@/components/ui/table-card';
import { errorMessage, failureText } from '@/lib/api-client';
import { useAdminAds } from '../api/get-ads';
import { useRetireAd, useSaveAd } from '../api/content-writes';
import { useUploadImage } from '../api/upload-image';
import { actionsColumn, EditButton, RetireButton, stateColumn } from './content-columns';
import { ContentEditor } from './content-editor';
import type { ContentInputsProps } from './content-field';
import { ContentTab } from './content-tab';
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
  const tab = useContentTab<AdminAdRow, AdFields, AdminAdSaveInput>({
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
  const { editing, form } = tab;
  const columns: Array<DataTableColumn<AdminAdRow>> = [
    {
      header: 'Image',
      cell: (row) => <img src={row.image_url} alt="" className="h-10 w-16 rounded object-cover" loading="lazy" />,
    },
    { header: 'Name', cell: (row) => row.name },
    { header: 'Link', cell: (row) => <span className="break-all text-xs">{row.link ?? '—'}</span> },
    stateColumn('Active', 'Retired'),
    ...actionsColumn(tab.isOperator, (row: AdminAdRow) => (
      <div className="flex gap-2">
        <EditButton label={`Edit ad ${row.name}`} onClick={() => tab.setEditing(row)} />
        <RetireButton id={row.id} active={row.active} noun="Ad" send={retire.mutateAsync} isPending={retire.isPending} />
      </div>
    )),
  ];
  const editor = tab.isOperator ? (
    <ContentEditor
      {...tab.editor}
      title={editing ? `Edit ad ${editing.id}` : 'Add an ad'}
      formLabel={editing ? 'Edit ad' : 'Add ad'}
      submitLabel={upload.isPending ? 'Uploading…' : editing ? 'Save ad' : 'Add ad'}
      isPending={save.isPending || upload.isPending}
      active={{ field: form.register('active'), label: 'Active' }}
    >
      <AdFieldInputs form={form} errors={tab.errors} upload={upload.mutateAsync} />
    </ContentEditor>
  ) : null;
  return (
    <ContentTab
      editor={editor}
      title="Ads"
      titleId="ads-title"
      columns={columns}
      rows={data?.rows}
      isPending={isPending}
      error={listError(error, 'Failed to load ads')}
      emptyText="No ads."
      getRowKey={(row) => row.id}
      getRowAttributes={(row) => ({ 'data-testid': 'ad-row', 'data-id': row.id })}
      minWidthClassName="min-w-[40rem]"
      hasSwipeHint
    />
  );
}

/** The ad editor's inputs: name, link, image URL and an image upload that fills the URL. */
function AdFieldInputs({
  form,
  errors,
  upload,
}: ContentInputsProps<AdFields> & { upload: (file: File) => Promise<{ url: string }> }) {
  async function pickImage(file: File | undefined) {
    if (!file) return;
    form.clearErrors();
    if (file.size > UPLOAD_MAX_BYTES) return form.setError('image_url', { message: 'The image is larger than 512 KB' });
    try {
      form.setValue('image_url', (await upload(file)).url);
    } catch (failure) {
      form.setError('image_url', {
        message:
          failureText(failure, { failed: 'The image was not uploaded', thrown: errorMessage(failure) }) ??
          'The image was not uploaded',
      });
    }
  }
  return (
    <>
      <InputField label="Name" id="ad-name" error={errors.name} field={form.register('name')} maxLength={200} />
      <InputField label="Link (optional, https)" id="ad-link" error={errors.link} field={form.register('link')} maxLength={500} />
      <InputField
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
    </>
  );
}
