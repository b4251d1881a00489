import type { InputHTMLAttributes, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useContractMessage } from '@/i18n/contract-messages';
import { Input } from './input';

export interface FieldProps {
  label: string;
  htmlFor: string;
  error?: string;
  /** Extra line under the input (for example an availability state). */
  hint?: ReactNode;
  children: ReactNode;
}

/** The invalid state of the control `id` inside a Field: aria-invalid and a link to its `${id}-error` message. */
export function invalidProps(id: string, message: string | undefined) {
  return message ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {};
}

/**
 * A labelled form field with its validation message, linked for screen readers by `${htmlFor}-error`. A contract's
 * message shows in the app's language (decision 039); any other message as it was given.
 */
export function Field({ label, htmlFor, error, hint, children }: FieldProps) {
  const message = useContractMessage(error);
  return (
    <div data-slot="field">
      <label htmlFor={htmlFor} className="mb-1.5 block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      {hint}
      {message ? (
        <p id={`${htmlFor}-error`} role="alert" className="mt-1 text-sm text-red-700">
          {message}
        </p>
      ) : null}
    </div>
  );
}

/** One labelled input registered with a form (`form.register(name)`), its message linked for screen readers. */
export function InputField({
  label,
  id,
  error,
  hint,
  field,
  ...input
}: {
  label: string;
  id: string;
  error: string | undefined;
  hint?: ReactNode;
  field: UseFormRegisterReturn;
} & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Field label={label} htmlFor={id} error={error} hint={hint}>
      <Input id={id} {...input} {...field} {...invalidProps(id, error)} />
    </Field>
  );
}
