import { Plus, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';

/** A table of editable rows (tariff brackets, wheel segments): its column names and, for editors, a "Remove" column. */
export function EditableRowsTable(props: { caption?: string; headers: string[]; canEdit: boolean; children: ReactNode }) {
  return (
    <div className="overflow-x-auto">
      <table className="text-sm">
        {props.caption ? <caption className="mb-1 text-left text-sm font-medium text-slate-800">{props.caption}</caption> : null}
        <thead>
          <tr className="text-left text-xs text-slate-500">
            {props.headers.map((header) => (
              <th key={header} scope="col" className="pr-2 font-medium">
                {header}
              </th>
            ))}
            {props.canEdit ? (
              <th scope="col" className="sr-only">
                Remove
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>{props.children}</tbody>
      </table>
    </div>
  );
}

/** The row's remove button, for editors only. */
export function RemoveRowCell(props: { canEdit: boolean; label: string; onRemove: () => void; disabled?: boolean }) {
  if (!props.canEdit) return null;
  return (
    <td>
      <Button size="icon" variant="ghost" aria-label={props.label} onClick={props.onRemove} disabled={props.disabled}>
        <Trash2 className="size-4" aria-hidden="true" />
      </Button>
    </td>
  );
}

/** Under the rows: the form's own error, then (for editors) Add a row and Save. */
export function EditableRowsFooter(props: {
  error: string | undefined;
  canEdit: boolean;
  addLabel: string;
  onAdd: () => void;
  addDisabled?: boolean;
  saveLabel: string;
  isSaving: boolean;
  saveDisabled: boolean;
}) {
  return (
    <>
      {props.error ? <Alert tone="error">{props.error}</Alert> : null}
      {props.canEdit ? (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" onClick={props.onAdd} disabled={props.addDisabled}>
            <Plus className="size-4" aria-hidden="true" /> {props.addLabel}
          </Button>
          <Button type="submit" size="sm" disabled={props.saveDisabled}>
            {props.isSaving ? 'Saving...' : props.saveLabel}
          </Button>
        </div>
      ) : null}
    </>
  );
}
