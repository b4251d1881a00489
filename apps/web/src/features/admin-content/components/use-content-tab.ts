import { useState, type FormEvent } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import { CHECK_ON_SUBMIT, contractResolver, errorTexts } from '@/lib/form';
import { useStaffRole } from '@/lib/staff-role';
import { saveContent } from './content-actions';

export interface ContentTabOptions<Row, Fields extends FieldValues, Payload> {
  /** The contract's save payload schema: checked before anything is sent. */
  schema: z.ZodType;
  /** The form's fields for `editing` (null: a new row). */
  fieldsOf: (editing: Row | null) => Fields;
  /** The payload the fields make; `editing` is the row being edited (null: a new one). Sent as built. */
  toPayload: (fields: Fields, editing: Row | null) => Payload;
  send: (payload: Payload) => Promise<unknown>;
  /** Where the server's own refusals (a conflict, a missing file) are shown. */
  serverField: Path<Fields>;
  /** The toast when the save failed for another reason. */
  failed: string;
  /** The toast after a save. */
  saved: string;
}

/**
 * The list / edit / save / reset flow every content tab shares: operators edit one row at a time (or add a new one),
 * the form (react-hook-form) is checked with the contract's schema, and a save clears the form and leaves edit mode.
 */
export function useContentTab<Row extends { id: string | number }, Fields extends FieldValues, Payload>(
  options: ContentTabOptions<Row, Fields, Payload>,
) {
  const { isOperator } = useStaffRole();
  const [editing, setEditingRow] = useState<Row | null>(null);
  const form = useForm<Fields, unknown, unknown>({
    ...CHECK_ON_SUBMIT,
    resolver: contractResolver(options.schema, { toPayload: (fields: Fields) => options.toPayload(fields, editing) }),
    defaultValues: options.fieldsOf(null) as DefaultValues<Fields>,
  });

  /** Edit `row` (null: back to adding); the form takes its values. */
  function setEditing(row: Row | null) {
    setEditingRow(row);
    form.reset(options.fieldsOf(row));
  }

  // The payload is sent as the fields made it (the server parses it again), as the schema accepted it.
  const onSubmit = form.handleSubmit(async () => {
    const result = await saveContent({
      send: options.send,
      payload: options.toPayload(form.getValues(), editing),
      failed: options.failed,
    });
    if ('refusal' in result) form.setError(options.serverField, { message: result.refusal });
    else if (result.saved) {
      toast.success(options.saved);
      setEditing(null);
    }
  });

  return {
    isOperator,
    editing,
    setEditing,
    form,
    errors: errorTexts(form.formState.errors),
    /** The editor card's wiring: its form remounts per row, submits this form, and Cancel leaves edit mode. */
    editor: {
      formKey: editing?.id ?? 'new',
      onSubmit: (event: FormEvent<HTMLFormElement>) => void onSubmit(event),
      onCancel: editing ? () => setEditing(null) : undefined,
    },
  };
}
