import type { ReactNode } from 'react';
import { TableCard, type TableCardProps } from '@/components/ui/table-card';

/** A content tab: the operator's add-or-edit card (null for support staff) over the tab's list. */
export function ContentTab<Row>({ editor, ...list }: { editor: ReactNode } & TableCardProps<Row>) {
  return (
    <div className="flex flex-col gap-4">
      {editor}
      <TableCard {...list} />
    </div>
  );
}
