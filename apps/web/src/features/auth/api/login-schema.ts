import type { LoginPayload } from '@tuzo/contracts';

export type LoginErrors = Partial<Record<keyof LoginPayload, string>>;

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

/** Validates with the contract: the parsed payload, or the first message of each field. */
export async function validateLogin(values: LoginPayload): Promise<{ payload: LoginPayload } | { errors: LoginErrors }> {
  const schema = await preloadLoginSchema();
  const parsed = schema.safeParse(values);
  if (parsed.success) return { payload: parsed.data };
  const errors: LoginErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof LoginPayload;
    errors[field] ??= issue.message;
  }
  return { errors };
}
