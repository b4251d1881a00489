import type { FormEvent, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

/**
 * The add-or-edit card every content tab shows operators: a titled form of the tab's fields, the optional
 * active/shown tick, the submit button and, while editing, Cancel. `formKey` remounts the form's inputs when the row
 * changes; they take the values the tab's form was reset to.
 */
export function ContentEditor(props: {
  title: string;
  formLabel: string;
  formKey: string | number;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  submitLabel: string;
  isPending: boolean;
  /** Shown while editing. */
  onCancel?: () => void;
  /** The "active" tick (`form.register('active')`) and its label; left out when the content has no active state. */
  active?: { field: UseFormRegisterReturn; label: string };
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{props.title}</CardTitle>
      </CardHeader>
      <CardContent>
        <form
          key={props.formKey}
          onSubmit={props.onSubmit}
          noValidate
          aria-label={props.formLabel}
          className="grid gap-3 sm:grid-cols-2"
        >
          {props.children}
          {props.active ? (
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" className="size-4" {...props.active.field} />
              {props.active.label}
            </label>
          ) : null}
          <div className="flex gap-2 sm:col-span-2">
            <Button type="submit" disabled={props.isPending}>
              {props.submitLabel}
            </Button>
            {props.onCancel ? (
              <Button variant="outline" onClick={props.onCancel}>
                Cancel
              </Button>
            ) : null}
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
