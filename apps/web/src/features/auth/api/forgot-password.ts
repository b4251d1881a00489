import type { NoData } from '@tuzo/contracts';
import { apiCall, type ApiEnvelope } from '@/lib/api-client';

/** POST forgotpassword: `username` holds a username or an email; the answer is always a generic message. */
export function requestPasswordReset(credential: string): Promise<ApiEnvelope<NoData>> {
  return apiCall('forgotpassword', { method: 'POST', payload: { username: credential } });
}

/** POST resetpassword with the token from the emailed link. */
export function resetPassword(payload: { token: string; newpassword: string; repassword: string }): Promise<ApiEnvelope<NoData>> {
  return apiCall('resetpassword', { method: 'POST', payload });
}
