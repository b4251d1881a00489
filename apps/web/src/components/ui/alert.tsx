import type { HTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

export type AlertTone = 'error' | 'success' | 'info' | 'warning';

const TONES: Record<AlertTone, string> = {
  error: 'border-red-300 bg-red-50 text-red-800',
  success: 'border-green-300 bg-green-50 text-green-800',
  info: 'border-brand-200 bg-brand-50 text-brand-900',
  warning: 'border-amber-300 bg-amber-50 text-amber-900',
};

/** A coloured message box: the login failure's red box, the sponsor's green box. */
export function Alert({ tone = 'info', className, ...props }: HTMLAttributes<HTMLDivElement> & { tone?: AlertTone }) {
  return (
    <div
      data-slot="alert"
      data-tone={tone}
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn('rounded-lg border px-3 py-2.5 text-sm', TONES[tone], className)}
      {...props}
    />
  );
}
