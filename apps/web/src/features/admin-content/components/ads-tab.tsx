import { AdminAdSavePayloadSchema, UPLOAD_MAX_BYTES, type AdminAdRow } from '@tuzo/contracts';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { Field, invalidProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { errorMessage, failureText } from '@/lib/api-client';
import { useStaffRole } from '@/lib/staff-role';
import { useAdminAds } from '../api/get-ads';
import { useRetireAd } from '../api/retire-ad';
import { useSaveAd } from '../api/save-ad';
import { useUploadImage } from '../api/upload-image';
import { ContentEditor } from './content-editor';
import { submitWithSchema, toggleActive, type FieldErrors } from './submit-with-schema';

/** Ads: add or edit (an uploaded PNG/JPEG/WebP image or an https link), retire or restore. */
export function AdsTab() {
  const { isOperator } = useStaffRole();
  const { data, isPending, error } = useAdminAds({}, 1);
  const save = useSaveAd();
  const retire = useRetireAd();
  const upload = useUploadImage();
  const [editing, setEditing] = useState<AdminAdRow | null>(null);
  const [imageUrl, setImageUrl] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});

  async function pickImage(file: File | undefined) {
    if (!file) return;
    if (file.size > UPLOAD_MAX_BYTES) return setErrors({ image_url: 'The image is larger than 512 KB' });
    try {
      setImageUrl((await upload.mutateAsync(file)).url);
      setErrors({});
    } catch (failure) {
      setErrors({
        image_url:
          failureText(failure, { failed: 'The image was not uploaded', thrown: errorMessage(failure) }) ??
          'The image was not uploaded',
      });
    }
  }
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const values = new FormData(form);
    const link = String(values.get('link') ?? '').trim();
    const payload = {
      ...(editing ? { id: editing.id } : {}),
      name: values.get('name'),
      image_url: values.get('image_url'),
      ...(link ? { link } : {}),
      active: values.get('active') === 'on',
    };
    const result = await submitWithSchema({
      schema: AdminAdSavePayloadSchema,
      values: payload,
      send: save.mutateAsync,
      serverField: 'image_url',
      failed: 'The ad was not saved',
    });
    setErrors(result ?? {});
    if (result === null) {
      toast.success('Ad saved');
      form.reset();
      setImageUrl('');
      setEditing(null);
    }
  }
  const columns: Array<DataTableColumn<AdminAdRow>> = [
    {
      header: 'Image',
      cell: (row) => <img src={row.image_url} alt="" className="h-10 w-16 rounded object-cover" loading="lazy" />,
    },
    { header: 'Name', cell: (row) => row.name },
    { header: 'Link', cell: (row) => <span className="break-all text-xs">{row.link ?? '—'}</span> },
    {
      header: 'State',
      cell: (row) => <Badge tone={row.active ? 'success' : 'neutral'}>{row.active ? 'Active' : 'Retired'}</Badge>,
    },
    ...(isOperator
      ? [
          {
            header: 'Actions',
            cell: (row: AdminAdRow) => (
              <div className="flex gap-2">
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => {
                    setEditing(row);
                    setImageUrl(row.image_url);
                  }}
                  aria-label={`Edit ad ${row.name}`}
                >
                  Edit
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={retire.isPending}
                  onClick={() => void toggleActive({ send: retire.mutateAsync, id: row.id, active: !row.active, noun: 'Ad' })}
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
          title={editing ? `Edit ad ${editing.id}` : 'Add an ad'}
          formLabel={editing ? 'Edit ad' : 'Add ad'}
          formKey={editing?.id ?? 'new'}
          onSubmit={(event) => void submit(event)}
          submitLabel={upload.isPending ? 'Uploading…' : editing ? 'Save ad' : 'Add ad'}
          isPending={save.isPending || upload.isPending}
          onCancel={
            editing
              ? () => {
                  setEditing(null);
                  setImageUrl('');
                }
              : undefined
          }
          active={{ defaultChecked: editing?.active ?? true, label: 'Active' }}
        >
          <Field label="Name" htmlFor="ad-name" error={errors.name}>
            <Input
              id="ad-name"
              name="name"
              maxLength={200}
              defaultValue={editing?.name ?? ''}
              {...invalidProps('ad-name', errors.name)}
            />
          </Field>
          <Field label="Link (optional, https)" htmlFor="ad-link" error={errors.link}>
            <Input
              id="ad-link"
              name="link"
              maxLength={500}
              defaultValue={editing?.link ?? ''}
              {...invalidProps('ad-link', errors.link)}
            />
          </Field>
          <Field label="Image URL (upload, or an https link)" htmlFor="ad-image" error={errors.image_url}>
            <Input
              id="ad-image"
              name="image_url"
              value={imageUrl}
              onChange={(event) => setImageUrl(event.target.value)}
              {...invalidProps('ad-image', errors.image_url)}
            />
          </Field>
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
