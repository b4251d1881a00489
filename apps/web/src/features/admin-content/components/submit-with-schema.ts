import toast from 'react-hot-toast';
import type { z } from 'zod';
import { errorMessage, failureText, isApiError, showErrorToast } from '@/lib/api-client';

export type FieldErrors = Record<string, string>;

/** The first message of each field (by its top-level key) of a failed parse. */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) errors[String(issue.path[0] ?? 'form')] ??= issue.message;
  return errors;
}

/**
 * Checks `values` with the contract's schema, then sends them; answers the field errors to show (empty on success).
 * The server's own refusals (a missing file, a conflict) are shown under `serverField`.
 */
export async function submitWithSchema<S extends z.ZodType>(input: {
  schema: S;
  values: unknown;
  send: (payload: Record<string, unknown>) => Promise<unknown>;
  serverField: string;
  failed: string;
}): Promise<FieldErrors | null> {
  const parsed = input.schema.safeParse(input.values);
  if (!parsed.success) return fieldErrorsOf(parsed.error);
  try {
    await input.send(input.values as Record<string, unknown>);
    return null;
  } catch (error) {
    if (isApiError(error, 'VALIDATION_FAILED', 'CONFLICT', 'NOT_FOUND')) return { [input.serverField]: error.msg };
    showErrorToast(failureText(error, { failed: input.failed, thrown: errorMessage(error) }) ?? input.failed);
    return {};
  }
}

/** Retire or restore one item, with a toast either way. */
export async function toggleActive(input: {
  send: (payload: { id: string; active: boolean }) => Promise<unknown>;
  id: string;
  active: boolean;
  noun: string;
}): Promise<void> {
  try {
    await input.send({ id: input.id, active: input.active });
    toast.success(`${input.noun} ${input.active ? 'restored' : 'retired'}`);
  } catch (error) {
    showErrorToast(
      failureText(error, { failed: `The ${input.noun.toLowerCase()} was not changed`, thrown: errorMessage(error) }) ??
        'Not changed',
    );
  }
}
