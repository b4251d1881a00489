import type { NoData, UpdatePasswordPayload } from '@tuzo/contracts';
import { callAction, type ApiEnvelope } from '@/lib/api-client';

/** POST updatepassword {curpassword, newpassword, repassword}. */
export function updatePassword(payload: UpdatePasswordPayload): Promise<ApiEnvelope<NoData>> {
  return callAction('updatepassword', { payload });
}
