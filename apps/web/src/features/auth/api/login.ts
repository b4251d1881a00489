import type { LoginData, LoginPayload } from '@tuzo/contracts';
import { callAction, type ApiEnvelope } from '@/lib/api-client';

/** POST login: the credential (username or email) goes in `username`. */
export function login(payload: LoginPayload): Promise<ApiEnvelope<LoginData>> {
  return callAction('login', { payload });
}
