import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import { useStaffRole } from '@/lib/staff-role';
import { submitWithSchema, type FieldErrors } from './submit-with-schema';

export interface ContentTabOptions<Row> {
  /** The contract's save payload schema: checked before anything is sent. */
  schema: z.ZodType;
  send: (payload: Record<string, unknown>) => Promise<unknown>;
  /** The payload from the form's fields; `editing` is the row being edited (null: a new one). */
  toPayload: (values: FormData, editing: Row | null) => Record<string, unknown>;
  /** Where the server's own refusals (a conflict, a missing file) are shown. */
  serverField: string;
  /** The toast when the save failed for another reason. */
  failed: string;
  /** The toast after a save. */
  saved: string;
  /** Called after a save, after the form was cleared. */
  onSaved?: () => void;
}

/**
 * The list / edit / save / reset flow every content tab shares: operators edit one row at a time (or add a new one),
 * the form is checked with the contract's schema, and a save clears the form and leaves edit mode.
 */
export function useContentTab<Row>(options: ContentTabOptions<Row>) {
  const { isOperator } = useStaffRole();
  const [editing, setEditing] = useState<Row | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const result = await submitWithSchema({
      schema: options.schema,
      values: options.toPayload(new FormData(form), editing),
      send: options.send,
      serverField: options.serverField,
      failed: options.failed,
    });
    setErrors(result ?? {});
    if (result === null) {
      toast.success(options.saved);
      form.reset();
      options.onSaved?.();
      setEditing(null);
    }
  }

  return {
    isOperator,
    editing,
    setEditing,
    errors,
    setErrors,
    onSubmit: (event: FormEvent<HTMLFormElement>) => void submit(event),
  };
}
