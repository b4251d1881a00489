import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * The web's one form style (docs/decisions/030-one-form-style.md): react-hook-form checked by the contract's zod
 * schema. A form whose fields are the payload uses `zodResolver(Schema)` from @hookform/resolvers; a form whose fields
 * are not the payload's shape (a tick box for `active`, a comma list of days, four option inputs, a target chosen
 * outside the fields, a schema loaded on demand) uses `contractResolver`, which builds the payload first.
 */

/** The options the console's converted forms share: fields are checked when the form is submitted, not as you type. */
export const CHECK_ON_SUBMIT = { mode: 'onSubmit', reValidateMode: 'onSubmit', shouldFocusError: false } as const;

/** A schema given as itself, or loaded on demand (the login form keeps zod out of its first download). */
export type SchemaSource<S extends z.ZodType> = S | (() => Promise<S>);

export interface ContractResolverOptions<Values extends FieldValues> {
  /** The payload the form's fields make; the field values themselves when left out. */
  toPayload?: (values: Values) => unknown;
  /** The form field a message of `path` belongs under; the path's top-level key (or 'form') when left out. */
  fieldOf?: (path: readonly PropertyKey[]) => string;
}

/** The top-level key of a path: `['options', 2]` belongs to `options`, an object-level message to `form`. */
export function topLevelField(path: readonly PropertyKey[]): string {
  return String(path[0] ?? 'form');
}

/** The first message of each field of a failed parse, in the order the schema reports them. */
export function fieldMessages(
  issues: z.ZodError['issues'],
  fieldOf: (path: readonly PropertyKey[]) => string = topLevelField,
): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const issue of issues) messages[fieldOf(issue.path)] ??= issue.message;
  return messages;
}

/**
 * A react-hook-form resolver that checks `toPayload(values)` with the contract's schema: on success the submit
 * handler receives the parsed payload; on failure each field shows the first message the schema gave for it.
 */
export function contractResolver<Values extends FieldValues, S extends z.ZodType>(
  schema: SchemaSource<S>,
  options: ContractResolverOptions<Values> = {},
): Resolver<Values, unknown, z.output<S>> {
  return async (values) => {
    const contract = typeof schema === 'function' ? await schema() : schema;
    const parsed = contract.safeParse(options.toPayload ? options.toPayload(values) : values);
    if (parsed.success) return { values: parsed.data, errors: {} };
    const errors: Record<string, FieldError> = {};
    for (const [field, message] of Object.entries(fieldMessages(parsed.error.issues, options.fieldOf))) {
      errors[field] = { type: 'validate', message };
    }
    return { values: {}, errors: errors as FieldErrors<Values> };
  };
}

/** The message of each field with an error, for `Field`'s `error` prop: `{ title: 'The title is required' }`. */
export function errorTexts(errors: Partial<Record<string, { message?: unknown } | undefined>>): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const [field, error] of Object.entries(errors)) {
    if (typeof error?.message === 'string' && error.message !== '') texts[field] = error.message;
  }
  return texts;
}

/** A filter form's values without the empty ones: an empty field means "no filter", so it is not sent. */
export function filledFields<Values extends Record<string, string | undefined>>(values: Values): Partial<Values> {
  const filled: Partial<Values> = {};
  for (const [key, value] of Object.entries(values) as Array<[keyof Values, Values[keyof Values]]>) {
    if (value !== undefined && value !== '') filled[key] = value;
  }
  return filled;
}
