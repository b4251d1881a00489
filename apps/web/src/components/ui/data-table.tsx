import type { ReactNode } from 'react';
import { useTexts } from '@/i18n';
import { cn } from '@/lib/cn';
import { dataTableTexts } from './data-table.texts';
import { Skeleton } from './skeleton';

const CELL = 'px-3 py-2.5 whitespace-nowrap';

export interface DataTableColumn<Row> {
  header: string;
  /** Right-aligns the header and the cells. */
  isNumeric?: boolean;
  /** Extra classes for the body cells. */
  className?: string;
  cell: (row: Row) => ReactNode;
}

/** While loading: `rows` skeleton rows with one bar a cell, or one full-width `'bar'`. */
export type DataTableSkeleton = { rows: number; className: string; rowTestId?: string } | 'bar';

export interface DataTableProps<Row> {
  /** Id of the heading that names the scrolling region. */
  labelledBy: string;
  columns: ReadonlyArray<DataTableColumn<Row>>;
  rows: readonly Row[] | undefined;
  isPending: boolean;
  /** Error text, shown instead of the table as an alert. */
  error?: string | null;
  emptyText: string;
  getRowKey: (row: Row, index: number) => string;
  /** Attributes of each body row, e.g. its data-testid. */
  getRowAttributes: (row: Row) => Record<`data-${string}`, string>;
  /** Tailwind min-width class that makes a narrow screen scroll sideways, e.g. 'min-w-[40rem]'. */
  minWidthClassName: string;
  skeleton?: DataTableSkeleton;
  /** Shows 'Swipe the table sideways…' above the table on a phone. */
  hasSwipeHint?: boolean;
  /** Vertical padding of the empty and error texts. */
  messagePaddingClassName?: string;
  isBusy?: boolean;
  /** The table's caption for screen readers (visually hidden): what its rows are. */
  caption?: string;
}

function SkeletonRows({ skeleton, columnCount }: { skeleton: DataTableSkeleton; columnCount: number }) {
  if (skeleton === 'bar') {
    return (
      <tr>
        <td colSpan={columnCount} className={CELL}>
          <Skeleton className="h-5 w-full" />
        </td>
      </tr>
    );
  }
  return Array.from({ length: skeleton.rows }, (_, index) => (
    <tr key={index} data-testid={skeleton.rowTestId}>
      {Array.from({ length: columnCount }, (_, column) => (
        <td key={column} className={CELL}>
          <Skeleton className={skeleton.className} />
        </td>
      ))}
    </tr>
  ));
}

/**
 * A card-body table that scrolls sideways on a narrow phone. Empty and error texts replace the table, outside the
 * scrolling region, so a phone shows them whole.
 */
export function DataTable<Row>({
  labelledBy,
  columns,
  rows,
  isPending,
  error,
  emptyText,
  getRowKey,
  getRowAttributes,
  minWidthClassName,
  skeleton = { rows: 3, className: 'h-4 w-16' },
  hasSwipeHint = false,
  messagePaddingClassName = 'py-6',
  isBusy,
  caption,
}: DataTableProps<Row>) {
  const t = useTexts(dataTableTexts);
  if (!isPending && (error || rows?.length === 0)) {
    return (
      <p
        className={cn('px-4 text-center text-sm', messagePaddingClassName, error ? 'text-red-700' : 'text-slate-600')}
        role={error ? 'alert' : undefined}
      >
        {error || emptyText}
      </p>
    );
  }
  return (
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-labelledby={labelledBy} aria-busy={isBusy}>
      {hasSwipeHint ? <p className="sticky left-0 px-4 pb-2 text-xs text-slate-600 sm:hidden">{t('swipeHint')}</p> : null}
      <table className={cn('w-full text-left text-sm', minWidthClassName)}>
        {caption ? <caption className="sr-only">{caption}</caption> : null}
        <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={cn(CELL, column.isNumeric && 'text-right')}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {isPending ? (
            <SkeletonRows skeleton={skeleton} columnCount={columns.length} />
          ) : (
            (rows ?? []).map((row, index) => (
              <tr key={getRowKey(row, index)} className="border-t border-slate-100" {...getRowAttributes(row)}>
                {columns.map((column) => (
                  <td key={column.header} className={cn(CELL, column.isNumeric && 'text-right', column.className)}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
