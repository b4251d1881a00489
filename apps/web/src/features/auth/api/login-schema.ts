import type { LoginPayload } from '@tuzo/contracts';
import { fieldMessages } from '@/lib/form';

/** The login form's fields: the code field shows only after the server asked for it (TOTP_REQUIRED). */
export interface LoginFields {
  username: string;
  password: string;
  totp: string;
}

let schemaPromise: Promise<typeof import('@tuzo/contracts').LoginPayloadSchema> | null = null;

/**
 * The login contract (LoginPayloadSchema) is loaded on demand: the contracts bring zod (about 27 kB gzipped),
 * which is most of what /login would otherwise download before the member can type. The form preloads it on
 * first focus, so it is ready by the time the member presses Login.
 */
export function preloadLoginSchema() {
  schemaPromise ??= import('@tuzo/contracts').then((contracts) => contracts.LoginPayloadSchema);
  schemaPromise.catch(() => {
    schemaPromise = null;
  });
  return schemaPromise;
}

/** The payload the fields make: the code (trimmed) only once the server asked for one and only when typed. */
export function toLoginPayload(fields: LoginFields, needsTotp: boolean): LoginPayload {
  const totp = fields.totp.trim();
  return { username: fields.username, password: fields.password, ...(needsTotp && totp !== '' ? { totp } : {}) };
}

/** The fields checked with the contract (loaded on demand): the parsed payload, or the first message of each field. */
export async function checkLogin(
  fields: LoginFields,
  needsTotp: boolean,
): Promise<{ payload: LoginPayload; errors?: undefined } | { payload?: undefined; errors: Record<string, string> }> {
  const schema = await preloadLoginSchema();
  const parsed = schema.safeParse(toLoginPayload(fields, needsTotp));
  return parsed.success ? { payload: parsed.data } : { errors: fieldMessages(parsed.error.issues) };
}
