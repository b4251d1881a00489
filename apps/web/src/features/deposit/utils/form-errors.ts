import type { FieldErrors, FieldValues } from 'react-hook-form';
import { showErrorToast } from '@/lib/api-client';

/** The spec lists the deposit validation messages as toasts; the same text is also shown under the field. */
export function toastFirstError<T extends FieldValues>(errors: FieldErrors<T>): void {
  const first = Object.values(errors).find((error) => typeof error?.message === 'string' && error.message !== '');
  if (first?.message) showErrorToast(String(first.message));
}
