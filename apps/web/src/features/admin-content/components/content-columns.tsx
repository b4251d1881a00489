import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import type { DataTableColumn } from '@/components/ui/data-table';
import { toggleActive } from './content-actions';

/** The "State" column: a green badge while the row is active, a grey one otherwise ("Retired", "Hidden"). */
export function stateColumn<Row extends { active: boolean }>(activeLabel: string, inactiveLabel: string): DataTableColumn<Row> {
  return {
    header: 'State',
    cell: (row) => <Badge tone={row.active ? 'success' : 'neutral'}>{row.active ? activeLabel : inactiveLabel}</Badge>,
  };
}

/** The "Actions" column, for operators only (support staff read the lists). */
export function actionsColumn<Row>(isOperator: boolean, cell: (row: Row) => ReactNode): Array<DataTableColumn<Row>> {
  return isOperator ? [{ header: 'Actions', cell }] : [];
}

/** Edit: puts the row into the tab's editor. */
export function EditButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button size="sm" variant="outline" onClick={onClick} aria-label={label}>
      Edit
    </Button>
  );
}

/** Retire or Restore, with a toast either way. */
export function RetireButton(props: {
  id: string;
  active: boolean;
  /** "Video", "Ad": the toast's subject. */
  noun: string;
  send: (payload: { id: string; active: boolean }) => Promise<unknown>;
  isPending: boolean;
}) {
  return (
    <Button
      size="sm"
      variant="outline"
      disabled={props.isPending}
      onClick={() => void toggleActive({ send: props.send, id: props.id, active: !props.active, noun: props.noun })}
    >
      {props.active ? 'Retire' : 'Restore'}
    </Button>
  );
}
