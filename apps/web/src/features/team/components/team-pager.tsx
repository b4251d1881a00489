import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** Previous / next with "Page X of Y", announced politely to screen readers when it changes. */
export function TeamPager({ page, pages, isBusy, onPage }: { page: number; pages: number; isBusy: boolean; onPage: (page: number) => void }) {
  if (pages <= 1 && page <= 1) return null;
  return (
    <nav aria-label="Team pages" className="flex items-center justify-between gap-3 border-t border-slate-100 px-4 pt-3">
      <Button variant="outline" size="sm" onClick={() => onPage(page - 1)} disabled={page <= 1 || isBusy}>
        <ChevronLeft aria-hidden="true" />
        Previous
      </Button>
      <p className="text-sm text-slate-700 tabular-nums" aria-live="polite" data-testid="team-page-status">
        Page {page.toLocaleString('en')} of {Math.max(pages, 1).toLocaleString('en')}
      </p>
      <Button variant="outline" size="sm" onClick={() => onPage(page + 1)} disabled={page >= pages || isBusy}>
        Next
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}
