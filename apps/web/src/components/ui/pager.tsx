import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from './button';

export interface PagerProps {
  page: number;
  limit: number;
  total: number;
  /** The total stopped counting at `total` (a broad search): shown as "10,000+". */
  isTotalCapped?: boolean;
  onPageChange: (page: number) => void;
  /** What the rows are, for the screen reader label: "members", "withdrawals". */
  noun: string;
}

/** "51–100 of 1,234" with Previous / Next buttons, for the paged operator lists. */
export function Pager({ page, limit, total, isTotalCapped = false, onPageChange, noun }: PagerProps) {
  if (total === 0) return null;
  const first = (page - 1) * limit + 1;
  const last = Math.min(page * limit, total);
  const pages = Math.ceil(total / limit);
  const totalText = `${total.toLocaleString('en-US')}${isTotalCapped ? '+' : ''}`;
  return (
    <nav aria-label={`Pages of ${noun}`} className="flex items-center justify-between gap-3 px-4 pt-3 text-sm text-slate-700">
      <p aria-live="polite">
        {first.toLocaleString('en-US')}–{last.toLocaleString('en-US')} of {totalText}
      </p>
      <div className="flex gap-2">
        <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onPageChange(page - 1)} aria-label={`Previous page of ${noun}`}>
          <ChevronLeft aria-hidden="true" />
          Previous
        </Button>
        <Button size="sm" variant="outline" disabled={page >= pages && !isTotalCapped} onClick={() => onPageChange(page + 1)} aria-label={`Next page of ${noun}`}>
          Next
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
