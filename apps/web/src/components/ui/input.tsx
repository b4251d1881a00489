import type { InputHTMLAttributes, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

/** How every field looks; Input and Select are one line high (h-11), a Textarea grows. */
const FIELD_LOOK =
  'w-full rounded-lg border bg-white px-3 text-base text-slate-900 placeholder:text-slate-500 ' +
  'focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600/30 ' +
  'disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-600 aria-invalid:border-red-600';

const FIELD = `block h-11 ${FIELD_LOOK}`;

export function Input({ className, ...props }: InputHTMLAttributes<HTMLInputElement>) {
  return <input data-slot="input" className={cn(FIELD, 'border-slate-300', className)} {...props} />;
}

export function Select({ className, ...props }: SelectHTMLAttributes<HTMLSelectElement>) {
  return <select data-slot="select" className={cn(FIELD, 'border-slate-300 pr-8', className)} {...props} />;
}

/** A several-line text field (a note, a message), styled as the inputs. */
export function Textarea({ className, ...props }: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <textarea data-slot="textarea" className={cn('block min-h-24 py-2', FIELD_LOOK, 'border-slate-300', className)} {...props} />
  );
}
