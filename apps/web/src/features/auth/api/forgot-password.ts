import type { ActionPayload, NoData } from '@tuzo/contracts';
import { callAction, type ApiEnvelope } from '@/lib/api-client';

/** POST forgotpassword: `username` holds a username or an email; the answer is always a generic message. */
export function requestPasswordReset(credential: string): Promise<ApiEnvelope<NoData>> {
  return callAction('forgotpassword', { payload: { username: credential } });
}

/** POST resetpassword with the token from the emailed link. */
export function resetPassword(payload: ActionPayload<'resetpassword'>): Promise<ApiEnvelope<NoData>> {
  return callAction('resetpassword', { payload });
}
