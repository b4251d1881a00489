import type { HTMLAttributes } from 'react';
import { useTexts } from '@/i18n';
import { cn } from '@/lib/cn';
import { uiTexts } from './ui.texts';

export function Skeleton({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div data-slot="skeleton" aria-hidden="true" className={cn('animate-pulse rounded-md bg-slate-200', className)} {...props} />
  );
}

/** A centred spinner with a label for screen readers, for route and start-up loading. */
export function PageSpinner({ label }: { label?: string }) {
  const t = useTexts(uiTexts);
  return (
    <div role="status" className="flex min-h-[40vh] items-center justify-center">
      <span className="size-8 animate-spin rounded-full border-4 border-brand-200 border-t-brand-700" aria-hidden="true" />
      <span className="sr-only">{label ?? t('loading')}</span>
    </div>
  );
}
