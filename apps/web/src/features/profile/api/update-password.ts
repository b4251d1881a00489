import type { NoData, UpdatePasswordPayload } from '@tuzo/contracts';
import { apiCall, type ApiEnvelope } from '@/lib/api-client';

/** POST updatepassword {curpassword, newpassword, repassword}. */
export function updatePassword(payload: UpdatePasswordPayload): Promise<ApiEnvelope<NoData>> {
  return apiCall('updatepassword', { method: 'POST', payload });
}
