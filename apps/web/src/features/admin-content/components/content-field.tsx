import type { InputHTMLAttributes } from 'react';
import { Field, invalidProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';

/** One labelled text input of a content editor, with its field error linked for screen readers. */
export function ContentInput({
  label,
  id,
  error,
  ...input
}: { label: string; id: string; error: string | undefined } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Field label={label} htmlFor={id} error={error}>
      <Input id={id} {...input} {...invalidProps(id, error)} />
    </Field>
  );
}
