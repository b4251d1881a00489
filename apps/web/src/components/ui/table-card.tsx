import type { ReactNode } from 'react';
import { failureText } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { Card, CardContent, CardHeader, CardTitle } from './card';
import { DataTable, type DataTableProps } from './data-table';

export interface TableCardProps<Row> extends Omit<DataTableProps<Row>, 'labelledBy'> {
  title: ReactNode;
  /** The title's id: names the table's scrolling region. */
  titleId: string;
  /** Shown beside the title, on its line (an export button). */
  titleAside?: ReactNode;
  /** Shown in the header after the title: a description, a filter, an export button. */
  headerExtra?: ReactNode;
  headerClassName?: string;
  /** Shown under the table: usually its pager. */
  children?: ReactNode;
  className?: string;
}

/** A titled card whose body is one full-width `DataTable` (and, under it, its pager): the console's list card. */
export function TableCard<Row>({
  title,
  titleId,
  titleAside,
  headerExtra,
  headerClassName,
  children,
  className,
  ...table
}: TableCardProps<Row>) {
  return (
    <Card className={className}>
      <CardHeader className={cn(headerClassName)}>
        {titleAside ? (
          <div className="flex items-center justify-between gap-3">
            <CardTitle id={titleId}>{title}</CardTitle>
            {titleAside}
          </div>
        ) : (
          <CardTitle id={titleId}>{title}</CardTitle>
        )}
        {headerExtra}
      </CardHeader>
      <CardContent className="px-0 sm:px-0">
        <DataTable labelledBy={titleId} {...table} />
        {children}
      </CardContent>
    </Card>
  );
}

/** A list's load failure as its table shows it: the server's message, else `text`; nothing while it loads. */
export function listError(error: unknown, text: string): string | null {
  return error ? failureText(error, { failed: text, thrown: text }) : null;
}
