import type { InputHTMLAttributes } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field, invalidProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';

/** One labelled text input of a content editor, registered with the tab's form, its field error linked for screen readers. */
export function ContentInput({
  label,
  id,
  error,
  field,
  ...input
}: {
  label: string;
  id: string;
  error: string | undefined;
  /** `form.register(name)` of the tab's form. */
  field: UseFormRegisterReturn;
} & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Field label={label} htmlFor={id} error={error}>
      <Input id={id} {...input} {...field} {...invalidProps(id, error)} />
    </Field>
  );
}
