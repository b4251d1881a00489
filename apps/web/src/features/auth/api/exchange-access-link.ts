import type { AccessExchangePayload, LoginData } from '@tuzo/contracts';
import { apiCall, type ApiEnvelope } from '@/lib/api-client';

/**
 * POST accessexchange {token, switch?}: spends an access link for a session. The browser's current token rides in
 * the Authorization header as on every call, so the server can answer SIGNED_IN_AS_OTHER instead of replacing it.
 */
export function exchangeAccessLink(payload: AccessExchangePayload): Promise<ApiEnvelope<LoginData>> {
  return apiCall<LoginData>('accessexchange', { method: 'POST', payload });
}
