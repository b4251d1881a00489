import { checkSettingChange, type AdminSettingRow } from '@tuzo/contracts';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { Field, invalidProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { errorMessage, isApiError, showErrorToast } from '@/lib/api-client';
import { savedText, useSaveSetting } from '../api/save-setting';
import { fromText, SETTING_LABELS, shapeOf, toText } from './setting-value';

/**
 * One setting as a small form: the registry's schema (through `checkSettingChange`, the same check the server runs)
 * validates before anything is sent; a refusal from the server lands under the field.
 */
export function SettingForm({ row, canEdit }: { row: AdminSettingRow; canEdit: boolean }) {
  const id = useId();
  const shape = shapeOf(row.default);
  const save = useSaveSetting();
  const label = SETTING_LABELS[row.key] ?? row.key;
  const form = useForm<{ text: string }>({ values: { text: toText(shape, row.value) } });
  const validate = (text: string) => {
    const parsed = fromText(shape, text);
    if ('error' in parsed) return parsed.error;
    const check = checkSettingChange(row.key, parsed.value);
    return check.ok || check.message;
  };
  const onSubmit = form.handleSubmit(async ({ text }) => {
    const parsed = fromText(shape, text);
    if ('error' in parsed) return;
    try {
      toast.success(savedText(label, await save.mutateAsync({ key: row.key, value: parsed.value })));
    } catch (error) {
      if (isApiError(error, 'VALIDATION_FAILED')) form.setError('text', { message: error.msg });
      else showErrorToast(errorMessage(error, 'The setting could not be saved'));
    }
  });
  const error = form.formState.errors.text?.message;
  const isLong = shape === 'json' || row.key === 'banner_text';
  const control = { id, disabled: !canEdit, ...invalidProps(id, error), ...form.register('text', { validate }) };
  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-label={label}
      className="flex flex-col gap-2 border-b border-slate-100 py-3 last:border-0"
    >
      <Field label={label} htmlFor={id} error={error} hint={<p className="mt-1 text-xs text-slate-500">{row.description}</p>}>
        {isLong ? (
          <textarea
            {...control}
            rows={shape === 'json' ? 8 : 2}
            className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-sm disabled:bg-slate-50"
          />
        ) : (
          <Input {...control} inputMode={shape === 'number' ? 'numeric' : undefined} />
        )}
      </Field>
      {canEdit ? (
        <div>
          <Button type="submit" size="sm" disabled={save.isPending || !form.formState.isDirty}>
            {save.isPending ? 'Saving...' : `Save ${label.toLowerCase()}`}
          </Button>
        </div>
      ) : null}
    </form>
  );
}
