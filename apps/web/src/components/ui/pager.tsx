import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTexts, type Translate } from '@/i18n';
import { cn } from '@/lib/cn';
import { Button } from './button';
import { pagerTexts } from './pager.texts';

interface PagerBase {
  page: number;
  onPageChange: (page: number) => void;
  /** What the rows are, for the screen reader label: "members", "withdrawals". */
  noun: string;
  /** A new page is loading: both buttons wait. */
  isBusy?: boolean;
  /** The status line's test id ("Page 1 of 2" or "51–100 of 1,234"). */
  statusTestId?: string;
  /** Replaces the default padding ('px-4 pt-3') where the list sits in a padded box. */
  className?: string;
}

/** The operator lists: "51–100 of 1,234"; hidden when there are no rows. */
interface RangePagerProps extends PagerBase {
  limit: number;
  total: number;
  /** The total stopped counting at `total` (a broad search): shown as "10,000+". */
  isTotalCapped?: boolean;
}

/** The member screens and short lists: "Page 2 of 5"; hidden while everything fits on the first page. */
interface PageCountPagerProps extends PagerBase {
  pages: number;
}

export type PagerProps = RangePagerProps | PageCountPagerProps;

function statusText(props: PagerProps, t: Translate<keyof typeof pagerTexts.en>): string | null {
  if ('pages' in props) {
    if (props.pages <= 1 && props.page <= 1) return null;
    return t('pageOf', {
      page: props.page.toLocaleString('en-US'),
      pages: Math.max(props.pages, 1).toLocaleString('en-US'),
    });
  }
  if (props.total === 0) return null;
  const first = (props.page - 1) * props.limit + 1;
  const last = Math.min(props.page * props.limit, props.total);
  const totalText = `${props.total.toLocaleString('en-US')}${props.isTotalCapped ? '+' : ''}`;
  return t('rangeOf', { first: first.toLocaleString('en-US'), last: last.toLocaleString('en-US'), total: totalText });
}

function isLastPage(props: PagerProps): boolean {
  if ('pages' in props) return props.page >= props.pages;
  return props.page >= Math.ceil(props.total / props.limit) && !props.isTotalCapped;
}

/** The one pager of the app: a status line with Previous / Next buttons. */
export function Pager(props: PagerProps) {
  const { page, onPageChange, noun, isBusy = false, statusTestId, className } = props;
  const t = useTexts(pagerTexts);
  const status = statusText(props, t);
  if (status === null) return null;
  return (
    <nav
      aria-label={t('pagesOf', { noun })}
      className={cn('flex items-center justify-between gap-3 text-sm text-slate-700', className ?? 'px-4 pt-3')}
    >
      <p aria-live="polite" className="tabular-nums" data-testid={statusTestId}>
        {status}
      </p>
      <div className="flex gap-2">
        <Button
          size="sm"
          variant="outline"
          disabled={page <= 1 || isBusy}
          onClick={() => onPageChange(page - 1)}
          aria-label={t('previousOf', { noun })}
        >
          <ChevronLeft aria-hidden="true" />
          {t('previous')}
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={isLastPage(props) || isBusy}
          onClick={() => onPageChange(page + 1)}
          aria-label={t('nextOf', { noun })}
        >
          {t('next')}
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
