import { Hammer } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';

/** Placeholder page for a screen that is not built yet. */
export function ComingSoon({ title, description }: { title: string; description?: string }) {
  return (
    <section aria-labelledby="coming-soon-title" data-slot="coming-soon" className="mx-auto max-w-lg py-10 text-center">
      <div className="mx-auto flex size-14 items-center justify-center rounded-full bg-brand-100 text-brand-800">
        <Hammer className="size-7" aria-hidden="true" />
      </div>
      <h2 id="coming-soon-title" className="mt-4 text-xl font-bold text-slate-900">
        {title}
      </h2>
      <p className="mt-2 text-slate-600">{description ?? 'Coming soon. This screen is being built and will be available shortly.'}</p>
      <Link to="/dashboard" className={buttonClasses({ variant: 'outline', className: 'mt-6' })}>
        Back to dashboard
      </Link>
    </section>
  );
}
